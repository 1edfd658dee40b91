export * from './referrals.tables';
export { createReferral, type NewReferral } from './referrals.service';
