// Sellers without a GST registration (no GSTIN). A person not registered under GST cannot collect
// tax (CGST Act, section 32), so its lines charge no GST and its documents are bills of supply
// (CGST Rules, rule 49), not tax invoices. Since 1 October 2023 such a person may supply goods
// through an e-commerce operator only within the state of its place of business, with a PAN and an
// enrolment number (CGST Act, section 24(ix) as exempted by Notification 34/2023-Central Tax).

/** The GST rate a line charges, in basis points: its HSN code's rate when the supplier has a GSTIN, else 0 (section 32). */
export function gstRateCharged(a: { hsnRateBp: number; supplierHasGstin: boolean }): number {
  return a.supplierHasGstin ? a.hsnRateBp : 0;
}

/**
 * The one state a seller may deliver to: null when it may deliver anywhere (it has a GSTIN), else
 * its shop's state (Notification 34/2023-Central Tax). A shop of an unregistered seller with no
 * state has no state to sell within, so it delivers nowhere ('' here).
 */
export function shipsOnlyWithin(a: { supplierHasGstin: boolean; shopState: string | null }): string | null {
  if (a.supplierHasGstin) return null;
  return a.shopState?.trim() ?? '';
}

/** Whether a line may be delivered to an address in `deliveryState`, given shipsOnlyWithin's answer. */
export function deliversTo(onlyWithin: string | null, deliveryState: string | null): boolean {
  if (onlyWithin === null) return true;
  if (onlyWithin === '' || !deliveryState) return false;
  return onlyWithin.toLowerCase() === deliveryState.trim().toLowerCase();
}

/** The note checkout shows next to such an item: 'Ships only within Rajasthan'. */
export function shipsOnlyWithinNote(onlyWithin: string): string {
  return onlyWithin === '' ? 'Its seller cannot ship it: the shop has no state' : `Ships only within ${onlyWithin}`;
}

/** Why checkout refuses an item for the chosen address (a seller without GST registration ships only within its state). */
export function shipsOnlyWithinRefusal(productName: string, onlyWithin: string, deliveryState: string | null): string {
  if (onlyWithin === '')
    return `"${productName}" cannot be delivered: its seller is not registered for GST and its shop has no state. Please remove it from your cart.`;
  return `"${productName}" ships only within ${onlyWithin}: its seller is not registered for GST and may not sell to ${deliveryState || 'another state'}. Please choose an address in ${onlyWithin} or remove it from your cart.`;
}

/**
 * Whether a part's sale document is a bill of supply (rule 49) rather than a tax invoice: the
 * supplier had no GSTIN when the order was placed and its lines charge no GST. Lines written before
 * this rule with GST charged keep their tax invoice, as their figures show GST.
 */
export function isBillOfSupply(a: { supplierGstin: string | null; taxPaise: number }): boolean {
  return a.supplierGstin === null && a.taxPaise === 0;
}
