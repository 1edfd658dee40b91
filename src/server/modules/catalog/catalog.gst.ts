import { and, desc, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { hsnGstRates, products } from './catalog.tables';

/** Each product's category and HSN code (null: not classified yet), for settling its order items. */
export async function productTaxClasses(
  db: DbOrTx,
  productIds: string[],
): Promise<{ productId: string; categoryId: string; hsnCode: string | null }[]> {
  if (productIds.length === 0) return [];
  return db
    .select({ productId: products.id, categoryId: products.categoryId, hsnCode: products.hsnCode })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]));
}

/** The GST rate (basis points) in force on `day` (YYYY-MM-DD, India) of each HSN code that has one by then. */
export async function gstRatesOn(db: DbOrTx, codes: string[], day: string): Promise<Map<string, number>> {
  const rates = new Map<string, number>();
  if (codes.length === 0) return rates;
  const rows = await db
    .select({ code: hsnGstRates.hsnCode, rateBp: hsnGstRates.rateBp })
    .from(hsnGstRates)
    .where(and(inArray(hsnGstRates.hsnCode, [...new Set(codes)]), lte(hsnGstRates.effectiveFrom, day)))
    .orderBy(desc(hsnGstRates.effectiveFrom));
  for (const r of rows) if (!rates.has(r.code)) rates.set(r.code, r.rateBp);
  return rates;
}
