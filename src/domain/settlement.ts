// What one order item line pays whom: GST, Haat's commission, TCS (GST
// section 52), TDS (income tax section 194-O) and the vendor's net, all in integer paise, with one
// rounding rule: each amount is rounded half up to the paisa (money.ts divideRoundHalfUp), and the
// vendor's net is what is left, so gross = commission + TCS + TDS + vendor net exactly.
//
// Bases:
// - gross: the line's price as the customer pays it, GST included (unit price x quantity);
// - commission: on the gross, GST included. The vendor's net is
//   "price - commission - TCS - TDS", all against the price, and Indian marketplaces commonly take
//   their fee on the item's sale price as charged, GST included; a fee on the price keeps the vendor
//   statement readable (x % of what the customer paid).
// - TCS: 0.5 % of the net taxable value (GST excluded), only when the vendor has a GSTIN; split
//   CGST + SGST within a state (CGST takes an odd paisa, as splitTax does), IGST between states;
// - TDS: 0.1 %, 5 % when the vendor has given no PAN, of the amount without GST (the taxable value)
//   when the invoice shows GST separately, that is when the vendor has a GSTIN (CBDT Circular 20/2023,
//   Q3), else of the gross amount (an unregistered vendor's document shows no GST).
// The taxable value is computed on the line (unit price x quantity), not unit by unit. A credit
// note for some units of a line uses the same rule (settleUnitsReturned), never a share of the line.
import { priceSplit, splitTax, type TaxSplit } from './gst';
import { BASIS_POINTS, ofBasisPoints } from './money';

/** TCS under GST section 52 from a date (the rows of the tax_rates table, kind 'tcs'). */
export type TcsRate = { from: string; bp: number };

/** TDS under income tax section 194-O from a date (the tax_rates rows 'tds_with_pan' and 'tds_without_pan'). */
export type TdsRate = { from: string; withPanBp: number; withoutPanBp: number };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The rate in force on a date (YYYY-MM-DD, in India): the one with the latest `from` on or before it; null before the first. */
export function rateInForce<R extends { from: string }>(rates: readonly R[], on: string): R | null {
  if (!isoDate.test(on)) throw new RangeError(`not a date YYYY-MM-DD: ${on}`);
  return latestOnOrBefore(rates, (r) => r.from, on);
}

/** Of `items`, the one whose date is the latest on or before `on` (on a tie, the later in the list); null when none. */
function latestOnOrBefore<R>(items: readonly R[], dateOf: (r: R) => string, on: string): R | null {
  let found: R | null = null;
  for (const r of items) if (dateOf(r) <= on && (found === null || dateOf(r) >= dateOf(found))) found = r;
  return found;
}

export type SettlementLineInput = {
  unitPricePaise: number;
  quantity: number;
  /** The product's GST rate, in basis points. */
  gstRateBp: number;
  /** The supplier (the vendor's shop) and the place of supply are in the same state. */
  intraState: boolean;
  /** The commission rate that applies (pickCommissionRate), in basis points. */
  commissionBp: number;
  /** The TCS rate in force that day (the tax_rates table). */
  tcsBp: number;
  /** The TDS rates in force that day (the tax_rates table). */
  tds: Pick<TdsRate, 'withPanBp' | 'withoutPanBp'>;
  vendorHasGstin: boolean;
  vendorHasPan: boolean;
};

export type SettlementLine = {
  grossPaise: number;
  taxablePaise: number;
  gst: TaxSplit & { totalPaise: number };
  commissionPaise: number;
  tcs: TaxSplit & { totalPaise: number };
  tdsBp: number;
  tdsPaise: number;
  vendorNetPaise: number;
};

/**
 * The rates of a line as they were chosen the day its order was placed (what order_item_settlements
 * keeps): TCS already 0 for a vendor without a GSTIN, TDS already the rate for its PAN or its absence.
 */
export type LineRates = {
  gstRateBp: number;
  intraState: boolean;
  commissionBp: number;
  tcsBp: number;
  tdsBp: number;
  /** The vendor had a GSTIN: its invoice shows GST, so TDS is taken on the taxable value. */
  vendorHasGstin: boolean;
};

