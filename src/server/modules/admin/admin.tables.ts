import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { adminAccounts } from '../auth/auth.tables';
import { createdAt, id, tstz, updatedAt } from '../../platform/columns';

/** Two people for money out: above this amount a payout or withdrawal needs a second approval; null, off. */
export const moneyOutSettings = pgTable(
  'money_out_settings',
  {
    id: integer('id').primaryKey().default(1),
    twoPersonAbovePaise: bigint('two_person_above_paise', { mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('money_out_settings_single_row', sql`${t.id} = 1`),
    check('money_out_settings_amount_check', sql`${t.twoPersonAbovePaise} is null or ${t.twoPersonAbovePaise} >= 0`),
  ],
);

/**
 * The promotions' fresh-code amount (Settings): saving a promotion Haat pays for that can take more
 * than this off one order needs a fresh authenticator code. No row: PROMOTION_FRESH_CODE_ABOVE_RUPEES.
 */
export const promotionSettings = pgTable(
  'promotion_settings',
  {
    id: integer('id').primaryKey().default(1),
    freshCodeAbovePaise: bigint('fresh_code_above_paise', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('promotion_settings_single_row', sql`${t.id} = 1`),
    check('promotion_settings_amount_check', sql`${t.freshCodeAbovePaise} >= 0`),
  ],
);

/**
 * A payout or withdrawal above the amount, prepared by one staff member and approved by another
 * (never the same one): one row per thing paid, kept as the record of both.
 */
export const moneyOutApprovals = pgTable(
  'money_out_approvals',
  {
    id: id(),
    kind: text('kind').notNull(),
    resourceId: uuid('resource_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** What the one who prepared it entered (the bank or UPI reference), used when the second approves. */
    reference: text('reference'),
    preparedBy: uuid('prepared_by')
      .notNull()
      .references(() => adminAccounts.id),
    approvedBy: uuid('approved_by').references(() => adminAccounts.id),
    approvedAt: tstz('approved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('money_out_approvals_resource_unique').on(t.kind, t.resourceId),
    check('money_out_approvals_kind_check', sql`${t.kind} in ('payout', 'withdrawal')`),
    check('money_out_approvals_two_people', sql`${t.approvedBy} is null or ${t.approvedBy} <> ${t.preparedBy}`),
  ],
);
