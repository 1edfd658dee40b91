export { createReferral, type NewReferral } from './referrals.service';
export { getReferralSettings, saveReferralSettings, type ReferralThresholds } from './referrals.settings';
export {
  deleteUnpaidReferral,
  referralPaid,
  setReferralStatus,
  type DeletedReferral,
  type ReferralStatusChange,
  type ReferralStatusValue,
} from './referrals.admin';
export {
  qualifyReferrals,
  referralRewardReference,
  REFERRAL_QUALIFICATION_LOCK,
  runReferralQualification,
  startReferralQualificationJob,
} from './referrals.qualification';
export { listMyReferrals } from './referrals.mine';
export { referralsRoutes } from './referrals.routes';
export { referralsHistoryOf } from './referrals.service';
export { referralRows } from './referrals.rows';
