/**
 * A customer's cashback on a UPI payment, in whole points (1 point = ₹1): the floor of the amount in
 * rupees times the merchant's percentage / 100. Worked in integers (paise and hundredths of a
 * percent, as numeric(5,2) stores it), so 2.5 % of ₹999 is 24 points, never 24.974999.
 */
export function cashbackPoints(amountPaise: number, percentage: number): number {
  if (!Number.isInteger(amountPaise) || amountPaise <= 0) return 0;
  const hundredths = Math.round(percentage * 100);
  if (hundredths <= 0) return 0;
  return Math.floor((amountPaise * hundredths) / 1_000_000);
}
