import { QueryBuilder } from 'drizzle-orm/pg-core';
import { referralPaid } from './referrals.admin';
import { referrals } from './referrals.tables';

// Read-only row sources over referrals' tables, for other modules' reads that join them in one
// statement. PostgreSQL pulls a plain subquery up into the join, so the plan is the one a join with
// the table itself gets.

/** Referrals: who referred whom, with which code, how far it got, and whether its reward was paid. */
export const referralRows = new QueryBuilder()
  .select({
    id: referrals.id,
    referrerUserId: referrals.referrerUserId,
    referredUserId: referrals.referredUserId,
    referredUserType: referrals.referredUserType,
    referralCode: referrals.referralCode,
    status: referrals.status,
    pointsAwarded: referrals.pointsAwarded,
    createdAt: referrals.createdAt,
    qualificationDate: referrals.qualificationDate,
    redemptionDate: referrals.redemptionDate,
    rewardPaid: referralPaid.as('reward_paid'),
  })
  .from(referrals)
  .as('referral_rows');
