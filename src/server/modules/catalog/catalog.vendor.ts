import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { VendorProductReview } from '../../../contracts/product-review.contract';
import type {
  VendorProduct,
  VendorProductData,
  VendorProductDeleted,
  VendorProductListQuery,
  VendorProductPage,
} from '../../../contracts/vendor-products.contract';
import { vendorProductMessages } from '../../../contracts/vendor-products.contract';
import { rateMessages } from '../../../contracts/settlement-rates.contract';
import { toPaise } from '../../../domain/money';
import { AppError } from '../../platform/app-error';
import type { Db, DbOrTx } from '../../platform/db';
import { getOwnShop, shopRows } from '../shops';
import { isUuid } from '../../../contracts/common.contract';
import { isHsnCode } from './catalog.hsn';
import {
  inReviewScope,
  liveReviewColumns,
  reviewEdit,
  reviewOf,
  reviewsOfProducts,
  submitNewProduct,
} from './catalog.review';
import { categories, productRevisions, products, productVariants } from './catalog.tables';
import { listVariantsOfProducts, saveProductVariants, type ProductVariant } from './catalog.variants';
import { containsPattern } from '../../platform/list-query';
import {
  assertOwnImages,
  givesOptions,
  imagesOnProduct,
  optionsOf,
  skuClashAsFieldError,
  toOptionsInput,
  type ForeignImages,
} from './catalog.vendor-options';

// Vendor product management. Every statement is limited to the caller's shops in its own WHERE
// clause (`store_id in (select id from vendor_shops where vendor_id = caller)`), so another vendor's
// product is simply not found, never loaded and then refused.

const productNotFound = () => new AppError('NOT_FOUND', vendorProductMessages.notFound);
const badField = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: message });

/** The ids of the vendor's shops, as a subquery for `store_id in (...)`. */
const ownShopIds = (db: DbOrTx, vendorUserId: string) =>
  db.select({ id: shopRows.id }).from(shopRows).where(eq(shopRows.vendorId, vendorUserId));
// A product the super admin deleted (withdrawn, kept for its orders) is nobody's to see or change.
const notWithdrawn = isNull(products.withdrawnAt);
const ownProduct = (db: DbOrTx, vendorUserId: string, productId: string): SQL =>
  and(eq(products.id, productId), inArray(products.storeId, ownShopIds(db, vendorUserId)), notWithdrawn)!;

