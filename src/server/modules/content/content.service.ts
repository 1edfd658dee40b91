import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminMessage, AdminMessagePage, AdminMessagesQuery } from '../../../contracts/admin-lists.contract';
import type { contactMessageSchema } from '../../../contracts/content.contract';
import type { Db, DbOrTx } from '../../platform/db';
import { orderOf, pageWindow, searchOf } from '../../platform/list-query';
import { notify } from '../notifications';
import { contactMessages } from './content.tables';

export type CreateContactMessageArgs = {
  db: Db;
  input: z.output<typeof contactMessageSchema>;
  userId: string | null;
  ip: string;
};

/** Stores a message sent through the contact form and tells the super admin, in one transaction. */
export async function createContactMessage({
  db,
  input,
  userId,
  ip,
}: CreateContactMessageArgs): Promise<{ id: string; createdAt: Date }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, userId, ipAddress: ip })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    await notify(tx, {
      kind: 'admin-contact-message',
      to: 'admin',
      data: { name: input.name, email: input.email, subject: input.subject },
    });
    return row;
  });
}

/** Marks a contact message read or unread; answers whether it exists. */
export async function setContactMessageRead(
  db: DbOrTx,
  { messageId, isRead }: { messageId: string; isRead: boolean },
): Promise<boolean> {
  const rows = await db
    .update(contactMessages)
    .set({ isRead })
    .where(eq(contactMessages.id, messageId))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

const sorts = { createdAt: contactMessages.createdAt, name: contactMessages.name, type: contactMessages.type };

function where(query: AdminMessagesQuery) {
  const search = searchOf(
    query.q,
    [contactMessages.name, contactMessages.email, contactMessages.subject],
    [contactMessages.id],
  );
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

/** The super admin's Messages tab: contact messages, newest first unless sorted otherwise, with the unread count. */
export async function listContactMessages({
  db,
  query,
  forExport = false,
}: {
  db: Db;
  query: AdminMessagesQuery;
  forExport?: boolean;
}): Promise<AdminMessagePage> {
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
  return {
    items: rows.map(toItem),
    total: Number(total),
    unread: Number(unread),
    page: query.page,
    pageSize: query.pageSize,
  };
}
