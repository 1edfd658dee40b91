import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  catalogMessages,
  MAX_PRODUCT_IMAGES,
  type Category,
  type ProductDetail,
  type ReviewPage,
} from '../../../contracts/catalog.contract';
import { AppError } from '../../platform/app-error';
import { builtOncePer, type DbOrTx, type Tx } from '../../platform/db';
import { profileRows } from '../auth';
import { shopRows } from '../shops';
import { cardColumns, priceRangeOf, rangeOf, toCard, visibleToShoppers } from './catalog.cards';
import { isUuid } from '../../../contracts/common.contract';
import { orderMessages } from '../../../contracts/orders.contract';
import { categories, products, reviews } from './catalog.tables';
import { listVariantsForShoppers } from './catalog.variants';

const productNotFound = () => new AppError('NOT_FOUND', catalogMessages.productNotFound);

/** The active categories, in their display order (sort_order, then name). */
export async function listCategories({ db }: { db: DbOrTx }): Promise<Category[]> {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** The names of the given categories, active or not, by id (an unknown id is left out). */
export async function categoryNames(db: DbOrTx, categoryIds: readonly string[]): Promise<Map<string, string>> {
  const ids = categoryIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A product's page row with its price range (for a product with options), prepared once per database. */
const productOfPage = builtOncePer((db) => {
  const range = priceRangeOf(products);
  return db
    .select({
      ...cardColumns,
      description: products.description,
      images: products.images,
      createdAt: products.createdAt,
      storeCity: shopRows.city,
      storeLogoUrl: shopRows.logoUrl,
      option2Name: products.option2Name,
      priceMin: range.priceMin,
      priceMax: range.priceMax,
    })
    .from(products)
    .innerJoin(shopRows, eq(shopRows.id, products.storeId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoinLateral(range, sql`true`)
    .where(and(eq(products.id, sql.placeholder('productId')), visibleToShoppers))
    .limit(1)
    .prepare('catalog_product_page');
});

/**
 * One product as its page shows it, with its options and variants on sale (their stock is read with
 * the product's, so the catalog cache, emptied by every write, keeps them together); NOT_FOUND
 * 'Product not found' when it is missing, inactive or its shop is inactive.
 */
export async function getProduct({ db, productId }: { db: DbOrTx; productId: string }): Promise<ProductDetail> {
  if (!isUuid(productId)) throw productNotFound();
  const [row] = await productOfPage(db).execute({ productId });
  if (!row) throw productNotFound();
  const { description, images, createdAt, storeCity, storeLogoUrl, option2Name, priceMin, priceMax, ...cardRow } = row;
  const card = toCard(cardRow, rangeOf(priceMin, priceMax));
  const { option1Name } = cardRow;
  const gallery = images.length > 0 ? images : card.imageUrl ? [card.imageUrl] : [];
  const { options, variants } = await listVariantsForShoppers(db, { ...card, option1Name, option2Name });
  return {
    ...card,
    description,
    images: gallery.slice(0, MAX_PRODUCT_IMAGES),
    store: { id: card.storeId, name: card.storeName, city: storeCity, logoUrl: storeLogoUrl },
    category: { id: card.categoryId, name: card.categoryName },
    createdAt: createdAt.toISOString(),
    options,
    variants,
  };
}

/** 'Asha V.': the reviewer's first name and last initial, or 'Customer' when the profile has no name. */
export function reviewerName(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim();
  if (!first) return 'Customer';
  const initial = lastName?.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

export type ListProductReviewsArgs = { db: DbOrTx; productId: string; page: number; pageSize: number };

/** A page of a visible product's reviews, newest first; NOT_FOUND for a product shoppers cannot see. */
export async function listProductReviews({
  db,
  productId,
  page,
  pageSize,
}: ListProductReviewsArgs): Promise<ReviewPage> {
  if (!isUuid(productId)) throw productNotFound();
  const visible = db
    .select({ id: products.id })
    .from(products)
    .innerJoin(shopRows, eq(shopRows.id, products.storeId))
    .where(and(eq(products.id, productId), visibleToShoppers));
  const [rows, [head]] = await Promise.all([
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        firstName: profileRows.firstName,
        lastName: profileRows.lastName,
      })
      .from(reviews)
      .leftJoin(profileRows, eq(profileRows.userId, reviews.customerUserId))
      .where(and(eq(reviews.productId, productId), sql`exists (${visible})`))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count(), visible: sql<boolean>`exists (${visible})` })
      .from(reviews)
      .where(eq(reviews.productId, productId)),
  ]);
  if (!head.visible) throw productNotFound();
  return {
    items: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      comment: r.comment,
      reviewerName: reviewerName(r.firstName, r.lastName),
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(head.total),
    page,
    pageSize,
  };
}

/** Whether this customer has already reviewed this product. */
export async function hasReviewed(
  db: DbOrTx,
  { customerUserId, productId }: { customerUserId: string; productId: string },
): Promise<boolean> {
  const [existing] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.customerUserId, customerUserId), eq(reviews.productId, productId)));
  return existing !== undefined;
}

export type NewReview = { productId: string; customerUserId: string; orderId: string; rating: number; comment: string };

/**
 * Writes a customer's review and refreshes the product's cached rating average and count, inside
 * the caller's transaction; CONFLICT when this customer has already reviewed this product.
 */
export async function addReview(tx: Tx, r: NewReview): Promise<{ id: string }> {
  if (!Number.isInteger(r.rating) || r.rating < 1 || r.rating > 5) {
    throw new AppError('VALIDATION_FAILED', orderMessages.ratingRequired, { rating: orderMessages.ratingRequired });
  }
  if (!isUuid(r.productId)) throw productNotFound();
  // Locking the product row serialises reviews of one product, so each recount sees every earlier review.
  const [locked] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, r.productId))
    .for('update');
  if (!locked) throw productNotFound();
  // ON CONFLICT DO NOTHING keeps the caller's transaction usable when the review already exists.
  const [row] = await tx
    .insert(reviews)
    .values({
      productId: r.productId,
      customerUserId: r.customerUserId,
      orderId: r.orderId,
      rating: r.rating,
      comment: r.comment.trim(),
    })
    .onConflictDoNothing({ target: [reviews.customerUserId, reviews.productId] })
    .returning({ id: reviews.id });
  if (!row) throw new AppError('CONFLICT', catalogMessages.alreadyReviewed);
  await tx
    .update(products)
    .set({
      ratingAverage: sql`(select coalesce(round(avg(${reviews.rating}), 2), 0) from ${reviews} where ${reviews.productId} = ${r.productId})`,
      ratingCount: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${r.productId})`,
    })
    .where(eq(products.id, r.productId));
  return row;
}
