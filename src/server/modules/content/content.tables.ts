import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/columns';

/** Messages sent through the contact form; the super admin reads them in the panel. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    type: text('type').notNull().default('general'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    userId: uuid('user_id'),
    ipAddress: text('ip_address'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    check('contact_messages_type_check', sql`${t.type} in ('general', 'support', 'vendor', 'feedback')`),
  ],
);
