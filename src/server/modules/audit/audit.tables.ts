import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/columns';

/** Who did what, when and from where: every mutating admin action. */
export const systemLogs = pgTable(
  'system_logs',
  {
    id: id(),
    actorType: text('actor_type').notNull(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    newData: jsonb('new_data'),
    origin: text('origin').notNull().default('admin_panel'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('system_logs_created_idx').on(t.createdAt)],
);
