import { and, count, eq, ilike, or } from 'drizzle-orm';
import type { AdminMessage, AdminMessagePage, AdminMessagesQuery } from '../../../contracts/admin-lists.contract';
import { AppError } from '../../platform/app-error';
import type { AdminUser } from '../../platform/auth-guards';
import type { Db } from '../../platform/db';
import { recordAudit } from '../audit';
import { contactMessages, setContactMessageRead } from '../content';
import { containsPattern, idStartsWith, orderOf, pageWindow } from './list-query';

const sorts = { createdAt: contactMessages.createdAt, name: contactMessages.name, type: contactMessages.type };

function where(query: AdminMessagesQuery) {
  const q = query.q;
  const search = q
    ? or(ilike(contactMessages.name, containsPattern(q)), ilike(contactMessages.email, containsPattern(q)), ilike(contactMessages.subject, containsPattern(q)), idStartsWith(contactMessages.id, q))
    : undefined;
  const read = query.read === 'all' ? undefined : eq(contactMessages.isRead, query.read === 'read');
  return and(search, read);
}

const toItem = (m: typeof contactMessages.$inferSelect): AdminMessage => ({
  id: m.id,
  name: m.name,
  email: m.email,
  type: m.type,
  subject: m.subject,
  message: m.message,
  isRead: m.isRead,
  createdAt: m.createdAt.toISOString(),
});

/** The Messages tab: contact messages, newest first unless sorted otherwise, with the unread count. */
export async function listAdminMessages({ db, query, forExport = false }: { db: Db; query: AdminMessagesQuery; forExport?: boolean }): Promise<AdminMessagePage> {
  const { limit, offset } = pageWindow(query, forExport);
  const [rows, [{ total }], [{ unread }]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where(query))
      .orderBy(...orderOf(sorts, query, 'createdAt', contactMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(contactMessages).where(where(query)),
    db.select({ unread: count() }).from(contactMessages).where(eq(contactMessages.isRead, false)),
  ]);
  return { items: rows.map(toItem), total: Number(total), unread: Number(unread), page: query.page, pageSize: query.pageSize };
}

/** Marks a message read or unread (not sensitive: no code), recorded in the audit log. */
export async function markAdminMessage({ db, admin, messageId, isRead, from }: { db: Db; admin: AdminUser; messageId: string; isRead: boolean; from: { ip: string; userAgent: string | null } }): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await setContactMessageRead(tx, { messageId, isRead }))) throw new AppError('NOT_FOUND', 'Message not found');
    await recordAudit(tx, { actorType: 'admin', actorId: admin.id, action: isRead ? 'message_read' : 'message_unread', resourceType: 'contact_message', resourceId: messageId, ipAddress: from.ip, userAgent: from.userAgent });
  });
}
