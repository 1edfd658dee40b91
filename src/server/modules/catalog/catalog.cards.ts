import { and, eq, type SQL } from 'drizzle-orm';
import type { ProductCard } from '../../../contracts/catalog.contract';
import { discountPercent } from '../../../domain/money';
import { pointsEarned } from '../../../domain/pricing';
import { shopRowOpenToShoppers, shopRows } from '../shops';
import { categories, products } from './catalog.tables';

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
};

/** Shoppers only ever see active products of active shops of approved vendors (a copy of the approval on the shop spares a join). */
export const visibleToShoppers: SQL = and(eq(products.isActive, true), shopRowOpenToShoppers)!;

/** A card row with the derived discount percent and the points earned for one unit. */
export function toCard(row: CardRow): ProductCard {
  const rewardPercentage = Number(row.rewardPercentage);
  const pricePaise = Number(row.pricePaise);
  const originalPricePaise = row.originalPricePaise === null ? null : Number(row.originalPricePaise);
  return {
    ...row,
    pricePaise,
    originalPricePaise,
    rewardPercentage,
    ratingAverage: Number(row.ratingAverage),
    discountPercent: discountPercent(pricePaise, originalPricePaise),
    pointsEarned: pointsEarned(pricePaise, rewardPercentage, 1),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True for a syntactically valid UUID (so it can be compared with a uuid column without an error). */
export const isUuid = (s: string): boolean => UUID.test(s);
