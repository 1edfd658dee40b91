import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  reviewedFields,
  type ProposedFields,
  type ReviewKind,
  type ReviewQueuePage,
  type ReviewQueueQuery,
} from '../../../contracts/product-review.contract';
import type { Db } from '../../platform/db';
import { vendorRows as vendors } from '../auth';
import { categoryRows as categories, productListRows as products, productRevisionRows as revisions } from '../catalog';
import { shopRows as shops } from '../shops';

// The Review tab's queue: the waiting submissions (catalog) with their product and category (catalog),
// shop (shops) and vendor (auth), filtered by kind, category and vendor, oldest first, with the
// counts per kind and the vendors waiting, in three statements per page through their owners' row sources.
// Read-only.

const waiting = eq(revisions.status, 'pending');

/** The filters but the kind: the counts answer for each kind under them. */
const filters = (query: ReviewQueueQuery): SQL | undefined =>
  and(
    waiting,
    query.categoryId ? eq(products.categoryId, query.categoryId) : undefined,
    query.vendorId ? eq(shops.vendorId, query.vendorId) : undefined,
  );

/** The filters but the vendor: the vendor filter offers every vendor waiting under them. */
const filtersButVendor = (query: ReviewQueueQuery): SQL | undefined =>
  and(
    waiting,
    query.categoryId ? eq(products.categoryId, query.categoryId) : undefined,
    query.kind === 'all' ? undefined : eq(revisions.kind, query.kind),
  );

/** One page of the waiting submissions, oldest first, and how many wait of each kind. */
export async function listReviewQueue({ db, query }: { db: Db; query: ReviewQueueQuery }): Promise<ReviewQueuePage> {
  const where = and(filters(query), query.kind === 'all' ? undefined : eq(revisions.kind, query.kind));
  const [rows, perKind, perVendor] = await Promise.all([
    db
      .select({
        id: revisions.id,
        kind: revisions.kind,
        proposed: revisions.proposed,
        createdAt: revisions.createdAt,
        productId: products.id,
        productName: products.name,
        imageUrl: sql<string | null>`coalesce(${products.imageUrl}, ${products.images}[1])`,
        categoryId: products.categoryId,
        categoryName: categories.name,
        vendorId: shops.vendorId,
        vendorName: vendors.businessName,
        shopName: shops.shopName,
      })
      .from(revisions)
      .innerJoin(products, eq(products.id, revisions.productId))
      .innerJoin(shops, eq(shops.id, products.storeId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(vendors, eq(vendors.userId, shops.vendorId))
      .where(where)
      .orderBy(asc(revisions.createdAt), asc(revisions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ kind: revisions.kind, n: count() })
      .from(revisions)
      .innerJoin(products, eq(products.id, revisions.productId))
      .innerJoin(shops, eq(shops.id, products.storeId))
      .where(filters(query))
      .groupBy(revisions.kind),
    db
      .select({ vendorId: shops.vendorId, vendorName: vendors.businessName, n: count() })
      .from(revisions)
      .innerJoin(products, eq(products.id, revisions.productId))
      .innerJoin(shops, eq(shops.id, products.storeId))
      .leftJoin(vendors, eq(vendors.userId, shops.vendorId))
      .where(filtersButVendor(query))
      .groupBy(shops.vendorId, vendors.businessName)
      .orderBy(asc(vendors.businessName)),
  ]);
  const counts = { all: 0, new: 0, edit: 0 };
  for (const { kind, n } of perKind) {
    counts[kind as ReviewKind] = Number(n);
    counts.all += Number(n);
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind as ReviewKind,
      productId: r.productId,
      productName: r.productName,
      imageUrl: r.imageUrl,
      categoryId: r.categoryId,
      categoryName: r.categoryName,
      vendorId: r.vendorId,
      vendorName: r.vendorName ?? '',
      shopName: r.shopName,
      changedFields:
        r.kind === 'new'
          ? [...reviewedFields]
          : reviewedFields.filter((f) => (r.proposed as ProposedFields | null)?.[f] !== undefined),
      submittedAt: r.createdAt.toISOString(),
    })),
    total: query.kind === 'all' ? counts.all : counts[query.kind],
    page: query.page,
    pageSize: query.pageSize,
    counts,
    vendors: perVendor.map((v) => ({ vendorId: v.vendorId, vendorName: v.vendorName ?? '', waiting: Number(v.n) })),
  };
}
