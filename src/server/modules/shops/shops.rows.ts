import { QueryBuilder } from 'drizzle-orm/pg-core';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { vendorShops } from './shops.tables';

/**
 * The shops as other modules' reads join them, in one statement: a read-only row source of the
 * columns they may read (`innerJoin(shopRows, eq(shopRows.id, products.storeId))`). PostgreSQL pulls
 * a plain subquery up into the join, so the plan is the one a join with vendor_shops itself gets.
 */
export const shopRows = new QueryBuilder()
  .select({
    id: vendorShops.id,
    vendorId: vendorShops.vendorId,
    shopName: vendorShops.shopName,
    city: vendorShops.city,
    logoUrl: vendorShops.logoUrl,
    isActive: vendorShops.isActive,
    vendorApproved: vendorShops.vendorApproved,
    deliveryAvailable: vendorShops.deliveryAvailable,
    codEnabled: vendorShops.codEnabled,
    state: vendorShops.state,
  })
  .from(vendorShops)
  .as('shop_rows');

/** Shoppers see a shop's products only while the shop is open and its vendor approved (a condition on a join with shopRows). */
export const shopRowOpenToShoppers: SQL = sql`(${shopRows.isActive} and ${shopRows.vendorApproved})`;

/** SQL, the ids (a json array, '[]' for none) of the shops whose name matches the full-text query `tsQuery`. */
export const shopIdsNamed = (tsQuery: SQL): SQL =>
  sql`coalesce((select json_agg(s.id) from vendor_shops s where to_tsvector('english', s.shop_name) @@ ${tsQuery}), '[]')`;

/** Who sells through each shop and where it is (GST's supplier state when its vendor has no GSTIN), for settling order items. */
export async function shopSellers(
  db: DbOrTx,
  storeIds: string[],
): Promise<{ storeId: string; vendorUserId: string; shopName: string; state: string | null }[]> {
  if (storeIds.length === 0) return [];
  return db
    .select({
      storeId: vendorShops.id,
      vendorUserId: vendorShops.vendorId,
      shopName: vendorShops.shopName,
      state: vendorShops.state,
    })
    .from(vendorShops)
    .where(inArray(vendorShops.id, [...new Set(storeIds)]));
}

/** A shop's name and address, as its vendor's tax invoices print it (null for an unknown shop). */
export async function shopAddress(
  db: DbOrTx,
  storeId: string,
): Promise<{
  shopName: string;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
} | null> {
  const [row] = await db
    .select({
      shopName: vendorShops.shopName,
      address: vendorShops.address,
      city: vendorShops.city,
      state: vendorShops.state,
      postalCode: vendorShops.postalCode,
    })
    .from(vendorShops)
    .where(eq(vendorShops.id, storeId));
  return row ?? null;
}
