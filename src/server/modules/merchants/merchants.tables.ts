import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from '../../platform/columns';
import { users } from '../auth/auth.tables';
import { rewardsTransactions } from '../rewards/rewards.tables';

export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    businessName: text('business_name').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    upiId: text('upi_id').notNull(),
    email: text('email').notNull(),
    whatsappNumber: text('whatsapp_number'),
    website: text('website'),
    cashbackPercentage: numeric('cashback_percentage', { precision: 5, scale: 2, mode: 'number' }).notNull().default(2),
    referralCode: text('referral_code').notNull(),
    referredByUserId: uuid('referred_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    isVerified: boolean('is_verified').notNull().default(false),
    /** When the super admin last took the verification away (null once verified again): the dashboard says so. */
    unverifiedAt: tstz('unverified_at'),
    /** The pending cashback points that unverifying voided, shown with it. */
    cashbackVoidedPoints: integer('cashback_voided_points'),
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('merchants_user_unique').on(t.userId),
    uniqueIndex('merchants_referral_code_unique').on(t.referralCode),
    check('merchants_cashback_check', sql`${t.cashbackPercentage} >= 0 and ${t.cashbackPercentage} <= 100`),
    check('merchants_referral_code_format', sql`${t.referralCode} ~ '^MERCH[A-Z0-9]{6}$'`),
  ],
);

/** UPI payments a merchant received from a customer, with the cashback the customer earned. */
export const merchantTransactions = pgTable(
  'merchant_transactions',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerUserId: uuid('customer_user_id').references(() => users.id, { onDelete: 'set null' }),
    customerContact: text('customer_contact').notNull(),
    transactionAmountPaise: bigint('transaction_amount_paise', { mode: 'number' }).notNull(),
    cashbackAmountPaise: bigint('cashback_amount_paise', { mode: 'number' }).notNull().default(0),
    cashbackPoints: integer('cashback_points').notNull().default(0),
    upiReference: text('upi_reference'),
    /** The day the customer paid, as the merchant entered it (rows recorded before it existed have none). */
    paidOn: date('paid_on', { mode: 'string' }),
    /** The customer's pending 'cashback' ledger row for this payment; none when the cashback was 0 points. */
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => rewardsTransactions.id),
    /** The merchant was verified by the super admin when this payment was recorded: only such payments count toward a referral. */
    recordedWhileVerified: boolean('recorded_while_verified').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('merchant_transactions_merchant_idx').on(t.merchantId, t.createdAt),
    index('merchant_transactions_customer_idx').on(t.customerUserId),
    // A UPI payment is recorded once, by one merchant: a reference is unique across all merchants.
    uniqueIndex('merchant_transactions_upi_reference_unique')
      .on(t.upiReference)
      .where(sql`${t.upiReference} is not null`),
    check('merchant_transactions_amount_check', sql`${t.transactionAmountPaise} > 0`),
    check('merchant_transactions_cashback_check', sql`${t.cashbackAmountPaise} >= 0 and ${t.cashbackPoints} >= 0`),
  ],
);
