export * from './merchants.tables';
export { createMerchant, getMerchantBusinessName, setMerchantEmail, type NewMerchant } from './merchants.service';
