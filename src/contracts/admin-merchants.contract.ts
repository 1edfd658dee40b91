import { z } from 'zod';
import { adminListQuerySchema, stepUpCodeSchema } from './admin-lists.contract';
import { blankToUndefined, pageSchema } from './common.contract';

// The super admin panel's Merchants and Referrals tabs (SPEC.md's merchant row and referral row).

// ---- Merchants

export const merchantVerifiedFilters = ['all', 'verified', 'unverified'] as const;
export type MerchantVerifiedFilter = (typeof merchantVerifiedFilters)[number];
export const adminMerchantSorts = ['businessName', 'registeredAt', 'totalVolume'] as const;

export const adminMerchantsQuerySchema = adminListQuerySchema.extend({
  verified: z.preprocess(
    blankToUndefined,
    z.enum(merchantVerifiedFilters, { error: 'Unknown verification filter' }).default('all'),
  ),
});
export type AdminMerchantsQuery = z.output<typeof adminMerchantsQuerySchema>;

/** SPEC.md's merchant row; the totals count the merchant's recorded UPI transactions. */
export const adminMerchantSchema = z.object({
  /** The merchant's user id. */
  id: z.uuid(),
  name: z.string(),
  businessName: z.string(),
  referralCode: z.string(),
  mobileNumber: z.string(),
  email: z.string(),
  upiId: z.string(),
  cashbackPercentage: z.number(),
  isVerified: z.boolean(),
  totalTransactions: z.number().int(),
  totalVolumePaise: z.number().int(),
  /** Referrals whose referrer is this merchant. */
  referralsMade: z.number().int(),
  registeredAt: z.string(),
});
export type AdminMerchant = z.infer<typeof adminMerchantSchema>;
export const adminMerchantPageSchema = pageSchema(adminMerchantSchema);
export type AdminMerchantPage = z.infer<typeof adminMerchantPageSchema>;

export const merchantActionMessages = {
  verified: 'Merchant verified successfully',
  unverified: 'Merchant unverified successfully',
  verifyFailed: 'Failed to verify merchant',
  unverifyFailed: 'Failed to unverify merchant',
  notFound: 'Merchant not found',
  alreadyVerified: 'This merchant is already verified',
  alreadyUnverified: 'This merchant is already unverified',
} as const;

export const merchantVerificationSchema = z.object({ code: stepUpCodeSchema });

/**
 * What Verify and Unverify would do now to the cashback of the merchant's customers: Verify
 * releases the pending cashback of payments past the return window (the rest follows when due);
 * Unverify voids all the pending cashback.
 */
export const merchantCashbackAtStakeSchema = z.object({
  releasePayments: z.number().int(),
  releasePaise: z.number().int(),
  voidPayments: z.number().int(),
  voidPaise: z.number().int(),
  returnWindowDays: z.number().int(),
});
export type MerchantCashbackAtStake = z.infer<typeof merchantCashbackAtStakeSchema>;

// ---- Referrals

export const referralStatuses = ['active', 'qualified', 'redeemed'] as const;
export type ReferralStatus = (typeof referralStatuses)[number];
export const referredTypes = ['customer', 'vendor', 'merchant'] as const;
export type ReferredType = (typeof referredTypes)[number];
export const adminReferralSorts = ['createdAt', 'status'] as const;

export const adminReferralsQuerySchema = adminListQuerySchema.extend({
  status: z.preprocess(blankToUndefined, z.enum(referralStatuses, { error: 'Unknown status' }).optional()),
  referredType: z.preprocess(blankToUndefined, z.enum(referredTypes, { error: 'Unknown referred type' }).optional()),
});
export type AdminReferralsQuery = z.output<typeof adminReferralsQuerySchema>;

/** SPEC.md's referral row; a name is the profile's first and last name, a merchant's business name, or else the email. */
export const adminReferralSchema = z.object({
  id: z.uuid(),
  referrerName: z.string(),
  referrerEmail: z.string(),
  referredName: z.string(),
  referredEmail: z.string(),
  referredType: z.enum(referredTypes),
  status: z.enum(referralStatuses),
  pointsAwarded: z.number().int(),
  referralCode: z.string(),
  createdAt: z.string(),
  qualificationDate: z.string().nullable(),
  redemptionDate: z.string().nullable(),
  /** A reward was paid for it (points awarded through the ledger): it stays on record and cannot be deleted. */
  rewardPaid: z.boolean(),
});
export type AdminReferral = z.infer<typeof adminReferralSchema>;
export const adminReferralPageSchema = pageSchema(adminReferralSchema);
export type AdminReferralPage = z.infer<typeof adminReferralPageSchema>;

export const referralActionMessages = {
  updated: 'Referral status updated successfully',
  updateFailed: 'Failed to update referral status',
  notFound: 'Referral not found',
  unchanged: 'The referral already has this status',
  paidReward: 'This referral has paid a reward and stays on record',
} as const;

export const referralStatusChangeSchema = z.object({
  status: z.enum(referralStatuses, { error: 'Choose active, qualified or redeemed' }),
  code: stepUpCodeSchema,
});
