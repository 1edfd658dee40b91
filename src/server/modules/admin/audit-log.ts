import { and, count, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import { describeAuditAction } from '../../../contracts/admin.contract';
import type { AdminAuditEntry, AdminAuditPage, AdminAuditQuery } from '../../../contracts/admin-lists.contract';
import type { Db } from '../../platform/db';
import { systemLogs } from '../audit';
import { adminAccounts } from '../auth';
import { containsPattern, orderOf, pageWindow } from './list-query';

const sorts = { createdAt: systemLogs.createdAt, action: systemLogs.action, resourceType: systemLogs.resourceType };
// India dates: the day starts at midnight in Asia/Kolkata.
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone 'Asia/Kolkata')`;

function where(query: AdminAuditQuery) {
  const q = query.q;
  return and(
    query.action ? eq(systemLogs.action, query.action) : undefined,
    query.resource ? eq(systemLogs.resourceType, query.resource) : undefined,
    query.from ? gte(systemLogs.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(systemLogs.createdAt, sql`${dayStart(query.to)} + interval '1 day'`) : undefined,
    q ? or(ilike(systemLogs.action, containsPattern(q)), ilike(systemLogs.resourceId, containsPattern(q)), ilike(adminAccounts.email, containsPattern(q)), ilike(systemLogs.ipAddress, containsPattern(q))) : undefined,
  );
}

/** The Audit log tab: every entry, filtered by action, resource, India dates and a search, newest first. */
export async function listAuditLog({ db, query, forExport = false }: { db: Db; query: AdminAuditQuery; forExport?: boolean }): Promise<AdminAuditPage> {
  const { limit, offset } = pageWindow(query, forExport);
  const [rows, [{ total }], actions, resources] = await Promise.all([
    db
      .select({ log: systemLogs, email: adminAccounts.email })
      .from(systemLogs)
      .leftJoin(adminAccounts, eq(adminAccounts.id, systemLogs.actorId))
      .where(where(query))
      .orderBy(...orderOf(sorts, query, 'createdAt', systemLogs.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(systemLogs).leftJoin(adminAccounts, eq(adminAccounts.id, systemLogs.actorId)).where(where(query)),
    db.selectDistinct({ v: systemLogs.action }).from(systemLogs).orderBy(systemLogs.action),
    db.selectDistinct({ v: systemLogs.resourceType }).from(systemLogs).orderBy(systemLogs.resourceType),
  ]);
  const items: AdminAuditEntry[] = rows.map(({ log, email }) => ({
    id: log.id,
    createdAt: log.createdAt.toISOString(),
    action: log.action,
    description: describeAuditAction(log.action),
    resourceType: log.resourceType,
    resourceId: log.resourceId,
    actor: email ?? (log.newData as { email?: string } | null)?.email ?? (log.actorType === 'system' ? 'System' : log.actorType),
    ipAddress: log.ipAddress,
    userAgent: log.userAgent,
    newData: log.newData === null ? null : JSON.stringify(log.newData),
    origin: log.origin,
  }));
  return { items, total: Number(total), page: query.page, pageSize: query.pageSize, actions: actions.map((a) => a.v), resources: resources.map((r) => r.v) };
}
