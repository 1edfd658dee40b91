export * from './audit.tables';
export { recordAudit, type AuditEntry } from './audit.service';
