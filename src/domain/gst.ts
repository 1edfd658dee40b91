// GST on an item. Indian retail prices include GST: the taxable value is
// price x 100 / (100 + rate %), here price x 10 000 / (10 000 + rate in basis points), rounded half up
// to the paisa; the tax is the rest, price - taxable, so taxable + tax = price exactly.
// Rates are arguments (rows with effective dates later, the rate chosen per product), never constants here.
import { BASIS_POINTS, divideRoundHalfUp } from './money';

/** The GST rates in force since 22 September 2025, in basis points: the choices a super admin's list starts from. */
export const GST_RATES_BP = [0, 500, 1800, 4000] as const;

function assertRate(rateBp: number): void {
  if (!Number.isSafeInteger(rateBp) || rateBp < 0 || rateBp > BASIS_POINTS)
    throw new RangeError(`not a GST rate in basis points: ${rateBp}`);
}

/** The taxable value of a price that includes GST at `rateBp`, rounded half up to the paisa. */
export function taxableValue(pricePaise: number, rateBp: number): number {
  assertRate(rateBp);
  return divideRoundHalfUp(pricePaise * BASIS_POINTS, BASIS_POINTS + rateBp);
}

/** A GST-inclusive price split into its taxable value and its tax; taxable + tax = price exactly. */
export function priceSplit(pricePaise: number, rateBp: number): { taxablePaise: number; taxPaise: number } {
  const taxablePaise = taxableValue(pricePaise, rateBp);
  return { taxablePaise, taxPaise: pricePaise - taxablePaise };
}

/** A tax amount as it is charged: CGST + SGST within a state, IGST between states. */
export type TaxSplit = { cgstPaise: number; sgstPaise: number; igstPaise: number };

/**
 * A tax amount split by place of supply: within a state into two halves, CGST + SGST, CGST taking the
 * odd paisa (101 -> 51 + 50) so that they sum to the tax exactly; between states all of it is IGST.
 */
export function splitTax(taxPaise: number, intraState: boolean): TaxSplit {
  if (!Number.isSafeInteger(taxPaise) || taxPaise < 0) throw new RangeError(`not a tax in paise: ${taxPaise}`);
  if (!intraState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  const sgstPaise = Math.floor(taxPaise / 2);
  return { cgstPaise: taxPaise - sgstPaise, sgstPaise, igstPaise: 0 };
}

/**
 * Whether a supply is within one state (CGST + SGST) or between states (IGST): the supplier's state
 * and the place of supply, compared by name without case or surrounding spaces. When either is
 * unknown the supply is taken as between states (IGST), the tax every state's buyer can credit.
 */
export function isIntraState(supplierState: string | null, placeOfSupplyState: string | null): boolean {
  if (!supplierState || !placeOfSupplyState) return false;
  return supplierState.trim().toLowerCase() === placeOfSupplyState.trim().toLowerCase();
}
