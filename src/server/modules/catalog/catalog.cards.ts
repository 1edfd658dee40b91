import { and, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
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
 * predicate of the storefront's partial indexes, so the listings read them. Written as constants, not
 * values, so that a plan made for any values (a named statement's, kept by PostgreSQL) still uses them.
 */
export const visibleToShoppers: SQL = and(
  sql`${products.isActive}`,
  sql`${products.reviewStatus} = 'approved'`,
  shopRowOpenToShoppers,
)!;

/** The lowest and highest price of a product's variants on sale. */
export type PriceRange = { min: number; max: number };

/**
 * A card row with the derived discount percent and the points earned for one unit; `range` is the
 * product's price range (`priceRangeOf`), read only for a product with options.
 */
export function toCard(row: CardRow, range?: PriceRange | null): ProductCard {
  const rewardPercentage = Number(row.rewardPercentage);
  const pricePaise = Number(row.pricePaise);
  const originalPricePaise = row.originalPricePaise === null ? null : Number(row.originalPricePaise);
  const hasOptions = row.option1Name !== null;
  return {
    id: row.id,
    name: row.name,
    pricePaise,
    originalPricePaise,
    discountPercent: discountPercent(pricePaise, originalPricePaise),
    rewardPercentage,
    pointsEarned: pointsEarned(pricePaise, rewardPercentage, 1),
    imageUrl: row.imageUrl,
    storeId: row.storeId,
    storeName: row.storeName,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    ratingAverage: Number(row.ratingAverage),
    ratingCount: row.ratingCount,
    stockQuantity: row.stockQuantity,
    delivers: row.delivers,
    hasOptions,
    priceFromPaise: hasOptions && range && range.min !== range.max ? range.min : null,
    offer: null,
  };
}

/** A variant's effective price: its own, else its product's. */
const effectivePrice = (productPrice: SQLWrapper) => sql`coalesce(${productVariants.pricePaise}, ${productPrice})`;

/**
 * The lowest and highest price of a product's variants on sale (a variant without its own price sells
 * at the product's), for a LEFT JOIN LATERAL beside the product (`page`: the products table, or a page of
 * them as a subquery, with the card's `id`, `pricePaise` and `option1Name`). A product without options
 * reads no variant and gets nulls, as does one without variants on sale.
 */
export function priceRangeOf(page: { id: SQLWrapper; pricePaise: SQLWrapper; option1Name: SQLWrapper }) {
  return new QueryBuilder()
    .select({
      priceMin: sql<string | null>`min(${effectivePrice(page.pricePaise)})`.as('price_min'),
      priceMax: sql<string | null>`max(${effectivePrice(page.pricePaise)})`.as('price_max'),
    })
    .from(productVariants)
    .where(
      and(
        sql`${page.option1Name} is not null`,
        sql`${productVariants.productId} = ${page.id}`,
        isNull(productVariants.withdrawnAt),
      ),
    )
    .as('price_range');
}

/** A price range read by `priceRangeOf`: null for a product without options or variants on sale. */
export const rangeOf = (min: string | number | null, max: string | number | null): PriceRange | null =>
  min === null || max === null ? null : { min: Number(min), max: Number(max) };
