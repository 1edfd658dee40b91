import { QueryBuilder } from 'drizzle-orm/pg-core';
import { systemLogs } from './audit.tables';

// Read-only row sources over audit's tables, for other modules' reads that join them in one
// statement. PostgreSQL pulls a plain subquery up into the join, so the plan is the one a join with
// the table itself gets.

/** Audit entries: who did what to which resource, when and from where. */
export const auditLogRows = new QueryBuilder()
  .select({
    id: systemLogs.id,
    actorType: systemLogs.actorType,
    actorId: systemLogs.actorId,
    action: systemLogs.action,
    resourceType: systemLogs.resourceType,
    resourceId: systemLogs.resourceId,
    newData: systemLogs.newData,
    origin: systemLogs.origin,
    ipAddress: systemLogs.ipAddress,
    userAgent: systemLogs.userAgent,
    createdAt: systemLogs.createdAt,
  })
  .from(systemLogs)
  .as('audit_log_rows');
