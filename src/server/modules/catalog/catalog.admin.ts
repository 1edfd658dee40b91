import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { catalogMessages } from '../../../contracts/catalog.contract';
import { AppError } from '../../platform/app-error';
import type { DbOrTx, Tx } from '../../platform/db';
import { shopRows } from '../shops';
import { isUuid } from '../../../contracts/common.contract';
import { products } from './catalog.tables';

export type SetProductActiveByAdminArgs = { productId: string; isActive: boolean };
export type ProductActiveChange = { id: string; name: string; isActive: boolean; wasActive: boolean };

/**
 * The super admin disables or enables any product, inside the caller's transaction (where the
 * step-up code is spent and the audit entry written); NOT_FOUND for an unknown product. Shoppers'
 * lists and product pages read is_active on every request (nothing is cached on the server), so a
 * disabled product leaves the storefront at once.
 */
export async function setProductActiveByAdmin(
  tx: DbOrTx,
  { productId, isActive }: SetProductActiveByAdminArgs,
): Promise<ProductActiveChange> {
  if (!isUuid(productId)) throw new AppError('NOT_FOUND', catalogMessages.productNotFound);
  // Locked first, so the previous state recorded in the audit entry is the one this change replaced.
  const [current] = await tx
    .select({ isActive: products.isActive })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.withdrawnAt)))
    .for('update');
  if (!current) throw new AppError('NOT_FOUND', catalogMessages.productNotFound);
  const [row] = await tx
    .update(products)
    .set({ isActive, updatedAt: sql`now()` })
    .where(eq(products.id, productId))
    .returning({ id: products.id, name: products.name, isActive: products.isActive });
  return { ...row, wasActive: current.isActive };
}

/**
 * The vendor whose shop sells the product, with the product's row locked in the caller's
 * transaction (the super admin edits it on that vendor's behalf, and the state the audit entry
 * records as before is the one the edit replaces); null for an unknown or deleted product.
 */
export async function lockProductOwner(tx: Tx, productId: string): Promise<string | null> {
  if (!isUuid(productId)) return null;
  const [row] = await tx
    .select({ vendorUserId: shopRows.vendorId })
    .from(products)
    .innerJoin(shopRows, eq(shopRows.id, products.storeId))
    .where(and(eq(products.id, productId), isNull(products.withdrawnAt)))
    .for('update', { of: products });
  return row?.vendorUserId ?? null;
}

// Withdrawn: inactive for good, off every list, kept for the orders that name it.
const withdrawal = () => ({ isActive: false, withdrawnAt: sql`now()`, updatedAt: sql`now()` });

export type ProductDeletion = { id: string; name: string; outcome: 'removed' | 'withdrawn' };

/**
 * The super admin deletes a product, inside the caller's transaction: one that was ever ordered is
 * withdrawn (inactive for good, gone from every list, kept for the orders that name it); any other
 * is removed. NOT_FOUND for an unknown or already deleted product. Whether it was ordered is asked of
 * the caller (orders sit above catalog), after the product's row is locked.
 */
export async function deleteProductByAdmin(
  tx: Tx,
  productId: string,
  wasOrdered: (tx: Tx, productId: string) => Promise<boolean>,
): Promise<ProductDeletion> {
  if (!isUuid(productId)) throw new AppError('NOT_FOUND', catalogMessages.productNotFound);
  const [current] = await tx
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.withdrawnAt)))
    .for('update');
  if (!current) throw new AppError('NOT_FOUND', catalogMessages.productNotFound);
  if (await wasOrdered(tx, productId)) {
    await tx.update(products).set(withdrawal()).where(eq(products.id, productId));
    return { id: productId, name: current.name, outcome: 'withdrawn' };
  }
  await tx.delete(products).where(eq(products.id, productId));
  return { id: productId, name: current.name, outcome: 'removed' };
}

/** Withdraws every product of the given shops (a deleted vendor's): inactive for good and gone from every list; answers how many. */
export async function withdrawShopProducts(tx: Tx, storeIds: string[]): Promise<number> {
  if (storeIds.length === 0) return 0;
  const rows = await tx
    .update(products)
    .set(withdrawal())
    .where(and(inArray(products.storeId, storeIds), isNull(products.withdrawnAt)))
    .returning({ id: products.id });
  return rows.length;
}
