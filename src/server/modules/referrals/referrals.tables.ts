import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from '../../platform/columns';
import { users } from '../auth/auth.tables';

export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    referrerUserId: uuid('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserType: text('referred_user_type').notNull(),
    referralCode: text('referral_code').notNull(),
    status: text('status').notNull().default('active'),
    pointsAwarded: integer('points_awarded').notNull().default(0),
    qualificationDate: tstz('qualification_date'),
    redemptionDate: tstz('redemption_date'),
    createdAt: createdAt(),
  },
  (t) => [
    // A referred party has at most one referrer.
    uniqueIndex('referrals_referred_unique').on(t.referredUserId),
    index('referrals_referrer_idx').on(t.referrerUserId),
    check('referrals_not_self', sql`${t.referrerUserId} <> ${t.referredUserId}`),
    check('referrals_status_check', sql`${t.status} in ('active', 'qualified', 'redeemed')`),
    check('referrals_type_check', sql`${t.referredUserType} in ('customer', 'vendor', 'merchant')`),
    check('referrals_points_check', sql`${t.pointsAwarded} >= 0`),
  ],
);

/** A single row of thresholds for qualifying a referral. */
export const referralSettings = pgTable(
  'referral_settings',
  {
    id: integer('id').primaryKey().default(1),
    minTransactions: integer('min_transactions').notNull().default(5),
    minTransactionVolumePaise: bigint('min_transaction_volume_paise', { mode: 'number' }).notNull().default(50000),
    referralPointsAwarded: integer('referral_points_awarded').notNull().default(100),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('referral_settings_single_row', sql`${t.id} = 1`),
    check('referral_settings_min_transactions', sql`${t.minTransactions} >= 1`),
    check('referral_settings_volume', sql`${t.minTransactionVolumePaise} >= 0`),
    check('referral_settings_points', sql`${t.referralPointsAwarded} >= 0`),
  ],
);
