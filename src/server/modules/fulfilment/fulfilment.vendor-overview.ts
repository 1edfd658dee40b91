import { desc, eq, inArray, sql } from 'drizzle-orm';
import { RECENT_VENDOR_ORDERS, type VendorOverview, type VendorRecentOrder } from '../../../contracts/vendor-products.contract';
import type { DbOrTx } from '../../platform/db';
import { customers, getVendorRejection } from '../auth';
import { countVendorProducts } from '../catalog';
import { orderParts, orders } from '../orders';
import { vendorShops } from '../shops';

export type GetVendorOverviewArgs = { db: DbOrTx; vendorUserId: string };

/**
 * The vendor dashboard's overview: product counts over the vendor's shops, and the orders, revenue
 * and most recent orders of the vendor's OWN parts only (another shop's items in a shared order never
 * count). Revenue leaves cancelled parts out.
 */
export async function getVendorOverview({ db, vendorUserId }: GetVendorOverviewArgs): Promise<VendorOverview> {
  const ownParts = inArray(orderParts.storeId, db.select({ id: vendorShops.id }).from(vendorShops).where(eq(vendorShops.vendorId, vendorUserId)));
  const [productCounts, [totals], recent, rejectionReason] = await Promise.all([
    countVendorProducts(db, vendorUserId),
    db
      .select({
        orders: sql<number>`count(distinct ${orderParts.orderId})`,
        revenue: sql<number>`coalesce(sum(${orderParts.subtotalPaise}) filter (where ${orderParts.status} <> 'cancelled'), 0)`,
      })
      .from(orderParts)
      .where(ownParts),
    db
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
      .where(ownParts)
      .orderBy(desc(orders.createdAt), desc(orderParts.id))
      .limit(RECENT_VENDOR_ORDERS),
    getVendorRejection(db, vendorUserId),
  ]);
  return {
    totalProducts: productCounts.total,
    activeProducts: productCounts.active,
    totalOrders: Number(totals?.orders ?? 0),
    revenuePaise: Number(totals?.revenue ?? 0),
    rejectionReason,
    recentOrders: recent.map(
      (r): VendorRecentOrder => ({
        ...r,
        customerName: r.customerName ?? 'Customer',
        amountPaise: Number(r.amountPaise),
        status: r.status as VendorRecentOrder['status'],
        createdAt: r.createdAt.toISOString(),
      }),
    ),
  };
}
