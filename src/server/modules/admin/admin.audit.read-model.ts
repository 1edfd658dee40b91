import { and, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import { describeAuditAction } from '../../../contracts/admin.contract';
import type { AdminAuditEntry, AdminAuditPage, AdminAuditQuery } from '../../../contracts/admin-lists.contract';
import type { Db, DbOrTx } from '../../platform/db';
import { containsPattern, orderOf, pageWindow } from '../../platform/list-query';
import { auditLogRows as logs } from '../audit';
import { adminAccountRows as admins } from '../auth';

// The Audit log tab and the overview's latest entries: audit entries (audit) with the acting
// admin's email (auth), filtered, sorted and paged in one statement through their owners' row
// sources. Read-only.

const auditSorts = { createdAt: logs.createdAt, action: logs.action, resourceType: logs.resourceType };
// India dates: the day starts at midnight in Asia/Kolkata.
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone 'Asia/Kolkata')`;

function auditWhere(query: AdminAuditQuery) {
  const q = query.q;
  return and(
    query.action ? eq(logs.action, query.action) : undefined,
    query.resource ? eq(logs.resourceType, query.resource) : undefined,
    query.actor ? and(eq(logs.actorType, 'admin'), eq(logs.actorId, query.actor)) : undefined,
    query.from ? gte(logs.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(logs.createdAt, sql`${dayStart(query.to)} + interval '1 day'`) : undefined,
    q
      ? or(
          ilike(logs.action, containsPattern(q)),
          ilike(logs.resourceId, containsPattern(q)),
          ilike(admins.email, containsPattern(q)),
          ilike(logs.ipAddress, containsPattern(q)),
        )
      : undefined,
  );
}

/** Who an entry names as its actor: the admin's email, else the email it recorded, else its kind of actor. */
const actorOf = (email: string | null, newData: unknown, actorType: string, unknown: string) =>
  email ?? (newData as { email?: string } | null)?.email ?? (actorType === 'system' ? 'System' : unknown);

/** The Audit log tab: every entry, filtered by action, resource, India dates and a search, newest first. */
export async function listAuditLog({
  db,
  query,
  forExport = false,
}: {
  db: Db;
  query: AdminAuditQuery;
  forExport?: boolean;
}): Promise<AdminAuditPage> {
  const { limit, offset } = pageWindow(query, forExport);
  const [rows, [{ total }], actions, resources] = await Promise.all([
    db
      .select({ log: logs._.selectedFields, email: admins.email })
      .from(logs)
      .leftJoin(admins, eq(admins.id, logs.actorId))
      .where(auditWhere(query))
      .orderBy(...orderOf(auditSorts, query, 'createdAt', logs.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(logs).leftJoin(admins, eq(admins.id, logs.actorId)).where(auditWhere(query)),
    db.selectDistinct({ v: logs.action }).from(logs).orderBy(logs.action),
    db.selectDistinct({ v: logs.resourceType }).from(logs).orderBy(logs.resourceType),
  ]);
  const items: AdminAuditEntry[] = rows.map(({ log, email }) => ({
    id: log.id,
    createdAt: log.createdAt.toISOString(),
    action: log.action,
    description: describeAuditAction(log.action),
    resourceType: log.resourceType,
    resourceId: log.resourceId,
    actor: actorOf(email, log.newData, log.actorType, log.actorType),
    ipAddress: log.ipAddress,
    userAgent: log.userAgent,
    newData: log.newData === null ? null : JSON.stringify(log.newData),
    origin: log.origin,
  }));
  return {
    items,
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
    actions: actions.map((a) => a.v),
    resources: resources.map((r) => r.v),
  };
}

/** The overview's latest ten entries, newest first. */
export async function recentAuditActivity(
  db: DbOrTx,
): Promise<{ id: string; description: string; user: string; timestamp: string }[]> {
  const activity = await db
    .select({
      id: logs.id,
      action: logs.action,
      actorType: logs.actorType,
      email: admins.email,
      newData: logs.newData,
      createdAt: logs.createdAt,
    })
    .from(logs)
    .leftJoin(admins, eq(admins.id, logs.actorId))
    .orderBy(desc(logs.createdAt))
    .limit(10);
  return activity.map((a) => ({
    id: a.id,
    description: describeAuditAction(a.action),
    user: actorOf(a.email, a.newData, a.actorType, 'Unknown'),
    timestamp: a.createdAt.toISOString(),
  }));
}
