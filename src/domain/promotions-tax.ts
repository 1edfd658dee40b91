// What a discounted line does to tax, settlement, refunds and the promotion's counts. Composed on
// settlement.ts (settleUnits: GST, commission, TCS, TDS) and returns.ts (cumulativeShare): nothing
// here computes a tax itself.
//
// - Vendor-funded discount: shown on the vendor's invoice, it lowers the taxable value (CGST Act
//   s.15(3)(a)); GST, TCS (s.52, on the net value of taxable supplies), TDS (194-O, CBDT Circular
//   20/2023 Q5: the amount net of such discounts) and Haat's commission are on the price after it.
//   Selling prices include GST, so the value after the discount is GST-inclusive and split as any price.
// - Haat-funded discount: the customer pays less, the vendor's invoice and settlement stay at the
//   full price; Haat pays the difference, a ledger line reported monthly as promotion cost.
// docs/promotions.md.
import { cumulativeShare, earnedPointsBack, refundOfValue, type ReturnOrder } from './returns';
import { lineAmounts, settleUnits, type LineAmounts, type LineRates, type SettlementLine } from './settlement';

/** A line as it was ordered: its price, its units, and its discount by funder (promotions-apply.ts DiscountedLine). */
export type DiscountedLineInput = {
  unitPricePaise: number;
  quantity: number;
  vendorFundedPaise: number;
  haatFundedPaise: number;
};

export type DiscountedSettlement = {
  /** The line at full price (unit price x quantity). */
  listPaise: number;
  /** The discount shown on the vendor's invoice: the vendor-funded part. */
  invoiceDiscountPaise: number;
  /** The vendor's invoice and settlement, on the value after the vendor's discount (GST included). */
  settlement: SettlementLine;
  /** What the customer pays for the line before points: list - every discount. */
  customerPaysPaise: number;
  /** What Haat pays the vendor on the customer's behalf: the Haat-funded discount, Haat's promotion cost. */
  haatPromotionCostPaise: number;
};

function checkLine(l: DiscountedLineInput): void {
  const list = l.unitPricePaise * l.quantity;
  for (const v of [l.vendorFundedPaise, l.haatFundedPaise])
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`not a discount in paise: ${v}`);
  if (l.vendorFundedPaise + l.haatFundedPaise > list)
    throw new RangeError(`the discount ${l.vendorFundedPaise + l.haatFundedPaise} exceeds the line ${list}`);
}

/**
 * One line's invoice and settlement under its discounts: the settlement rule of an undiscounted
 * line (settleUnits) applied to the line's value after the vendor-funded discount, as one amount
 * (the discount is shared over the line, not unit by unit). Without a vendor-funded discount it is
 * exactly today's settlement of the line.
 */
export function settleDiscountedLine(line: DiscountedLineInput, rates: LineRates): DiscountedSettlement {
  checkLine(line);
  const listPaise = line.unitPricePaise * line.quantity;
  const invoiceValue = listPaise - line.vendorFundedPaise;
  return {
    listPaise,
    invoiceDiscountPaise: line.vendorFundedPaise,
    settlement: settleUnits(invoiceValue, 1, rates),
    customerPaysPaise: invoiceValue - line.haatFundedPaise,
    haatPromotionCostPaise: line.haatFundedPaise,
  };
}

/** The part of a line's price and discounts that is units from+1..to (the last unit takes what rounding left). */
export type UnitsShare = {
  listPaise: number;
  vendorFundedPaise: number;
  haatFundedPaise: number;
  /** What the customer paid for these units before points: list - both discounts. */
  paidPaise: number;
};

/**
 * The share of a discounted line that belongs to units from+1..to of it: each discount shared by
 * units cumulatively, rounded down (returns.ts cumulativeShare), so that the shares of any split of
 * the line's units add up to the line exactly and the last unit takes the paise rounding left.
 */
export function unitsShare(line: DiscountedLineInput, from: number, to: number): UnitsShare {
  checkLine(line);
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || to > line.quantity || from > to)
    throw new RangeError(`not units of the line: ${from}..${to} of ${line.quantity}`);
  const listPaise = line.unitPricePaise * (to - from);
  const vendorFundedPaise = cumulativeShare(line.vendorFundedPaise, from, to, line.quantity);
  const haatFundedPaise = cumulativeShare(line.haatFundedPaise, from, to, line.quantity);
  return { listPaise, vendorFundedPaise, haatFundedPaise, paidPaise: listPaise - vendorFundedPaise - haatFundedPaise };
}

const AMOUNT_KEYS = Object.keys(lineAmounts(settleUnits(0, 1, zeroRates()))) as (keyof LineAmounts)[];
function zeroRates(): LineRates {
  return { gstRateBp: 0, intraState: true, commissionBp: 0, tcsBp: 0, tdsBp: 0, vendorHasGstin: true };
}

/**
 * The credit note (and reversal of the vendor's credit) for units from+1..to of a discounted line
 * whose invoice figures are `invoiced`: as settlement.ts settleReturnedUnits does for a line at full
 * price, the invoice's rule for the first `to` units less the same for the first `from`, each on
 * those units' value after their share of the vendor-funded discount, which the credit note shows.
 * The credit notes of every unit add up to the invoice exactly.
 */
