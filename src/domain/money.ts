/** Rupees to integer paise. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
/** Integer paise to rupees. */
export const toRupees = (paise: number): number => paise / 100;

const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** `₹1,23,456`, with paise only when there are any. */
export function formatRupees(paise: number): string {
  return paise % 100 === 0 ? whole.format(paise / 100) : withPaise.format(paise / 100);
}

/** SPEC section 9: round((original - price) / original x 100); 0 when there is no higher original price. */
export function discountPercent(pricePaise: number, originalPricePaise: number | null | undefined): number {
  if (!originalPricePaise || originalPricePaise <= pricePaise) return 0;
  return Math.round(((originalPricePaise - pricePaise) / originalPricePaise) * 100);
}
