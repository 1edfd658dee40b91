export * from './merchants.tables';
export { createMerchant, getMerchantBusinessName, setMerchantEmail, type NewMerchant } from './merchants.service';
export { setMerchantVerified, type MerchantVerificationChange } from './merchants.admin';
