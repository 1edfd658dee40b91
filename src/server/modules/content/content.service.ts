import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { contactMessageSchema } from '../../../contracts/content.contract';
import type { Db, DbOrTx } from '../../platform/db';
import { contactMessages } from './content.tables';

export type CreateContactMessageArgs = { db: Db; input: z.output<typeof contactMessageSchema>; userId: string | null; ip: string };

/** Stores a message sent through the contact form. */
export async function createContactMessage({ db, input, userId, ip }: CreateContactMessageArgs): Promise<{ id: string; createdAt: Date }> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, userId, ipAddress: ip })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  return row;
}

/** Marks a contact message read or unread; answers whether it exists. */
export async function setContactMessageRead(db: DbOrTx, { messageId, isRead }: { messageId: string; isRead: boolean }): Promise<boolean> {
  const rows = await db.update(contactMessages).set({ isRead }).where(eq(contactMessages.id, messageId)).returning({ id: contactMessages.id });
  return rows.length > 0;
}
