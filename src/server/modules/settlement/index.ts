// Commission, tax and what Haat owes its vendors.
export {
  itemSettlementsWrite,
  recordItemSettlements,
  type PlacedItem,
  type SettlementInputs,
} from './settlement.lines';
export { ratesOnColumn, vendorTaxIdsColumn } from './settlement.rates';
export {
  shippingLimitsFrom,
  shippingLimitsOf,
  shopShippingLimits,
  type SellerTaxIds,
  type SettlementRates,
} from './settlement.shipping-limits';
export {
  creditDeliveredPart,
  lockBalancesOfParts,
  releaseDueVendorSales,
  reversePartSale,
  vendorBalancesOf,
} from './settlement.ledger';
export {
  addCommissionRule,
  listCommissionRules,
  type AddedCommissionRule,
  type NewCommissionRule,
} from './settlement.commission';
export { addTaxRate, listTaxRates, taxRatesOn, type NewTaxRate } from './settlement.tax-rates';
export { getHsnCodeList } from './settlement.hsn';
export { settlementVendorRoutes } from './settlement.vendor.routes';
export { vendorEarningsRoutes } from './settlement.earnings.routes';
export { payoutDetailsRoutes } from './settlement.payout-details.routes';
export {
  cancelVendorPayout,
  createVendorPayout,
  markVendorPayoutPaid,
  previewVendorPayout,
} from './settlement.payouts';
export {
  abandonPayoutTransfer,
  finishPayoutTransfer,
  routeAccountOf,
  setVendorRouteAccount,
  startPayoutTransfer,
} from './settlement.route';
export { exportAdminPayouts, getAdminPayout, listAdminPayables, listAdminPayouts } from './settlement.payout-lists';
export { settlePartCancelled, settlePartMoved } from './settlement.part-moves';
export { issuePartCreditNote, issuePartInvoice, type IssuedDocument } from './settlement.invoices';
export { documentsOfPart } from './settlement.documents';
export { getTaxReport } from './settlement.tax-reports';
export { taxDocumentsRoutes } from './settlement.documents.routes';
export type { TaxDocumentForView } from './settlement.invoice-view';
export { settleReturnReceived, type ReturnedLine, type ReturnSettled } from './settlement.returns';
export {
  commissionDocumentById,
  commissionOfMonth,
  getHaatTaxIdentity,
  issueCommissionDocuments,
  issueDueCommissionDocuments,
  listCommissionDocuments,
  saveHaatTaxIdentity,
  startCommissionInvoicesJob,
  commissionDocumentPdf,
  listVendorCommissionDocuments,
  type HaatTaxIdentity,
  type IssuedCommissionDocument,
} from './settlement.commission-invoices';
export { commissionInvoicesRoutes } from './settlement.commission-invoices.routes';
export { getCommissionGstReport } from './settlement.commission-gst-report';
export { renderMissingDocumentPdfs, renderPendingDocuments, startDocumentPdfsJob } from './settlement.document-pdfs';
export { payoutDetailRows, returnCreditNoteNumber } from './settlement.rows';