const columns = {
  id: products.id,
  name: products.name,
  description: products.description,
  pricePaise: products.pricePaise,
  originalPricePaise: products.originalPricePaise,
  stockQuantity: products.stockQuantity,
  rewardPercentage: products.rewardPercentage,
  isActive: products.isActive,
  categoryId: products.categoryId,
  categoryName: categories.name,
  hsnCode: products.hsnCode,
  storeId: products.storeId,
  storeName: shopRows.shopName,
  storeIsActive: shopRows.isActive,
  imageUrl: products.imageUrl,
  images: products.images,
  option1Name: products.option1Name,
  option2Name: products.option2Name,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

const selectVendorProducts = (db: DbOrTx) =>
  db
    .select(columns)
    .from(products)
    .innerJoin(shopRows, eq(shopRows.id, products.storeId))
    .innerJoin(categories, eq(categories.id, products.categoryId));
type Row = Awaited<ReturnType<typeof selectVendorProducts>>[number];

function toVendorProduct(
  { option1Name, option2Name, ...r }: Row,
  variants: ProductVariant[],
  review: VendorProductReview,
): VendorProduct {
  // Older rows may carry only image_url; the gallery then is that one picture.
  const images = r.images.length > 0 ? r.images : r.imageUrl ? [r.imageUrl] : [];
  return {
    ...r,
    options: optionsOf({ option1Name, option2Name }, variants),
    variants,
    review,
    pricePaise: Number(r.pricePaise),
    originalPricePaise: r.originalPricePaise === null ? null : Number(r.originalPricePaise),
    rewardPercentage: Number(r.rewardPercentage),
    imageUrl: images[0] ?? null,
    images,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export type ListVendorProductsArgs = { db: DbOrTx; vendorUserId: string; query: VendorProductListQuery };

/** One page of the vendor's products over all their shops, newest first, by name search, category and status. */
export async function listVendorProducts({
  db,
  vendorUserId,
  query,
}: ListVendorProductsArgs): Promise<VendorProductPage> {
  const { q, categoryId, status, page, pageSize } = query;
  const where = and(
    inArray(products.storeId, ownShopIds(db, vendorUserId)),
    notWithdrawn,
    q ? ilike(products.name, containsPattern(q)) : undefined,
    categoryId ? eq(products.categoryId, categoryId) : undefined,
    status === 'active'
      ? eq(products.isActive, true)
      : status === 'inactive'
        ? eq(products.isActive, false)
        : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    selectVendorProducts(db)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(products).where(where),
  ]);
  // The page's variants in one query, not one per product.
  const ids = rows.map((r) => r.id);
  const [variants, reviews] = await Promise.all([listVariantsOfProducts(db, ids), reviewsOfProducts(db, ids)]);
  return {
    items: rows.map((r) => toVendorProduct(r, variants.get(r.id) ?? [], reviewOf(reviews, r.id))),
    total: Number(total),
    page,
    pageSize,
  };
}

export type VendorProductArgs = { db: DbOrTx; vendorUserId: string; productId: string };

/** One of the vendor's products; NOT_FOUND 'Product not found' for a product of another vendor. */
export async function getVendorProduct({ db, vendorUserId, productId }: VendorProductArgs): Promise<VendorProduct> {
  if (!isUuid(productId)) throw productNotFound();
  const [row] = await selectVendorProducts(db)
    .where(ownProduct(db, vendorUserId, productId))
    .limit(1);
  if (!row) throw productNotFound();
  const [variants, reviews] = await Promise.all([
    listVariantsOfProducts(db, [row.id]),
    reviewsOfProducts(db, [row.id]),
  ]);
  return toVendorProduct(row, variants.get(row.id) ?? [], reviewOf(reviews, row.id));
}

/**
 * The product's columns from the form but its stock: rupees become paise, the first image is the
 * main one. (The stock is the form's only without options; with options the variants' sum.)
 */
function toColumns(input: VendorProductData) {
  return {
    name: input.name,
    description: input.description,
    pricePaise: toPaise(input.price),
    originalPricePaise: input.originalPrice === undefined ? null : toPaise(input.originalPrice),
    rewardPercentage: input.rewardPercentage,
    categoryId: input.categoryId,
    storeId: input.storeId,
    images: input.images,
    imageUrl: input.images[0] ?? null,
    // Left out (an older client's edit): the product keeps its code.
    ...(input.hsnCode === undefined ? {} : { hsnCode: input.hsnCode }),
  };
}

/** 400 on the HSN field unless the code is on the super admin's list (none chosen is fine). */
async function assertHsnCode(tx: DbOrTx, hsnCode: string | null | undefined): Promise<void> {
  if (hsnCode && !(await isHsnCode(tx, hsnCode))) throw badField('hsnCode', rateMessages.chooseHsn);
}

/** 400 on the shop field unless the shop is one of the vendor's. */
async function assertOwnShop(tx: DbOrTx, vendorUserId: string, storeId: string): Promise<void> {
  if (!(await getOwnShop(tx, vendorUserId, storeId))) throw badField('storeId', vendorProductMessages.selectShop);
}

/** 400 on the category field unless the category is active (or is the product's current one). */
async function assertCategory(tx: DbOrTx, categoryId: string, currentCategoryId: string | null): Promise<void> {
  const usable = currentCategoryId
    ? or(eq(categories.isActive, true), eq(categories.id, currentCategoryId))
    : eq(categories.isActive, true);
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), usable))
    .limit(1);
  if (!row) throw badField('categoryId', vendorProductMessages.unknownCategory);
}

export type CreateVendorProductArgs = {
  db: Db;
  vendorUserId: string;
  input: VendorProductData;
  foreignImages?: ForeignImages;
};

