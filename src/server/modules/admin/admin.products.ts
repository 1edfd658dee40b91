import type { AdminProduct } from '../../../contracts/admin-products.contract';
import type { Db } from '../../platform/db';
import { getProductSeller, setProductActiveByAdmin } from '../catalog';
import { notify } from '../notifications';
import { getAdminProduct } from './admin.products.read-model';
import type { SensitiveTx } from './admin.step-up';

export type SetAdminProductActiveArgs = {
  db: Db;
  sensitiveTx: SensitiveTx;
  productId: string;
  isActive: boolean;
};

/**
 * Disables (off the storefront) or enables a product: the fresh code is spent, the change made and
 * the audit entry written in one transaction, so a refused code changes nothing. A disabled
 * product's vendor is told, in that transaction.
 */
export async function setAdminProductActive({
  db,
  sensitiveTx,
  productId,
  isActive,
}: SetAdminProductActiveArgs): Promise<AdminProduct> {
  await sensitiveTx(async (tx) => {
    const changed = await setProductActiveByAdmin(tx, { productId, isActive });
    // Its vendor hears of a product taken off the storefront; disabling one already disabled tells nobody.
    if (!isActive && changed.wasActive) {
      const seller = await getProductSeller(tx, productId);
      if (seller)
        await notify(tx, {
          kind: 'vendor-product-disabled',
          to: { userId: seller.vendorUserId },
          data: { productName: seller.name, productId },
        });
    }
    return {
      audit: {
        action: isActive ? 'product_enabled' : 'product_disabled',
        resourceType: 'product',
        resourceId: productId,
        newData: { name: changed.name, isActive, wasActive: changed.wasActive },
      },
    };
  });
  return getAdminProduct(db, productId);
}
