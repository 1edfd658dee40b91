import { z } from 'zod';
import type { Role } from './auth.contract';
import { pageSchema } from './common.contract';

// ---- Everyone's own referrals (/api/referrals): the code, its link, and the referrals made

export const referralStatuses = ['active', 'qualified', 'redeemed'] as const;
export const referredTypes = ['customer', 'vendor', 'merchant'] as const;
export const referralStatusLabels: Record<(typeof referralStatuses)[number], string> = {
  active: 'Waiting to qualify',
  qualified: 'Qualified',
  redeemed: 'Redeemed',
};

/** Where a user's referral link leads: the sign-up page of their own kind of account. */
export const referralRegisterPath: Record<Exclude<Role, 'admin'>, string> = {
  customer: '/register',
  vendor: '/vendor/register',
  merchant: '/merchant/register',
};

/** One referral the user made, the referred party's name masked. */
export const myReferralSchema = z.object({
  id: z.uuid(),
  /** 'R*** S***' */
  referredName: z.string(),
  referredType: z.enum(referredTypes),
  status: z.enum(referralStatuses),
  pointsAwarded: z.number().int(),
  createdAt: z.string(),
});
export type MyReferral = z.infer<typeof myReferralSchema>;

/** `GET /api/referrals`: the user's code and totals, and one page of the referrals made, newest first. */
export const myReferralsSchema = pageSchema(myReferralSchema).extend({
  referralCode: z.string(),
  totals: z.object({ made: z.number().int(), qualified: z.number().int(), pointsEarned: z.number().int() }),
});
export type MyReferrals = z.infer<typeof myReferralsSchema>;
