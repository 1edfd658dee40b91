import { eq, sql } from 'drizzle-orm';
import { catalogMessages } from '../../../contracts/catalog.contract';
import { AppError } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/db';
import { isUuid } from './catalog.cards';
import { products } from './catalog.tables';

export type SetProductActiveByAdminArgs = { productId: string; isActive: boolean };
export type ProductActiveChange = { id: string; name: string; isActive: boolean; wasActive: boolean };

/**
 * The super admin disables or enables any product, inside the caller's transaction (where the
 * step-up code is spent and the audit entry written); NOT_FOUND for an unknown product. Shoppers'
 * lists and product pages read is_active on every request (nothing is cached on the server), so a
 * disabled product leaves the storefront at once.
 */
export async function setProductActiveByAdmin(tx: DbOrTx, { productId, isActive }: SetProductActiveByAdminArgs): Promise<ProductActiveChange> {
  if (!isUuid(productId)) throw new AppError('NOT_FOUND', catalogMessages.productNotFound);
  // Locked first, so the previous state recorded in the audit entry is the one this change replaced.
  const [current] = await tx.select({ isActive: products.isActive }).from(products).where(eq(products.id, productId)).for('update');
  if (!current) throw new AppError('NOT_FOUND', catalogMessages.productNotFound);
  const [row] = await tx
    .update(products)
    .set({ isActive, updatedAt: sql`now()` })
    .where(eq(products.id, productId))
    .returning({ id: products.id, name: products.name, isActive: products.isActive });
  return { ...row, wasActive: current.isActive };
}