/** The rates a line's input chooses: TCS only for a vendor with a GSTIN, TDS by whether it has a PAN. */
export function lineRates(input: Omit<SettlementLineInput, 'unitPricePaise' | 'quantity'>): LineRates {
  return {
    gstRateBp: input.gstRateBp,
    intraState: input.intraState,
    commissionBp: input.commissionBp,
    tcsBp: input.vendorHasGstin ? input.tcsBp : 0,
    tdsBp: input.vendorHasPan ? input.tds.withPanBp : input.tds.withoutPanBp,
    vendorHasGstin: input.vendorHasGstin,
  };
}

/** One item line's settlement; gross = commission + TCS + TDS + vendor net, exactly. */
export function settleLine(input: SettlementLineInput): SettlementLine {
  const { unitPricePaise, quantity, ...rest } = input;
  return settleUnits(unitPricePaise, quantity, lineRates(rest));
}

/** What TDS under 194-O is taken on: the taxable value or the gross amount (GST included, or no GST shown). */
export type TdsOn = 'taxable' | 'gross';

/**
 * The amount TDS under section 194-O is taken on. CBDT Circular 20/2023, Q3: where GST is shown
 * separately on the invoice (the vendor has a GSTIN), the amount without GST, the taxable value;
 * otherwise the gross amount.
 */
export function tdsBase(a: { grossPaise: number; taxablePaise: number; vendorHasGstin: boolean }): {
  on: TdsOn;
  paise: number;
} {
  return a.vendorHasGstin ? { on: 'taxable', paise: a.taxablePaise } : { on: 'gross', paise: a.grossPaise };
}

/** The settlement of `quantity` units at a price under rates already chosen: the one rule behind invoices and credit notes. */
export function settleUnits(unitPricePaise: number, quantity: number, rates: LineRates): SettlementLine {
  const { commissionBp, tcsBp, tdsBp } = rates;
  if (!Number.isSafeInteger(unitPricePaise) || unitPricePaise < 0)
    throw new RangeError(`not a price in paise: ${unitPricePaise}`);
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`not a quantity: ${quantity}`);
  if (!Number.isSafeInteger(commissionBp) || commissionBp < 0 || commissionBp > BASIS_POINTS)
    throw new RangeError(`not a commission rate: ${commissionBp}`);
  const grossPaise = unitPricePaise * quantity;
  const { taxablePaise, taxPaise } = priceSplit(grossPaise, rates.gstRateBp);
  const commissionPaise = ofBasisPoints(grossPaise, commissionBp);
  const tcsPaise = ofBasisPoints(taxablePaise, tcsBp);
  const tdsPaise = ofBasisPoints(
    tdsBase({ grossPaise, taxablePaise, vendorHasGstin: rates.vendorHasGstin }).paise,
    tdsBp,
  );
  const vendorNetPaise = grossPaise - commissionPaise - tcsPaise - tdsPaise;
  if (vendorNetPaise < 0) throw new RangeError(`the deductions exceed the price: ${grossPaise} paise`);
  return {
    grossPaise,
    taxablePaise,
    gst: { ...splitTax(taxPaise, rates.intraState), totalPaise: taxPaise },
    commissionPaise,
    tcs: { ...splitTax(tcsPaise, rates.intraState), totalPaise: tcsPaise },
    tdsBp,
    tdsPaise,
    vendorNetPaise,
  };
}

/** A commission rate set by the super admin: global default, per category or per vendor, from a date. */
export type CommissionRule = {
  scope: 'global' | 'category' | 'vendor';
  /** The category's or vendor's id; null for the global rule. */
  targetId: string | null;
  rateBp: number;
  /** YYYY-MM-DD, in India. */
  effectiveFrom: string;
};

const SCOPE_ORDER = ['vendor', 'category', 'global'] as const;

