import { z } from 'zod';
import { upiIdSchema } from './auth.contract';
import { pageSchema } from './common.contract';

/** SPEC.md section 9: the smallest withdrawal, in points (1 point = ₹1). */
export const WITHDRAWAL_MIN_POINTS = 100;

export const rewardsMessages = {
  withdrawMin: 'Minimum withdrawal is 100 points',
  withdrawTooMuch: 'You cannot withdraw more points than you have',
  withdrawPointsRequired: 'Enter the points to withdraw',
  withdrawWhole: 'Points must be a whole number',
  withdrawSubmitted: 'Withdrawal request submitted! Points will reach your UPI ID within 24 hours.',
  spendTooMuch: 'You cannot use more points than you have',
  customerNotFound: 'Customer profile not found',
} as const;

/** Every kind of ledger row (rewards_transactions.transaction_type). */
export const transactionTypes = [
  'earned',
  'spent',
  'withdrawn',
  'released',
  'voided',
  'refunded',
  'reversed',
  'referral',
  'cashback',
  'withdrawal_returned',
  'return_refund',
] as const;
export type TransactionType = (typeof transactionTypes)[number];

/** The three groups the wallet shows (SPEC.md: earned, spent, withdrawn); every row type falls in one. */
export type TransactionGroup = 'earned' | 'spent' | 'withdrawn';
export const transactionGroup: Record<TransactionType, TransactionGroup> = {
  earned: 'earned',
  released: 'earned',
  referral: 'earned',
  cashback: 'earned',
  refunded: 'earned',
  return_refund: 'earned',
  spent: 'spent',
  voided: 'spent',
  reversed: 'spent',
  withdrawn: 'withdrawn',
  withdrawal_returned: 'withdrawn',
};

/** A short label per row type, as the wallet's badge shows it. */
export const transactionTypeLabels: Record<TransactionType, string> = {
  earned: 'Earned (pending)',
  released: 'Now available',
  referral: 'Referral reward',
  cashback: 'Cashback',
  refunded: 'Points refunded',
  return_refund: 'Refund for returned items',
  spent: 'Spent',
  voided: 'Cancelled order',
  reversed: 'Points taken back',
  withdrawn: 'Withdrawn',
  withdrawal_returned: 'Withdrawal returned',
};

/** One ledger row: `points` changes the available balance, `pendingPoints` the pending one. */
export const walletTransactionSchema = z.object({
  id: z.uuid(),
  type: z.enum(transactionTypes),
  points: z.number().int(),
  pendingPoints: z.number().int(),
  description: z.string(),
  orderId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

/** `GET /api/wallet`: balances from the ledger and one page of its rows, newest first. */
export const walletSchema = z.object({
  availablePoints: z.number().int(),
  pendingPoints: z.number().int(),
  withdrawnPoints: z.number().int(),
  totalEarned: z.number().int(),
  /** Days after a shop's part is delivered before its earned points become available (RETURN_WINDOW_DAYS). */
  returnWindowDays: z.number().int(),
  transactions: pageSchema(walletTransactionSchema),
});
export type Wallet = z.infer<typeof walletSchema>;

export const withdrawalStatuses = ['pending', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** A withdrawal request to UPI. */
export const withdrawalSchema = z.object({
  id: z.uuid(),
  points: z.number().int(),
  upiId: z.string(),
  status: z.enum(withdrawalStatuses),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  /** A paid request's UPI transaction reference (the customer checks it in their bank app). */
  upiReference: z.string().nullable(),
  /** A rejected request's reason, as the super admin wrote it. */
  rejectReason: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalPageSchema = pageSchema(withdrawalSchema);

// The ledger's integer column: anything larger is more than anyone holds.
const MAX_POINTS = 2_000_000_000;

const withdrawPoints = z
  .union([z.number(), z.string()], { error: rewardsMessages.withdrawPointsRequired })
  .transform((v) => (typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v)) : v))
  .pipe(
    z
      .number({ error: rewardsMessages.withdrawPointsRequired })
      .int(rewardsMessages.withdrawWhole)
      .min(WITHDRAWAL_MIN_POINTS, rewardsMessages.withdrawMin)
      .max(MAX_POINTS, rewardsMessages.withdrawTooMuch),
  );

/** `POST /api/wallet/withdrawals`: the server checks the balance itself (inside the transaction). */
export const withdrawalRequestSchema = z.object({ points: withdrawPoints, upiId: upiIdSchema });
export type WithdrawalRequestInput = z.input<typeof withdrawalRequestSchema>;
export type WithdrawalRequest = z.output<typeof withdrawalRequestSchema>;

/** The withdraw form: the same rules, plus at most the available balance the page shows. */
export function withdrawalFormSchema(availablePoints: number) {
  return z.object({
    points: withdrawPoints.refine((v) => v <= availablePoints, rewardsMessages.withdrawTooMuch),
    upiId: upiIdSchema,
  });
}
