// What one order item line pays whom (issue 22, first slice): GST, Haat's commission, TCS (GST
// section 52), TDS (income tax section 194-O) and the vendor's net, all in integer paise, with one
// rounding rule: each amount is rounded half up to the paisa (money.ts divideRoundHalfUp), and the
// vendor's net is what is left, so gross = commission + TCS + TDS + vendor net exactly.
//
// Bases, as the issue states them:
// - gross: the line's price as the customer pays it, GST included (unit price x quantity);
// - commission: on the gross, GST included. The issue writes the vendor's net as
//   "price - commission - TCS - TDS", all against the price, and Indian marketplaces commonly take
//   their fee on the item's sale price as charged, GST included; a fee on the price keeps the vendor
//   statement readable (x % of what the customer paid).
// - TCS: 0.5 % of the net taxable value (GST excluded), only when the vendor has a GSTIN; split
//   CGST + SGST within a state (CGST takes an odd paisa, as splitTax does), IGST between states;
// - TDS: 0.1 % of the gross amount, 5 % when the vendor has given no PAN.
// The taxable value is computed on the line (unit price x quantity), not unit by unit.
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
  let found: R | null = null;
  for (const r of rates) if (r.from <= on && (found === null || r.from >= found.from)) found = r;
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

/** One item line's settlement; gross = commission + TCS + TDS + vendor net, exactly. */
export function settleLine(input: SettlementLineInput): SettlementLine {
  const { unitPricePaise, quantity, commissionBp, tcsBp } = input;
  if (!Number.isSafeInteger(unitPricePaise) || unitPricePaise < 0) throw new RangeError(`not a price in paise: ${unitPricePaise}`);
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`not a quantity: ${quantity}`);
  if (!Number.isSafeInteger(commissionBp) || commissionBp < 0 || commissionBp > BASIS_POINTS) throw new RangeError(`not a commission rate: ${commissionBp}`);
  const grossPaise = unitPricePaise * quantity;
  const { taxablePaise, taxPaise } = priceSplit(grossPaise, input.gstRateBp);
  const commissionPaise = ofBasisPoints(grossPaise, commissionBp);
  const tcsPaise = input.vendorHasGstin ? ofBasisPoints(taxablePaise, tcsBp) : 0;
  const tdsBp = input.vendorHasPan ? input.tds.withPanBp : input.tds.withoutPanBp;
  const tdsPaise = ofBasisPoints(grossPaise, tdsBp);
  const vendorNetPaise = grossPaise - commissionPaise - tcsPaise - tdsPaise;
  if (vendorNetPaise < 0) throw new RangeError(`the deductions exceed the price: ${grossPaise} paise`);
  return {
    grossPaise,
    taxablePaise,
    gst: { ...splitTax(taxPaise, input.intraState), totalPaise: taxPaise },
    commissionPaise,
    tcs: { ...splitTax(tcsPaise, input.intraState), totalPaise: tcsPaise },
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
 * The "ties go to the vendor rule" is read as: when a vendor rule and a category rule both
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
    r.effectiveFrom <= item.on &&
    (r.scope === 'global' || (r.scope === 'vendor' && r.targetId === item.vendorId) || (r.scope === 'category' && item.categoryId !== null && r.targetId === item.categoryId));
  for (const scope of SCOPE_ORDER) {
    let found: R | null = null;
    for (const r of rules) if (r.scope === scope && applies(r) && (found === null || r.effectiveFrom >= found.effectiveFrom)) found = r;
    if (found) return found;
  }
  return null;
}
