import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';
import { shopRows } from '../shops';
import { isUuid, visibleToShoppers } from './catalog.cards';
import { products } from './catalog.tables';

/** What checkout and the cart need to know about a product that may be bought now. */
export type Purchasable = {
  id: string;
  name: string;
  pricePaise: number;
  rewardPercentage: number;
  stockQuantity: number;
  storeId: string;
  storeName: string;
  imageUrl: string | null;
  categoryId: string;
  /** Whether the shop delivers: only then can the product be ordered. */
  delivers: boolean;
};

/** The given products that are active and whose shop is active, as they are now; others are simply absent. */
export async function getPurchasable(tx: DbOrTx, productIds: string[]): Promise<Purchasable[]> {
  const ids = [...new Set(productIds.filter(isUuid))];
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      rewardPercentage: products.rewardPercentage,
      stockQuantity: products.stockQuantity,
      storeId: products.storeId,
      storeName: shopRows.shopName,
      imageUrl: products.imageUrl,
      categoryId: products.categoryId,
      delivers: shopRows.deliveryAvailable,
    })
    .from(products)
    .innerJoin(shopRows, eq(shopRows.id, products.storeId))
    .where(and(inArray(products.id, ids), visibleToShoppers));
  return rows.map((r) => ({ ...r, pricePaise: Number(r.pricePaise), rewardPercentage: Number(r.rewardPercentage) }));
}

function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError(`Stock quantity must be a positive whole number, got ${quantity}`);
}

/**
 * Takes `quantity` units of a product's stock in one conditional UPDATE, so concurrent buyers can
 * never take it below 0; false (and nothing changed) when there is not enough.
 */
export async function takeStock(tx: Tx, productId: string, quantity: number): Promise<boolean> {
  assertQuantity(quantity);
  if (!isUuid(productId)) return false;
  const rows = await tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} - ${quantity}`, updatedAt: sql`now()` })
    .where(and(eq(products.id, productId), gte(products.stockQuantity, quantity)))
    .returning({ id: products.id });
  return rows.length === 1;
}

/** Puts `quantity` units back into a product's stock (a cancelled order). */
export async function returnStock(tx: Tx, productId: string, quantity: number): Promise<void> {
  assertQuantity(quantity);
  await tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} + ${quantity}`, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

/** A product's name, bought or not (also withdrawn or of a closed shop), or null when there is no such product. */
export async function getProductName(db: DbOrTx, productId: string): Promise<string | null> {
  const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId));
  return row?.name ?? null;
}
