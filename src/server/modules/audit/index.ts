export { recordAudit, type AuditEntry } from './audit.service';
