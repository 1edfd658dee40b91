import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { ProductCard } from '../../../contracts/catalog.contract';
import { discountPercent } from '../../../domain/money';
import { pointsEarned } from '../../../domain/pricing';
import { shopRowOpenToShoppers, shopRows } from '../shops';
import { categories, products, productVariants } from './catalog.tables';

/** The columns a product card needs, from products joined with its shop and category. */
export const cardColumns = {
  id: products.id,
  name: products.name,
  pricePaise: products.pricePaise,
  originalPricePaise: products.originalPricePaise,
  rewardPercentage: products.rewardPercentage,
  imageUrl: products.imageUrl,
  storeId: products.storeId,
  storeName: shopRows.shopName,
  categoryId: products.categoryId,
  categoryName: categories.name,
  ratingAverage: products.ratingAverage,
  ratingCount: products.ratingCount,
  stockQuantity: products.stockQuantity,
  delivers: shopRows.deliveryAvailable,
  option1Name: products.option1Name,
};

export type CardRow = {
  id: string;
  name: string;
  pricePaise: number;
  originalPricePaise: number | null;
  rewardPercentage: number | string;
  imageUrl: string | null;
  storeId: string;
  storeName: string;
  categoryId: string;
  categoryName: string;
  ratingAverage: number | string;
  ratingCount: number;
  stockQuantity: number;
  delivers: boolean;
  option1Name: string | null;
};

/**
 * Shoppers only ever see active products, approved by moderators when reviewed, of active shops of
 * approved vendors (a copy of the approval on the shop spares a join). Both product conditions are the
 * predicate of the storefront's partial indexes, so the listings read them.
 */
export const visibleToShoppers: SQL = and(
  eq(products.isActive, true),
  eq(products.reviewStatus, 'approved'),
  shopRowOpenToShoppers,
)!;

/** A card row with the derived discount percent and the points earned for one unit; `priceFromPaise` from `priceRanges`. */
export function toCard({ option1Name, ...row }: CardRow, ranges: PriceRanges = new Map()): ProductCard {
  const rewardPercentage = Number(row.rewardPercentage);
  const pricePaise = Number(row.pricePaise);
  const originalPricePaise = row.originalPricePaise === null ? null : Number(row.originalPricePaise);
  const range = option1Name === null ? undefined : ranges.get(row.id);
  return {
    ...row,
    hasOptions: option1Name !== null,
    priceFromPaise: range && range.min !== range.max ? range.min : null,
    pricePaise,
    originalPricePaise,
    rewardPercentage,
    ratingAverage: Number(row.ratingAverage),
    discountPercent: discountPercent(pricePaise, originalPricePaise),
    pointsEarned: pointsEarned(pricePaise, rewardPercentage, 1),
  };
}

/** The lowest and highest price of each product's variants on sale, by product id. */
export type PriceRanges = Map<string, { min: number; max: number }>;

/**
 * The price ranges of the cards' products with options, in one query over a page's ids (a variant
 * without its own price sells at the product's). Empty when no card has options.
 */
export async function priceRanges(db: DbOrTx, rows: Pick<CardRow, 'id' | 'option1Name'>[]): Promise<PriceRanges> {
  const ids = rows.filter((r) => r.option1Name !== null).map((r) => r.id);
  if (ids.length === 0) return new Map();
  const effective = sql<string>`coalesce(${productVariants.pricePaise}, ${products.pricePaise})`;
  const found = await db
    .select({ id: productVariants.productId, min: sql<string>`min(${effective})`, max: sql<string>`max(${effective})` })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        inArray(productVariants.productId, ids),
        isNull(productVariants.withdrawnAt),
        isNotNull(products.option1Name),
      ),
    )
    .groupBy(productVariants.productId);
  return new Map(found.map((r) => [r.id, { min: Number(r.min), max: Number(r.max) }]));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a syntactically valid UUID (so it can be compared with a uuid column without an error). */
export const isUuid = (s: string): boolean => UUID.test(s);
