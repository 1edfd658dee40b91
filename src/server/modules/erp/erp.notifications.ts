import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { erpNotifications } from './erp.tables';

export type ErpNotificationKind = 'task_assigned' | 'timesheet_approved' | 'timesheet_rejected';

/** Leaves a notification for an employee, inside the caller's transaction when given one. */
export async function notifyEmployee(
  db: DbOrTx,
  n: { employeeId: string; kind: ErpNotificationKind; message: string },
): Promise<void> {
  await db.insert(erpNotifications).values(n);
}

/** The employee's 20 latest notifications and how many are unread. */
export async function listNotifications(db: DbOrTx, employeeId: string) {
  const [items, [{ unread }]] = await Promise.all([
    db
      .select({
        id: erpNotifications.id,
        kind: erpNotifications.kind,
        message: erpNotifications.message,
        readAt: erpNotifications.readAt,
        createdAt: erpNotifications.createdAt,
      })
      .from(erpNotifications)
      .where(eq(erpNotifications.employeeId, employeeId))
      .orderBy(desc(erpNotifications.createdAt), desc(erpNotifications.id))
      .limit(20),
    db
      .select({ unread: sql<number>`count(*)::int` })
      .from(erpNotifications)
      .where(and(eq(erpNotifications.employeeId, employeeId), isNull(erpNotifications.readAt))),
  ]);
  return {
    unread: Number(unread),
    items: items.map((n) => ({
      ...n,
      kind: n.kind as ErpNotificationKind,
      read: n.readAt !== null,
      createdAt: n.createdAt.toISOString(),
    })),
  };
}

/** Marks all of the employee's notifications read. */
export async function markNotificationsRead(db: DbOrTx, employeeId: string): Promise<void> {
  await db
    .update(erpNotifications)
    .set({ readAt: new Date() })
    .where(and(eq(erpNotifications.employeeId, employeeId), isNull(erpNotifications.readAt)));
}
