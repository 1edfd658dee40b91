import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { VendorOrderPart } from '../../../contracts/vendor-orders.contract';
import type { OrderStatus } from '../../../domain/order-status';
import type { DbOrTx } from '../../platform/db';
import { customers, users } from '../auth/auth.tables';
import { products, productVariants } from '../catalog/catalog.tables';
import { orderShown } from '../orders';
import { orderItems, orderParts, orders } from '../orders/orders.tables';
import { vendorShops } from '../shops/shops.tables';

// The vendor screens' read model (the order list and the dashboard overview), and the only file of
// fulfilment that names other modules' tables. A vendor's row is one part of an order for a shop it
// owns, so each query joins orders (orders, order_parts, order_items), shops (vendor_shops: whose
// shop the part is, which limits access inside the query), auth (users, customers: who ordered) and
// catalog (products and product_variants: the item's image) in one statement; going through one function per module would
// read row by row. Read-only: nothing here inserts, updates, deletes or locks (changes go through
// the owning modules' functions); `.dependency-cruiser.cjs` names this file as the exception that may
// import those *.tables.ts.

const ownedBy = (vendorUserId: string) => eq(vendorShops.vendorId, vendorUserId);
/** The vendor's parts of orders still shown (one the super admin deleted leaves the vendor's lists): on a statement joining vendor_shops and orders. */
const listedFor = (vendorUserId: string) => and(ownedBy(vendorUserId), orderShown)!;

/** The vendor's parts to read: all of them, those in one status, or one part. */
export type VendorPartsFilter = { vendorUserId: string; status?: OrderStatus; partId?: string };

function whereOf(f: VendorPartsFilter): SQL {
  if (f.partId) return and(listedFor(f.vendorUserId), eq(orderParts.id, f.partId))!;
  if (f.status) return and(listedFor(f.vendorUserId), eq(orderParts.status, f.status))!;
  return listedFor(f.vendorUserId);
}

/** Parts of the vendor's shops matching the filter, newest order first, with their items (two queries). */
export async function selectVendorParts(db: DbOrTx, filter: VendorPartsFilter, page?: { limit: number; offset: number }): Promise<VendorOrderPart[]> {
  const base = db
    .select({
      orderId: orderParts.orderId,
      partId: orderParts.id,
      storeId: orderParts.storeId,
      storeName: vendorShops.shopName,
      customerName: customers.fullName,
      customerEmail: sql<string>`coalesce(${customers.email}, ${users.email})`,
      shippingAddress: orders.shippingAddress,
      amountPaise: orderParts.subtotalPaise,
      testPayment: orders.testPayment,
      status: orderParts.status,
      trackingNote: orderParts.trackingNote,
      codDuePaise: orderParts.codDuePaise,
      cashCollectedPaise: orderParts.cashCollectedPaise,
      returnedToSellerAt: orderParts.returnedToSellerAt,
      createdAt: orders.createdAt,
      updatedAt: orderParts.updatedAt,
    })
    .from(orderParts)
    .innerJoin(vendorShops, eq(vendorShops.id, orderParts.storeId))
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .leftJoin(customers, eq(customers.userId, orders.customerId))
    .where(whereOf(filter))
    .orderBy(desc(orders.createdAt), desc(orderParts.id));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  if (rows.length === 0) return [];
  const items = await db
    .select({
      id: orderItems.id,
      partId: orderItems.orderPartId,
      productId: orderItems.productId,
      productName: orderItems.productName,
      variantId: orderItems.variantId,
      variantLabel: orderItems.variantLabel,
      sku: orderItems.sku,
      // The variant's own first picture, else the product's.
      imageUrl: sql<string | null>`coalesce(${productVariants.images}[1], ${products.imageUrl})`,
      quantity: orderItems.quantity,
      pricePaise: orderItems.pricePaise,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(inArray(orderItems.orderPartId, rows.map((r) => r.partId)))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  return rows.map(({ returnedToSellerAt, ...r }) => ({
    ...r,
    customerName: r.customerName ?? 'Customer',
    amountPaise: Number(r.amountPaise),
    codDuePaise: r.codDuePaise === null ? null : Number(r.codDuePaise),
    cashCollectedPaise: r.cashCollectedPaise === null ? null : Number(r.cashCollectedPaise),
    returnedToSeller: returnedToSellerAt !== null,
    status: r.status as OrderStatus,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    items: items.filter((i) => i.partId === r.partId).map(({ partId: _partId, ...i }) => ({ ...i, pricePaise: Number(i.pricePaise) })),
  }));
}

/** How many parts of the vendor's shops are in each status (statuses with none are absent). */
export async function countVendorPartsByStatus(db: DbOrTx, vendorUserId: string): Promise<{ status: string; n: number }[]> {
  return db
    .select({ status: orderParts.status, n: sql<number>`count(*)::int` })
    .from(orderParts)
    .innerJoin(vendorShops, eq(vendorShops.id, orderParts.storeId))
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .where(listedFor(vendorUserId))
    .groupBy(orderParts.status);
}

/** The order and customer of one of the vendor's parts, or null (for another vendor's part too). */
export async function findVendorPartOrder(db: DbOrTx, a: { vendorUserId: string; partId: string }): Promise<{ orderId: string; customerUserId: string } | null> {
  const [owned] = await db
    .select({ orderId: orderParts.orderId, customerUserId: orders.customerId })
    .from(orderParts)
    .innerJoin(vendorShops, eq(vendorShops.id, orderParts.storeId))
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .where(and(ownedBy(a.vendorUserId), eq(orderParts.id, a.partId)));
  return owned ?? null;
}

const ownParts = (db: DbOrTx, vendorUserId: string) =>
  inArray(orderParts.storeId, db.select({ id: vendorShops.id }).from(vendorShops).where(eq(vendorShops.vendorId, vendorUserId)));

/** The vendor's own parts: how many orders they belong to, and their revenue without cancelled parts. */
export async function vendorPartTotals(db: DbOrTx, vendorUserId: string): Promise<{ orders: number; revenue: number } | undefined> {
  const [totals] = await db
    .select({
      orders: sql<number>`count(distinct ${orderParts.orderId})`,
      revenue: sql<number>`coalesce(sum(${orderParts.subtotalPaise}) filter (where ${orderParts.status} <> 'cancelled'), 0)`,
    })
    .from(orderParts)
    .where(ownParts(db, vendorUserId));
  return totals;
}

/** The vendor's most recent own parts, newest order first, with the customer's name and the shop's. */
export async function recentVendorParts(db: DbOrTx, a: { vendorUserId: string; limit: number }) {
  return db
    .select({
      orderId: orderParts.orderId,
      orderPartId: orderParts.id,
      customerName: customers.fullName,
      storeName: vendorShops.shopName,
      amountPaise: orderParts.subtotalPaise,
      status: orderParts.status,
      createdAt: orders.createdAt,
    })
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .innerJoin(vendorShops, eq(vendorShops.id, orderParts.storeId))
    .leftJoin(customers, eq(customers.userId, orders.customerId))
    .where(and(ownParts(db, a.vendorUserId), orderShown))
    .orderBy(desc(orders.createdAt), desc(orderParts.id))
    .limit(a.limit);
}
