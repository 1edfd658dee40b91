import { formatRupees } from './money';

// Cash on delivery: when a cart may be paid in cash at the door, and how
// much cash each shop's part collects. Pure rules, used by checkout (server) and its page (browser).

/** The super admin's default order value limit: ₹10,000. */
export const DEFAULT_COD_LIMIT_PAISE = 1_000_000;

/** What the cash on delivery rule needs to know about a cart. */
export type CodCart = {
  /** Items and delivery, before points: the order value the limit applies to. */
  orderValuePaise: number;
  shops: { storeName: string; codEnabled: boolean }[];
  /** The names of the cart's products whose category is excluded from cash on delivery. */
  excludedProducts: string[];
};

export const codMessages = {
  notOffered: (shops: string[]) =>
    shops.length === 1
      ? `${shops[0]} does not offer cash on delivery`
      : `${listOf(shops)} do not offer cash on delivery`,
  aboveLimit: (limitPaise: number) => `Cash on delivery is available for orders up to ${formatRupees(limitPaise)}`,
  excluded: (names: string[]) =>
    names.length === 1
      ? `"${names[0]}" cannot be paid for in cash on delivery`
      : `${listOf(names.map((n) => `"${n}"`))} cannot be paid for in cash on delivery`,
  unavailable: 'Cash on delivery is not available for this order',
  label: 'Cash on delivery',
  placed: 'Order placed! Pay in cash when it is delivered.',
  deliveredNotice:
    'This is a cash on delivery order: mark it "Delivered and cash collected" with the amount you received',
  cashRequired: 'Enter the cash you received',
  cashMismatch: (duePaise: number) =>
    `The cash due for this part is ${formatRupees(duePaise)}: record it when the full amount is received`,
  notCod: 'This part was paid online, so there is no cash to collect',
  returnOnlyShipped: 'Only a shipped cash on delivery part can be returned to the seller',
  returnedNote: 'Returned to seller: refused at the door',
  returnedLabel: 'Returned to seller',
  adminDeliveredCod: 'A cash on delivery part is marked delivered by its shop, with the cash it received',
} as const;

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * Why the cart cannot be paid in cash on delivery (empty when it can): a shop that does not offer
 * it, an order value above the limit, products of excluded categories. Every reason is given, so
 * the customer knows all there is to change.
 */
export function codRefusals(cart: CodCart, limitPaise: number): string[] {
  const reasons: string[] = [];
  const notOffering = [...new Set(cart.shops.filter((s) => !s.codEnabled).map((s) => s.storeName))];
  if (notOffering.length > 0) reasons.push(codMessages.notOffered(notOffering));
  if (cart.orderValuePaise > limitPaise) reasons.push(codMessages.aboveLimit(limitPaise));
  const excluded = [...new Set(cart.excludedProducts)];
  if (excluded.length > 0) reasons.push(codMessages.excluded(excluded));
  return reasons;
}

/**
 * The cash each part collects: the order's amount payable (items and delivery, less points)
 * shared in proportion to the parts' subtotals, in whole paise, the paise left by rounding down
 * going one each to the parts with the largest remainders (the first such part on a tie). The
 * shares always add up to the amount payable.
 */
export function codDueByPart(
  parts: { id: string; subtotalPaise: number }[],
  payablePaise: number,
): Map<string, number> {
  const due = new Map<string, number>();
  if (parts.length === 0) return due;
  const subtotal = parts.reduce((s, p) => s + p.subtotalPaise, 0);
  if (subtotal === 0) {
    parts.forEach((p, i) => due.set(p.id, i === 0 ? payablePaise : 0));
    return due;
  }
  // In BigInt: amount × subtotal can pass 2^53 for large orders.
  const shares = parts.map((p, i) => {
    const exact = BigInt(payablePaise) * BigInt(p.subtotalPaise);
    return { id: p.id, i, floor: Number(exact / BigInt(subtotal)), remainder: exact % BigInt(subtotal) };
  });
  let left = payablePaise - shares.reduce((s, x) => s + x.floor, 0);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1,
  );
  for (const s of byRemainder) {
    if (left <= 0) break;
    s.floor += 1;
    left -= 1;
  }
  for (const s of shares) due.set(s.id, s.floor);
  return due;
}