/** Creates an active product in one of the vendor's shops; 400 on the shop, category or a picture that is not the vendor's. */
export async function createVendorProduct({
  db,
  vendorUserId,
  input,
  foreignImages,
}: CreateVendorProductArgs): Promise<VendorProduct> {
  const id = await db
    .transaction(async (tx) => {
      await assertOwnShop(tx, vendorUserId, input.storeId);
      await assertCategory(tx, input.categoryId, null);
      await assertHsnCode(tx, input.hsnCode);
      await assertOwnImages(tx, vendorUserId, input, [], foreignImages);
      const withOptions = givesOptions(input);
      const [row] = await tx
        .insert(products)
        .values({ ...toColumns(input), stockQuantity: withOptions ? 0 : input.stockQuantity, isActive: true })
        .returning({ id: products.id });
      // With options the product's stock becomes its combinations' sum.
      if (withOptions) await saveProductVariants(tx, row.id, toOptionsInput(input));
      // In the review's scope it waits for a moderator, off the storefront.
      if (await inReviewScope(tx, { vendorUserId, categoryIds: [input.categoryId] }))
        await submitNewProduct(tx, row.id, input.name);
      return row.id;
    })
    .catch((e: unknown) => {
      throw skuClashAsFieldError(e, input);
    });
  return getVendorProduct({ db, vendorUserId, productId: id });
}

export type UpdateVendorProductArgs = VendorProductArgs & {
  db: Db;
  input: VendorProductData;
  foreignImages?: ForeignImages;
  /** The super admin's own edit: a moderator's, so nothing of it waits for review. */
  byModerator?: boolean;
};

/**
 * Replaces every field of one of the vendor's products (it may move to another of their shops; its
 * pictures are its current ones or the vendor's own uploads) and, when the form gives them, its
 * options and combinations (one that was ordered is withdrawn, not deleted); NOT_FOUND otherwise.
 */
export async function updateVendorProduct({
  db,
  vendorUserId,
  productId,
  input,
  foreignImages,
  byModerator = false,
}: UpdateVendorProductArgs): Promise<VendorProduct> {
  if (!isUuid(productId)) throw productNotFound();
  await db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ ...liveReviewColumns, option1Name: products.option1Name })
        .from(products)
        .where(ownProduct(tx, vendorUserId, productId))
        .for('update');
      if (!current) throw productNotFound();
      await assertOwnShop(tx, vendorUserId, input.storeId);
      await assertCategory(tx, input.categoryId, current.categoryId);
      await assertHsnCode(tx, input.hsnCode);
      await assertOwnImages(tx, vendorUserId, input, await imagesOnProduct(tx, productId, current), foreignImages);
      // Reviewed fields held back for a moderator keep their live values until approved.
      const held = byModerator ? null : await reviewEdit(tx, { productId, vendorUserId, live: current, wanted: input });
      const live = current;
      const kept = held
        ? {
            ...(held.name === undefined ? {} : { name: live.name }),
            ...(held.description === undefined ? {} : { description: live.description }),
            ...(held.images === undefined ? {} : { images: live.images, imageUrl: live.imageUrl }),
            ...(held.categoryId === undefined ? {} : { categoryId: live.categoryId }),
            ...(held.hsnCode === undefined ? {} : { hsnCode: live.hsnCode }),
          }
        : {};
      await tx
        .update(products)
        .set({ ...toColumns(input), ...kept, updatedAt: sql`now()` })
        .where(ownProduct(tx, vendorUserId, productId));
      // Options left out (an older client): the product keeps them, and with them its stock as their sum.
      const hasOptions = input.options === undefined ? current.option1Name !== null : givesOptions(input);
      if (hasOptions && input.options !== undefined) await saveProductVariants(tx, productId, toOptionsInput(input));
      // Options dropped: the combinations go first (their stock leaves the product's), then the form's stock applies.
      if (!hasOptions && current.option1Name !== null)
        await saveProductVariants(tx, productId, { option1Name: null, option2Name: null, variants: [] });
      if (!hasOptions)
        await tx.update(products).set({ stockQuantity: input.stockQuantity }).where(eq(products.id, productId));
    })
    .catch((e: unknown) => {
      throw skuClashAsFieldError(e, input);
    });
  return getVendorProduct({ db, vendorUserId, productId });
}

export type SetVendorProductStatusArgs = VendorProductArgs & { isActive: boolean };

/** Activates or deactivates one of the vendor's products; an inactive product leaves the storefront at once. */
export async function setVendorProductStatus({
  db,
  vendorUserId,
  productId,
  isActive,
}: SetVendorProductStatusArgs): Promise<VendorProduct> {
  if (!isUuid(productId)) throw productNotFound();
  const updated = await db
    .update(products)
    .set({ isActive, updatedAt: sql`now()` })
    .where(ownProduct(db, vendorUserId, productId))
    .returning({ id: products.id });
  if (updated.length === 0) throw productNotFound();
  return getVendorProduct({ db, vendorUserId, productId });
}

const isForeignKeyViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err.cause?.code ?? err.code) === '23503';
};

/**
 * Deletes one of the vendor's products. Order items keep referring to a product that was sold, so
 * such a product is deactivated instead (it leaves the storefront; the orders keep their history).
 */
export async function deleteVendorProduct({
  db,
  vendorUserId,
  productId,
}: VendorProductArgs & { db: Db }): Promise<VendorProductDeleted> {
  if (!isUuid(productId)) throw productNotFound();
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: products.id })
      .from(products)
      .where(ownProduct(tx, vendorUserId, productId))
      .for('update');
    if (!own) throw productNotFound();
    try {
      // A savepoint: when order_items refer to the product, only this delete is rolled back.
      await tx.transaction(async (sp) => {
        await sp.delete(products).where(ownProduct(sp, vendorUserId, productId));
      });
      return { deleted: true, deactivated: false, message: vendorProductMessages.deleted };
    } catch (e) {
      if (!isForeignKeyViolation(e)) throw e;
    }
    await tx
      .update(products)
      .set({ isActive: false, updatedAt: sql`now()` })
      .where(ownProduct(tx, vendorUserId, productId));
    return { deleted: false, deactivated: true, message: vendorProductMessages.deactivatedInstead };
  });
}

/** True when the product belongs to one of the vendor's shops (for image uploads to that product). */
export async function isOwnProduct(db: DbOrTx, vendorUserId: string, productId: string): Promise<boolean> {
  if (!isUuid(productId)) return false;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(ownProduct(db, vendorUserId, productId))
    .limit(1);
  return Boolean(row);
}

/**
 * Takes a retired picture off one of the vendor's products, inside the caller's transaction: it
 * leaves the gallery, and the next picture becomes the main one (no-op when the product does not
 * show it or is not the vendor's).
 */
export async function removeProductImage(
  tx: DbOrTx,
  vendorUserId: string,
  productId: string,
  url: string,
): Promise<void> {
  if (!isUuid(productId)) return;
  // Its combinations on sale stop showing it too (withdrawn ones keep it for their orders).
  await tx
    .update(productVariants)
    .set({ images: sql`array_remove(${productVariants.images}, ${url}::text)`, updatedAt: sql`now()` })
    .where(
      and(
        eq(productVariants.productId, productId),
        isNull(productVariants.withdrawnAt),
        sql`${url}::text = any(${productVariants.images})`,
        inArray(
          productVariants.productId,
          tx
            .select({ id: products.id })
            .from(products)
            .where(ownProduct(tx, vendorUserId, productId)),
        ),
      ),
    );
  const remaining = sql`array_remove(${products.images}, ${url}::text)`;
  await tx
    .update(products)
    .set({ images: remaining, imageUrl: sql`(${remaining})[1]`, updatedAt: sql`now()` })
    .where(
      and(
        ownProduct(tx, vendorUserId, productId),
        or(sql`${url}::text = any(${products.images})`, eq(products.imageUrl, url)),
      ),
    );
}

/**
 * True when one of the vendor's products, one of their combinations, or a change of one waiting for
 * review still shows the picture (a vendor may put one picture on several products), withdrawn ones
 * included: they are kept for their orders, which show the product's picture. Its file must then stay.
 */
export async function isImageOnVendorProduct(db: DbOrTx, vendorUserId: string, url: string): Promise<boolean> {
  const onVariant = sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${url}::text = any(${productVariants.images}))`;
  // A change waiting for review may propose it: its file stays until the change is decided.
  const proposed = sql`exists (select 1 from ${productRevisions} where ${productRevisions.productId} = ${products.id}
    and ${productRevisions.status} = 'pending'
    and ${productRevisions.proposed}->'images' @> jsonb_build_array(${url}::text))`;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        inArray(products.storeId, ownShopIds(db, vendorUserId)),
        or(sql`${url}::text = any(${products.images})`, eq(products.imageUrl, url), onVariant, proposed),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** How many products the vendor has over all their shops, and how many of them are active. */
export async function countVendorProducts(
  db: DbOrTx,
  vendorUserId: string,
): Promise<{ total: number; active: number }> {
  const [row] = await db
    .select({ total: count(), active: sql<number>`count(*) filter (where ${products.isActive})` })
    .from(products)
    .where(and(inArray(products.storeId, ownShopIds(db, vendorUserId)), notWithdrawn));
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
}
