import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminProduct, AdminProductPage, AdminProductsQuery } from '../../../contracts/admin-products.contract';
import type { Db } from '../../platform/db';
import { containsPattern, countCapped, idStartsWith, orderOf, pageWindow } from '../../platform/list-query';
import { vendorRows as vendors } from '../auth';
import { categoryRows as categories, productListRows as products } from '../catalog';
import { shopRows as shops } from '../shops';

// The Products tab: every product (catalog) with its shop (shops), the shop's vendor (auth) and its
// category (catalog), filtered, sorted and paged in one statement through their owners' row
// sources. Read-only.

const productSorts = {
  name: products.name,
  price: products.pricePaise,
  stock: products.stockQuantity,
  createdAt: products.createdAt,
};

const productColumns = {
  id: products.id,
  name: products.name,
  // Older rows may carry only the gallery; its first picture is then the thumbnail.
  imageUrl: sql<string | null>`coalesce(${products.imageUrl}, ${products.images}[1])`,
  vendorName: vendors.businessName,
  shopName: shops.shopName,
  category: categories.name,
  pricePaise: products.pricePaise,
  originalPricePaise: products.originalPricePaise,
  stock: products.stockQuantity,
  isActive: products.isActive,
  reviewStatus: products.reviewStatus,
  rewardPercentage: products.rewardPercentage,
  createdAt: products.createdAt,
};

// Shop, vendor and category joined once for the whole page: no per-row subqueries.
const selectProducts = (db: Db) =>
  db
    .select(productColumns)
    .from(products)
    .innerJoin(shops, eq(shops.id, products.storeId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(vendors, eq(vendors.userId, shops.vendorId));
type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number];

const toProduct = (r: ProductRow): AdminProduct => ({
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
  review: r.reviewStatus as AdminProduct['review'],
  rewardPercentage: Number(r.rewardPercentage),
  createdAt: r.createdAt.toISOString(),
});

// Only products' own columns: the count needs no join (every product has a shop and a category).
function productWhere(query: AdminProductsQuery): SQL | undefined {
  const q = query.q;
  // Written on lower(name), the expression of products_name_trgm_idx, so the index answers the LIKE.
  const search = q
    ? or(sql`lower(${products.name}) like ${containsPattern(q.toLowerCase())}`, idStartsWith(products.id, q))
    : undefined;
  return and(
    // A deleted product that was ever ordered stays for its orders, withdrawn from this list too.
    isNull(products.withdrawnAt),
    search,
    query.status === 'all' ? undefined : eq(products.isActive, query.status === 'active'),
    query.category ? eq(products.categoryId, query.category) : undefined,
  );
}

function selectProductPage(db: Db, query: AdminProductsQuery, forExport: boolean) {
  const { limit, offset } = pageWindow(query, forExport);
  return selectProducts(db)
    .where(productWhere(query))
    .orderBy(...orderOf(productSorts, query, 'createdAt', products.id))
    .limit(limit)
    .offset(offset);
}

/** The Products tab: every product of every shop, by name or id prefix, status and category, paged and sorted on the server. */
export async function listAdminProducts({
  db,
  query,
}: {
  db: Db;
  query: AdminProductsQuery;
}): Promise<AdminProductPage> {
  const [rows, total] = await Promise.all([
    selectProductPage(db, query, false),
    countCapped(db, query, (limit) =>
      db
        .select({ one: sql`1` })
        .from(products)
        .where(productWhere(query))
        .limit(limit)
        .as('matches'),
    ),
  ]);
  return { items: rows.map(toProduct), ...total, page: query.page, pageSize: query.pageSize };
}

/** The page's products alone, without the count of all matches (a picker's search). */
export async function findAdminProducts({ db, query }: { db: Db; query: AdminProductsQuery }): Promise<AdminProduct[]> {
  return (await selectProductPage(db, query, false)).map(toProduct);
}

/** The same filter, every row up to the export bound, for CSV. */
export async function exportAdminProducts({
  db,
  query,
}: {
  db: Db;
  query: AdminProductsQuery;
}): Promise<AdminProduct[]> {
  return (await selectProductPage(db, query, true)).map(toProduct);
}

/** One product as the Products tab shows it. */
export async function getAdminProduct(db: Db, productId: string): Promise<AdminProduct> {
  const [row] = await selectProducts(db).where(eq(products.id, productId));
  return toProduct(row);
}
