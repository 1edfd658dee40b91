import { pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/** Which process runs each scheduled job, until when: one process at a time across all of them. */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  until: tstz('until').notNull(),
});