/**
 * The commission rule for a vendor's item in a category on a date: among the rules in force that day
 * (effectiveFrom on or before it), a vendor rule beats a category rule, which beats the global default.
 * "Ties go to the vendor rule" is read as: when a vendor rule and a category rule both
 * apply, the vendor rule wins (neither is a narrowing of the other; the vendor's own deal is the more
 * specific). Within a scope the latest effectiveFrom wins; two rules of one scope and target from the
 * same day: the later in the list. Null when no rule is in force.
 */
export function pickCommissionRate<R extends CommissionRule>(
  rules: readonly R[],
  item: { vendorId: string; categoryId: string | null; on: string },
): R | null {
  if (!isoDate.test(item.on)) throw new RangeError(`not a date YYYY-MM-DD: ${item.on}`);
  const applies = (r: R): boolean =>
    r.scope === 'global' ||
    (r.scope === 'vendor' && r.targetId === item.vendorId) ||
    (r.scope === 'category' && item.categoryId !== null && r.targetId === item.categoryId);
  for (const scope of SCOPE_ORDER) {
    const inScope = rules.filter((r) => r.scope === scope && applies(r));
    const found = latestOnOrBefore(inScope, (r) => r.effectiveFrom, item.on);
    if (found) return found;
  }
  return null;
}

/** A line's figures as they are written: order_item_settlements, and the lines of invoices and credit notes. */
export type LineAmounts = {
  grossPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  commissionPaise: number;
  tcsCgstPaise: number;
  tcsSgstPaise: number;
  tcsIgstPaise: number;
  tdsPaise: number;
  vendorNetPaise: number;
};

const AMOUNT_KEYS = [
  'grossPaise',
  'taxablePaise',
  'cgstPaise',
  'sgstPaise',
  'igstPaise',
  'commissionPaise',
  'tcsCgstPaise',
  'tcsSgstPaise',
  'tcsIgstPaise',
  'tdsPaise',
  'vendorNetPaise',
] as const;

/** A settled line's figures as they are written. */
export function lineAmounts(l: SettlementLine): LineAmounts {
  return {
    grossPaise: l.grossPaise,
    taxablePaise: l.taxablePaise,
    cgstPaise: l.gst.cgstPaise,
    sgstPaise: l.gst.sgstPaise,
    igstPaise: l.gst.igstPaise,
    commissionPaise: l.commissionPaise,
    tcsCgstPaise: l.tcs.cgstPaise,
    tcsSgstPaise: l.tcs.sgstPaise,
    tcsIgstPaise: l.tcs.igstPaise,
    tdsPaise: l.tdsPaise,
    vendorNetPaise: l.vendorNetPaise,
  };
}

/**
 * The figures of units `from`+1..`to` of a written line of `quantity` units at `unitPricePaise` (a
 * return's credit note, and the reversal of the vendor's credit): the invoice's own rule
 * (settleUnits) for `to` units less the same rule for `from` units. So a first return of some units
 * is exactly an invoice for those units, never a proportional share of the line; and the returns of
 * every unit add up to the line exactly, since all `quantity` units stand for the line as written
 * (a later one may differ by a paisa from invoicing its units alone: the paisa the invoice's rounding
 * put on the whole line, which no credit note may exceed).
 */
export function settleReturnedUnits(
  line: LineAmounts,
  a: { unitPricePaise: number; quantity: number; rates: LineRates; from: number; to: number },
): LineAmounts {
  const { quantity, from, to } = a;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || to > quantity || from > to)
    throw new RangeError(`not units of the line: ${from}..${to} of ${quantity}`);
  const at = (n: number): LineAmounts => {
    if (n === quantity) return line;
    if (n === 0) return Object.fromEntries(AMOUNT_KEYS.map((k) => [k, 0])) as LineAmounts;
    return lineAmounts(settleUnits(a.unitPricePaise, n, a.rates));
  };
  const upTo = at(to);
  const before = at(from);
  return Object.fromEntries(AMOUNT_KEYS.map((k) => [k, upTo[k] - before[k]])) as LineAmounts;
}
