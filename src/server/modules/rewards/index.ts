export {
  availablePointsColumn,
  awardPointsOnce,
  closePendingCashback,
  getBalances,
  orderRef,
  pendingEarnsWrite,
  recordPendingCashback,
  recordPendingEarn,
  recordPendingEarns,
  refundSpentPoints,
  releaseDuePoints,
  spendPoints,
  unrefundedSpentPoints,
  voidPendingEarn,
  type Balances,
  type PartEarning,
  type PendingEnded,
} from './rewards.service';
export { createWithdrawal, getWallet, listWithdrawals, markWithdrawalPaid, rejectWithdrawal } from './rewards.wallet';
export { rewardsRoutes } from './rewards.routes';
export { POINTS_RELEASE_LOCK, runPointsRelease, startPointsReleaseJob, type PendingRelease } from './rewards.jobs';
export { ledgerHasReference, ledgerRowOpen, pendingRowOutcome, rewardsHistoryOf } from './rewards.conditions';
export { creditRefundPoints, takeBackEarnedPoints, type EarnedTakenBack } from './rewards.returns';
export { balanceRows, withdrawalRows } from './rewards.rows';
