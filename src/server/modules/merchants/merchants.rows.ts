import { QueryBuilder } from 'drizzle-orm/pg-core';
import { merchants, merchantTransactions } from './merchants.tables';

// Read-only row sources over merchants' tables, for other modules' reads that join them in one
// statement (a referral's qualification, the name a referred party goes by, the Merchants tab).
// PostgreSQL pulls a plain subquery up into the join, so the plan is the one a join with the table
// itself gets.

/** Merchants: the business, its contact, its code, its cashback and whether it is verified. */
export const merchantRows = new QueryBuilder()
  .select({
    id: merchants.id,
    userId: merchants.userId,
    name: merchants.name,
    businessName: merchants.businessName,
    referralCode: merchants.referralCode,
    mobileNumber: merchants.mobileNumber,
    email: merchants.email,
    upiId: merchants.upiId,
    cashbackPercentage: merchants.cashbackPercentage,
    isVerified: merchants.isVerified,
    createdAt: merchants.createdAt,
  })
  .from(merchants)
  .as('merchant_rows');

/** The UPI payments merchants recorded: whose, how much, and whether the merchant was verified then. */
export const merchantPaymentRows = new QueryBuilder()
  .select({
    merchantId: merchantTransactions.merchantId,
    transactionAmountPaise: merchantTransactions.transactionAmountPaise,
    recordedWhileVerified: merchantTransactions.recordedWhileVerified,
  })
  .from(merchantTransactions)
  .as('merchant_payment_rows');
