import type { DbOrTx } from '../../platform/db';
import { systemLogs } from './audit.tables';

/** One audit entry: who (the super admin, an employee, a vendor, the system) did what to which resource, from where. */
export type AuditEntry = {
  actorType: 'admin' | 'employee' | 'vendor' | 'system';
  actorId: string | null;
  action: string;
  resourceType: string;
  resourceId?: string | null;
  newData?: unknown;
  origin?: 'admin_panel' | 'erp' | 'cli' | 'system' | 'vendor_profile';
  ipAddress?: string | null;
  userAgent?: string | null;
};

/** Appends an audit entry in the caller's transaction, so it is written exactly when the change is. */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(systemLogs).values({
    actorType: entry.actorType,
    actorId: entry.actorId,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId ?? null,
    newData: entry.newData ?? null,
    origin: entry.origin ?? 'admin_panel',
    ipAddress: entry.ipAddress ?? null,
    userAgent: entry.userAgent ?? null,
  });
}
