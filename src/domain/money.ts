// Points, paise and rupees convert here and nowhere else: 1 point = 1 rupee = 100 paise.
// src/domain/money-rule.test.ts fails on a bare `* 100` or `/ 100` anywhere else in src/.

/** 1 rupee = 100 paise. */
export const PAISE_PER_RUPEE = 100;
/** 1 point = 1 rupee = 100 paise. */
export const PAISE_PER_POINT = 100;

/** Rupees to integer paise. */
export const toPaise = (rupees: number): number => Math.round(rupees * PAISE_PER_RUPEE);
/** Integer paise to rupees. */
export const toRupees = (paise: number): number => paise / PAISE_PER_RUPEE;
/** Whole points to the paise they are worth. */
export const pointsToPaise = (points: number): number => points * PAISE_PER_POINT;
/** The whole points that paise pay for (rounded down). */
export const wholePointsIn = (paise: number): number => Math.floor(paise / PAISE_PER_POINT);

/** `value` is a whole number of its smaller unit (`perUnit` of them to one), within float error. */
const isWholeIn = (value: number, perUnit: number): boolean =>
  Math.abs(value * perUnit - Math.round(value * perUnit)) < 1e-6;

/** A rupee amount with at most two decimals, that is a whole number of paise (within float error). */
export const isWholePaise = (rupees: number): boolean => isWholeIn(rupees, PAISE_PER_RUPEE);

/**
 * Rupees as text, without grouping commas ('499', '1499.5', '1499.50'), to integer paise; null unless it is
 * digits with at most two decimals and at most `maxWholeDigits` digits before the point.
 */
export function parseRupees(text: string, maxWholeDigits = Infinity): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m || m[1].length > maxWholeDigits) return null;
  return Number(m[1]) * PAISE_PER_RUPEE + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Paise as the rupees a person types ('250000', '1500.50'); '' for none. */
export function rupeesForInput(paise: number | null): string {
  if (paise === null) return '';
  return paise % PAISE_PER_RUPEE === 0 ? String(toRupees(paise)) : toRupees(paise).toFixed(2);
}

/** Paise as rupees with exactly two decimals and no grouping, as files for accounts write them: '2.60', '-1237.14', '0.00'. */
export function rupeesDecimal(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`not a whole number of paise: ${paise}`);
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / PAISE_PER_RUPEE);
  return `${paise < 0 ? '-' : ''}${rupees}.${String(abs % PAISE_PER_RUPEE).padStart(2, '0')}`;
}

const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** `₹1,25,000.00`: always with paise, as a tax invoice writes amounts. */
export function formatRupeesWithPaise(paise: number): string {
  return withPaise.format(toRupees(paise));
}

/** `₹1,23,456`, with paise only when there are any. */
export function formatRupees(paise: number): string {
  return paise % PAISE_PER_RUPEE === 0 ? whole.format(toRupees(paise)) : withPaise.format(toRupees(paise));
}

/** 1 = 0.01 %: rates (GST, commission, TCS, TDS) are integer basis points, 500 = 5 %, 1800 = 18 %. */
export const BASIS_POINTS = 10_000;

/** 1 % = 100 basis points. */
export const BASIS_POINTS_PER_PERCENT = 100;

/** A percentage with at most two decimals (8.5, 0.25) as integer basis points: 8.5 % = 850 bp. */
export const percentToBasisPoints = (percent: number): number => Math.round(percent * BASIS_POINTS_PER_PERCENT);
/** Integer basis points as a percentage: 850 bp = 8.5 %. */
export const basisPointsToPercent = (bp: number): number => bp / BASIS_POINTS_PER_PERCENT;
/** A percentage that is a whole number of basis points, that is at most two decimals (within float error). */
export const isWholeBasisPoints = (percent: number): boolean => isWholeIn(percent, BASIS_POINTS_PER_PERCENT);

/**
 * numerator / denominator rounded half up to an integer, in exact integer arithmetic (Haat's one
 * rounding rule: a half paisa or more rounds up, less rounds down). Both must be non-negative safe
 * integers, the denominator positive.
 */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || numerator < 0)
    throw new RangeError(`not a non-negative integer: ${numerator}`);
  if (!Number.isSafeInteger(denominator) || denominator <= 0)
    throw new RangeError(`not a positive integer: ${denominator}`);
  const doubled = 2 * numerator + denominator;
  if (!Number.isSafeInteger(doubled)) throw new RangeError(`too large to divide exactly: ${numerator}`);
  const twice = 2 * denominator;
  return (doubled - (doubled % twice)) / twice; // exact: both sides are integers
}

/** `bp` basis points of `paise`, rounded half up to the paisa: ofBasisPoints(1999, 50) = 9.995 -> 10. */
export function ofBasisPoints(paise: number, bp: number): number {
  if (!Number.isSafeInteger(bp) || bp < 0) throw new RangeError(`not a rate in basis points: ${bp}`);
  const product = paise * bp;
  if (!Number.isSafeInteger(product)) throw new RangeError(`too large to multiply exactly: ${paise} x ${bp}`);
  return divideRoundHalfUp(product, BASIS_POINTS);
}

/** SPEC section 9: round((original - price) / original x 100); 0 when there is no higher original price. */
export function discountPercent(pricePaise: number, originalPricePaise: number | null | undefined): number {
  if (!originalPricePaise || originalPricePaise <= pricePaise) return 0;
  return Math.round(((originalPricePaise - pricePaise) / originalPricePaise) * 100);
}

/** The whole points worth at least `paise` (rounded up): a refund paid in points never pays less than is owed. */
export const pointsCoveringPaise = (paise: number): number => Math.ceil(paise / PAISE_PER_POINT);
