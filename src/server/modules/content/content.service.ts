import type { z } from 'zod';
import type { contactMessageSchema } from '../../../contracts/content.contract';
import type { Db } from '../../platform/db';
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
