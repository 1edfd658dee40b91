import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type AdminProduct, type AdminProductPage, type AdminProductsQuery } from '../../../contracts/admin-products.contract';
import type { Db } from '../../platform/db';
import { vendors } from '../auth';
import { categories, products, setProductActiveByAdmin } from '../catalog';
import { vendorShops } from '../shops';
import { containsPattern, countCapped, idStartsWith, orderOf, pageWindow } from './list-query';
import type { SensitiveTx } from './step-up';

const sorts = { name: products.name, price: products.pricePaise, stock: products.stockQuantity, createdAt: products.createdAt };

const columns = {
  id: products.id,
  name: products.name,
  // Older rows may carry only the gallery; its first picture is then the thumbnail.
  imageUrl: sql<string | null>`coalesce(${products.imageUrl}, ${products.images}[1])`,
  vendorName: vendors.businessName,
  shopName: vendorShops.shopName,
  category: categories.name,
  pricePaise: products.pricePaise,
  originalPricePaise: products.originalPricePaise,
  stock: products.stockQuantity,
  isActive: products.isActive,
  rewardPercentage: products.rewardPercentage,
  createdAt: products.createdAt,
};

// Shop, vendor and category joined once for the whole page: no per-row subqueries.
const selectProducts = (db: Db) =>
  db
    .select(columns)
    .from(products)
    .innerJoin(vendorShops, eq(vendorShops.id, products.storeId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(vendors, eq(vendors.userId, vendorShops.vendorId));
type Row = Awaited<ReturnType<typeof selectProducts>>[number];

const toItem = (r: Row): AdminProduct => ({
  id: r.id,
  name: r.name,
  imageUrl: r.imageUrl,
  vendorName: r.vendorName,
  shopName: r.shopName,
  category: r.category,
  pricePaise: Number(r.pricePaise),
  originalPricePaise: r.originalPricePaise === null ? null : Number(r.originalPricePaise),
  stock: r.stock,
  status: r.isActive ? 'active' : 'disabled',
  rewardPercentage: Number(r.rewardPercentage),
  createdAt: r.createdAt.toISOString(),
});

// Only products' own columns: the count needs no join (every product has a shop and a category).
function where(query: AdminProductsQuery): SQL | undefined {
  const q = query.q;
  // Written on lower(name), the expression of products_name_trgm_idx, so the index answers the LIKE.
  const search = q ? or(sql`lower(${products.name}) like ${containsPattern(q.toLowerCase())}`, idStartsWith(products.id, q)) : undefined;
  return and(
    // A deleted product that was ever ordered stays for its orders, withdrawn from this list too.
    isNull(products.withdrawnAt),
    search,
    query.status === 'all' ? undefined : eq(products.isActive, query.status === 'active'),
    query.category ? eq(products.categoryId, query.category) : undefined,
  );
}

function selectPage(db: Db, query: AdminProductsQuery, forExport: boolean) {
  const { limit, offset } = pageWindow(query, forExport);
  return selectProducts(db)
    .where(where(query))
    .orderBy(...orderOf(sorts, query, 'createdAt', products.id))
    .limit(limit)
    .offset(offset);
}

/** The Products tab: every product of every shop, by name or id prefix, status and category, paged and sorted on the server. */
export async function listAdminProducts({ db, query }: { db: Db; query: AdminProductsQuery }): Promise<AdminProductPage> {
  const [rows, total] = await Promise.all([
    selectPage(db, query, false),
    countCapped(db, query, (limit) => db.select({ one: sql`1` }).from(products).where(where(query)).limit(limit).as('matches')),
  ]);
  return { items: rows.map(toItem), ...total, page: query.page, pageSize: query.pageSize };
}

/** The same filter, every row up to the export bound, for CSV. */
export async function exportAdminProducts({ db, query }: { db: Db; query: AdminProductsQuery }): Promise<AdminProduct[]> {
  return (await selectPage(db, query, true)).map(toItem);
}

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
  const [row] = await selectProducts(db).where(eq(products.id, productId));
  return toItem(row);
}
