import type { AdminProduct } from '../../../contracts/admin-products.contract';
import type { Db } from '../../platform/db';
import { setProductActiveByAdmin } from '../catalog';
import { getAdminProduct } from './admin.read-model';
import type { SensitiveTx } from './admin.step-up';

export type SetAdminProductActiveArgs = {
  db: Db;
  sensitiveTx: SensitiveTx;
  productId: string;
  isActive: boolean;
};

/**
 * Disables (off the storefront) or enables a product: the fresh code is spent, the change made and
 * the audit entry written in one transaction, so a refused code changes nothing.
 */
export async function setAdminProductActive({ db, sensitiveTx, productId, isActive }: SetAdminProductActiveArgs): Promise<AdminProduct> {
  await sensitiveTx(async (tx) => {
    const changed = await setProductActiveByAdmin(tx, { productId, isActive });
    return { audit: { action: isActive ? 'product_enabled' : 'product_disabled', resourceType: 'product', resourceId: productId, newData: { name: changed.name, isActive, wasActive: changed.wasActive } } };
  });
  return getAdminProduct(db, productId);
}
