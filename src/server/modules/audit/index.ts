export { recordAudit, type AuditEntry } from './audit.service';
export { auditChanges, SECRET_CHANGED, type FieldChange } from './audit.changes';
export { auditLogRows } from './audit.rows';
