export { createMerchant, getMerchantBusinessName, setMerchantEmail, type NewMerchant } from './merchants.service';
export { anonymiseMerchant, getMerchantContact, setMerchantVerified, type MerchantVerificationChange } from './merchants.admin';
export { releaseCashback, releaseDueCashback, voidPendingCashback } from './merchants.cashback';
export { merchantRoutes } from './merchants.routes';
export { writeMerchantPayment, type CashbackLimits } from './merchants.workspace';
export { merchantsHistoryOf } from './merchants.service';
