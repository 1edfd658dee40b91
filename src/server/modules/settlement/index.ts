// Issue 22: commission, tax and what Haat owes its vendors.
export { recordItemSettlements, type PlacedItem } from './settlement.lines';
export { creditDeliveredPart, releaseDueVendorSales, reversePartSale, vendorBalancesOf } from './settlement.ledger';
