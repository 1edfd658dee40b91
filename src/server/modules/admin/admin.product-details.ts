import type { AdminProduct, AdminProductDetails } from '../../../contracts/admin-products.contract';
import { catalogMessages } from '../../../contracts/catalog.constants';
import type { VendorProduct, VendorProductData } from '../../../contracts/vendor-products.contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/db';
import { auditChanges } from '../audit';
import { getProductSeller, getVendorProduct, lockProductOwner, updateVendorProduct } from '../catalog';
import { foreignProductImages } from '../media';
import { listVendorShops } from '../shops';
import { getAdminProduct } from './admin.products.read-model';
import type { SensitiveTx } from './admin.step-up';

const productNotFound = () => new AppError('NOT_FOUND', catalogMessages.productNotFound);

export type AdminProductDetailsArgs = { db: Db; productId: string };

/** A product as its vendor's form edits it, with the vendor's shops it may move to; NOT_FOUND for an unknown or deleted product. */
export async function getAdminProductDetails({ db, productId }: AdminProductDetailsArgs): Promise<AdminProductDetails> {
  const seller = await getProductSeller(db, productId);
  if (!seller) throw productNotFound();
  const [product, shops] = await Promise.all([
    getVendorProduct({ db, vendorUserId: seller.vendorUserId, productId }),
    listVendorShops(db, seller.vendorUserId),
  ]);
  return { ...product, ownerShops: shops.map(({ id, shopName, isActive }) => ({ id, shopName, isActive })) };
}

/** The fields of the vendor's form, as the audit entry compares them (a combination by its values, not its row id). */
const formFields = (p: VendorProduct) => ({
  name: p.name,
  description: p.description,
  pricePaise: p.pricePaise,
  originalPricePaise: p.originalPricePaise,
  stockQuantity: p.stockQuantity,
  rewardPercentage: p.rewardPercentage,
  categoryId: p.categoryId,
  storeId: p.storeId,
  hsnCode: p.hsnCode,
  images: p.images,
  options: p.options,
  variants: p.variants.map(
    ({ option1Value, option2Value, sku, stockQuantity, pricePaise, originalPricePaise, images }) => ({
      option1Value,
      option2Value,
      sku,
      stockQuantity,
      pricePaise,
      originalPricePaise,
      images,
    }),
  ),
});

export type UpdateAdminProductDetailsArgs = AdminProductDetailsArgs & {
  sensitiveTx: SensitiveTx;
  input: VendorProductData;
};

/**
 * The super admin saves a product's form on its vendor's behalf, by the vendor's own rules (the
 * vendor's shops, active categories, listed HSN codes, pictures already on the product, ordered
 * combinations withdrawn rather than deleted), with a fresh code; audited with each field changed,
 * its old and new values. NOT_FOUND for an unknown or deleted product.
 */
export async function updateAdminProductDetails({
  db,
  sensitiveTx,
  productId,
  input,
}: UpdateAdminProductDetailsArgs): Promise<AdminProduct> {
  await sensitiveTx(async (tx) => {
    const vendorUserId = await lockProductOwner(tx, productId);
    if (!vendorUserId) throw productNotFound();
    const before = await getVendorProduct({ db: tx, vendorUserId, productId });
    const after = await updateVendorProduct({
      db: tx,
      vendorUserId,
      productId,
      input,
      foreignImages: foreignProductImages,
      byModerator: true,
    });
    return {
      audit: {
        action: 'product_updated',
        resourceType: 'product',
        resourceId: productId,
        newData: { name: after.name, changes: auditChanges(formFields(before), formFields(after)) },
      },
    };
  });
  return getAdminProduct(db, productId);
}
