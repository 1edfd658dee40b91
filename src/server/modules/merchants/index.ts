export { createMerchant, getMerchantBusinessName, setMerchantEmail, type NewMerchant } from './merchants.service';
export {
  anonymiseMerchant,
  getMerchantContact,
  noteVoidedCashback,
  setMerchantVerified,
  type MerchantVerificationChange,
} from './merchants.admin';
export { cashbackAtStake, releaseCashback, releaseDueCashback, voidPendingCashback } from './merchants.cashback';
export { merchantRoutes } from './merchants.routes';
export {
  getMerchantProfile,
  updateMerchantProfile,
  writeMerchantPayment,
  type CashbackLimits,
} from './merchants.workspace';
export { merchantsHistoryOf } from './merchants.service';
export { merchantPaymentRows, merchantRows } from './merchants.rows';