export function creditNoteForUnits(
  invoiced: LineAmounts,
  line: DiscountedLineInput,
  rates: LineRates,
  from: number,
  to: number,
): { discountPaise: number; listPaise: number; amounts: LineAmounts } {
  const share = unitsShare(line, from, to);
  const at = (n: number): LineAmounts => {
    if (n === line.quantity) return invoiced;
    const value = line.unitPricePaise * n - cumulativeShare(line.vendorFundedPaise, 0, n, line.quantity);
    return lineAmounts(settleUnits(value, 1, n === 0 ? zeroRates() : rates));
  };
  const upTo = at(to);
  const before = at(from);
  const amounts = Object.fromEntries(AMOUNT_KEYS.map((k) => [k, upTo[k] - before[k]])) as LineAmounts;
  return { discountPaise: share.vendorFundedPaise, listPaise: share.listPaise, amounts };
}

/** A line coming back in a return, with its discounts (the order's DiscountedLine figures). */
export type DiscountedReturnLine = DiscountedLineInput & {
  /** Received back by earlier returns. */
  returnedBefore: number;
  returning: number;
  pointsEarned: number;
};

export type DiscountedRefundPlan = {
  /** What the customer paid for the items coming back, before points (their price less their discounts). */
  valuePaise: number;
  /** The Haat-funded discount of these items: Haat's promotion cost given back (a reversing ledger line). */
  haatCostBackPaise: number;
  pointsReturned: number;
  pointsEarnedBack: number;
  moneyPaise: number;
};

/**
 * What receiving a return of discounted items gives back: returns.ts planReturnRefund's rule, on
 * what was paid for the items (price less their share of the discounts) instead of their price.
 * `order.subtotalPaise` is the order's items after promotions and `order.returnedBeforePaise` what
 * was paid for the items already returned: promotions came first, so points are shared over what
 * the promotions left, and returning everything gives back every point and every rupee paid.
 */
export function planDiscountedReturnRefund(
  order: ReturnOrder,
  lines: readonly DiscountedReturnLine[],
): DiscountedRefundPlan {
  const shares = lines.map((l) => unitsShare(l, l.returnedBefore, l.returnedBefore + l.returning));
  const valuePaise = shares.reduce((s, x) => s + x.paidPaise, 0);
  const haatCostBackPaise = shares.reduce((s, x) => s + x.haatFundedPaise, 0);
  return {
    valuePaise,
    haatCostBackPaise,
    pointsEarnedBack: earnedPointsBack(lines),
    ...refundOfValue(order, valuePaise),
  };
}

/** A promotion's use and spend on one order. */
export type OrderPromotionUse = { promotionId: string; discountPaise: number };

/**
 * What a cancellation gives back to the promotions used on the order: the use (and its spend from
 * the budget) only when the whole order is cancelled before any part of it shipped; a part
 * cancelled, or a cancellation after shipping, keeps the use and the spend.
 */
export function promotionsBackOnCancel(a: {
  wholeOrderCancelled: boolean;
  anyPartShipped: boolean;
  uses: readonly OrderPromotionUse[];
}): { promotionId: string; usesBack: number; spendBackPaise: number }[] {
  if (!a.wholeOrderCancelled || a.anyPartShipped) return [];
  return a.uses.map((u) => ({ promotionId: u.promotionId, usesBack: 1, spendBackPaise: u.discountPaise }));
}

/** Haat's promotion cost entries (+ granted, - given back) summed by India month and promotion. */
export function monthlyPromotionCost(
  entries: readonly { promotionId: string; on: string; paise: number }[],
): { month: string; promotionId: string; paise: number }[] {
  const sums = new Map<string, number>();
  for (const e of entries) {
    const key = `${e.on.slice(0, 7)}|${e.promotionId}`;
    sums.set(key, (sums.get(key) ?? 0) + e.paise);
  }
  return [...sums.entries()]
    .map(([key, paise]) => ({ month: key.slice(0, 7), promotionId: key.slice(8), paise }))
    .sort((a, b) => (a.month === b.month ? (a.promotionId < b.promotionId ? -1 : 1) : a.month < b.month ? -1 : 1));
}

/**
 * The money rules of promotions, for the money-invariants check: per line, price = discount + paid,
 * neither negative, and the shares by promotion add up to the discount; per promotion, uses <= its
 * limit and spend <= its budget. Answers each rule broken, in words (empty when all hold).
 */
export function promotionInvariantBreaches(a: {
  lines: readonly {
    lineId: string;
    grossPaise: number;
    discountPaise: number;
    paidPaise: number;
    sharesPaise?: number[];
  }[];
  promotions: readonly {
    promotionId: string;
    uses: number;
    useLimit: number | null;
    spentPaise: number;
    budgetPaise: number | null;
  }[];
}): string[] {
  const broken: string[] = [];
  for (const l of a.lines) {
    if (l.discountPaise < 0 || l.paidPaise < 0) broken.push(`line ${l.lineId}: a negative discount or amount paid`);
    if (l.grossPaise !== l.discountPaise + l.paidPaise)
      broken.push(`line ${l.lineId}: price ${l.grossPaise} is not discount ${l.discountPaise} + paid ${l.paidPaise}`);
    const shares = l.sharesPaise?.reduce((s, x) => s + x, 0);
    if (shares !== undefined && shares !== l.discountPaise)
      broken.push(`line ${l.lineId}: the promotions' shares ${shares} are not the discount ${l.discountPaise}`);
  }
  for (const p of a.promotions) {
    if (p.useLimit !== null && p.uses > p.useLimit)
      broken.push(`promotion ${p.promotionId}: ${p.uses} uses, more than its limit ${p.useLimit}`);
    if (p.budgetPaise !== null && p.spentPaise > p.budgetPaise)
      broken.push(`promotion ${p.promotionId}: spent ${p.spentPaise}, more than its budget ${p.budgetPaise}`);
  }
  return broken;
}
