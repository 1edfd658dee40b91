import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { VendorOrderPart } from '../../../contracts/vendor-orders.contract';
import type { OrderStatus } from '../../../domain/order-status';
import type { DbOrTx } from '../../platform/db';
import { customerContactRows, userRows } from '../auth';
import { itemPicture, productRows, variantRows } from '../catalog';
import { orderItemRows, orderPartRows, orderRows, orderRowShown } from '../orders';
import { shopRows } from '../shops';

// The vendor screens' read model (the order list and the dashboard overview). A vendor's row is one
// part of an order for a shop it owns, so each query joins the row sources of orders (orderRows,
// orderPartRows, orderItemRows), shops (shopRows: whose shop the part is, which limits access inside
// the query), auth (userRows, customerContactRows: who ordered) and catalog (productRows,
// variantRows: the item's picture) in one statement; going through one function per module would
// read row by row. Read-only: changes go through the owning modules' functions.

const ownedBy = (vendorUserId: string) => eq(shopRows.vendorId, vendorUserId);
/**
 * The vendor's parts of orders still shown (one the super admin deleted leaves the vendor's lists):
 * on a statement joining shopRows and orderRows.
 */
const listedFor = (vendorUserId: string) => and(ownedBy(vendorUserId), orderRowShown)!;

/** The vendor's parts to read: all of them, those in one status, or one part. */
export type VendorPartsFilter = { vendorUserId: string; status?: OrderStatus; partId?: string };

function whereOf(f: VendorPartsFilter): SQL {
  if (f.partId) return and(listedFor(f.vendorUserId), eq(orderPartRows.id, f.partId))!;
  if (f.status) return and(listedFor(f.vendorUserId), eq(orderPartRows.status, f.status))!;
  return listedFor(f.vendorUserId);
}

/** Parts of the vendor's shops matching the filter, newest order first, with their items (two queries). */
export async function selectVendorParts(
  db: DbOrTx,
  filter: VendorPartsFilter,
  page?: { limit: number; offset: number },
): Promise<VendorOrderPart[]> {
  const base = db
    .select({
      orderId: orderPartRows.orderId,
      partId: orderPartRows.id,
      storeId: orderPartRows.storeId,
      storeName: shopRows.shopName,
      customerName: customerContactRows.fullName,
      customerEmail: sql<string>`coalesce(${customerContactRows.email}, ${userRows.email})`,
      shippingAddress: orderRows.shippingAddress,
      amountPaise: orderPartRows.subtotalPaise,
      testPayment: orderRows.testPayment,
      status: orderPartRows.status,
      trackingNote: orderPartRows.trackingNote,
      codDuePaise: orderPartRows.codDuePaise,
      cashCollectedPaise: orderPartRows.cashCollectedPaise,
      returnedToSellerAt: orderPartRows.returnedToSellerAt,
      createdAt: orderRows.createdAt,
      updatedAt: orderPartRows.updatedAt,
    })
    .from(orderPartRows)
    .innerJoin(shopRows, eq(shopRows.id, orderPartRows.storeId))
    .innerJoin(orderRows, eq(orderRows.id, orderPartRows.orderId))
    .innerJoin(userRows, eq(userRows.id, orderRows.customerId))
    .leftJoin(customerContactRows, eq(customerContactRows.userId, orderRows.customerId))
    .where(whereOf(filter))
    .orderBy(desc(orderRows.createdAt), desc(orderPartRows.id));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  if (rows.length === 0) return [];
  const items = await db
    .select({
      id: orderItemRows.id,
      partId: orderItemRows.orderPartId,
      productId: orderItemRows.productId,
      productName: orderItemRows.productName,
      variantId: orderItemRows.variantId,
      variantLabel: orderItemRows.variantLabel,
      sku: orderItemRows.sku,
      imageUrl: itemPicture(),
      quantity: orderItemRows.quantity,
      pricePaise: orderItemRows.pricePaise,
    })
    .from(orderItemRows)
    .leftJoin(productRows, eq(productRows.id, orderItemRows.productId))
    .leftJoin(variantRows, eq(variantRows.id, orderItemRows.variantId))
    .where(
      inArray(
        orderItemRows.orderPartId,
        rows.map((r) => r.partId),
      ),
    )
    .orderBy(asc(orderItemRows.productName), asc(orderItemRows.id));
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
    items: items
      .filter((i) => i.partId === r.partId)
      .map(({ partId: _partId, ...i }) => ({ ...i, pricePaise: Number(i.pricePaise) })),
  }));
}

/** How many parts of the vendor's shops are in each status (statuses with none are absent). */
export async function countVendorPartsByStatus(
  db: DbOrTx,
  vendorUserId: string,
): Promise<{ status: string; n: number }[]> {
  return db
    .select({ status: orderPartRows.status, n: sql<number>`count(*)::int` })
    .from(orderPartRows)
    .innerJoin(shopRows, eq(shopRows.id, orderPartRows.storeId))
    .innerJoin(orderRows, eq(orderRows.id, orderPartRows.orderId))
    .where(listedFor(vendorUserId))
    .groupBy(orderPartRows.status);
}

/** The order and customer of one of the vendor's parts, or null (for another vendor's part too). */
export async function findVendorPartOrder(
  db: DbOrTx,
  a: { vendorUserId: string; partId: string },
): Promise<{ orderId: string; customerUserId: string } | null> {
  const [owned] = await db
    .select({ orderId: orderPartRows.orderId, customerUserId: orderRows.customerId })
    .from(orderPartRows)
    .innerJoin(shopRows, eq(shopRows.id, orderPartRows.storeId))
    .innerJoin(orderRows, eq(orderRows.id, orderPartRows.orderId))
    .where(and(ownedBy(a.vendorUserId), eq(orderPartRows.id, a.partId)));
  return owned ?? null;
}

const ownParts = (db: DbOrTx, vendorUserId: string) =>
  inArray(
    orderPartRows.storeId,
    db.select({ id: shopRows.id }).from(shopRows).where(eq(shopRows.vendorId, vendorUserId)),
  );

/** The vendor's own parts: how many orders they belong to, and their revenue without cancelled parts. */
export async function vendorPartTotals(
  db: DbOrTx,
  vendorUserId: string,
): Promise<{ orders: number; revenue: number } | undefined> {
  const p = orderPartRows;
  const [totals] = await db
    .select({
      orders: sql<number>`count(distinct ${orderPartRows.orderId})`,
      revenue: sql<number>`coalesce(sum(${p.subtotalPaise}) filter (where ${p.status} <> 'cancelled'), 0)`,
    })
    .from(orderPartRows)
    .where(ownParts(db, vendorUserId));
  return totals;
}

/** The vendor's most recent own parts, newest order first, with the customer's name and the shop's. */
export async function recentVendorParts(db: DbOrTx, a: { vendorUserId: string; limit: number }) {
  return db
    .select({
      orderId: orderPartRows.orderId,
      orderPartId: orderPartRows.id,
      customerName: customerContactRows.fullName,
      storeName: shopRows.shopName,
      amountPaise: orderPartRows.subtotalPaise,
      status: orderPartRows.status,
      createdAt: orderRows.createdAt,
    })
    .from(orderPartRows)
    .innerJoin(orderRows, eq(orderRows.id, orderPartRows.orderId))
    .innerJoin(shopRows, eq(shopRows.id, orderPartRows.storeId))
    .leftJoin(customerContactRows, eq(customerContactRows.userId, orderRows.customerId))
    .where(and(ownParts(db, a.vendorUserId), orderRowShown))
    .orderBy(desc(orderRows.createdAt), desc(orderPartRows.id))
    .limit(a.limit);
}
