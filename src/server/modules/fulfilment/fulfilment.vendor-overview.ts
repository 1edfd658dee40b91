import {
  RECENT_VENDOR_ORDERS,
  type VendorOverview,
  type VendorRecentOrder,
} from '../../../contracts/vendor-products.contract';
import type { DbOrTx } from '../../platform/db';
import { getVendorRejection } from '../auth';
import { countVendorProducts } from '../catalog';
import { recentVendorParts, vendorPartTotals } from './fulfilment.read-model';

export type GetVendorOverviewArgs = { db: DbOrTx; vendorUserId: string };

/**
 * The vendor dashboard's overview: product counts over the vendor's shops, and the orders, revenue
 * and most recent orders of the vendor's OWN parts only (another shop's items in a shared order never
 * count). Revenue leaves cancelled parts out.
 */
export async function getVendorOverview({ db, vendorUserId }: GetVendorOverviewArgs): Promise<VendorOverview> {
  const [productCounts, totals, recent, rejectionReason] = await Promise.all([
    countVendorProducts(db, vendorUserId),
    vendorPartTotals(db, vendorUserId),
    recentVendorParts(db, { vendorUserId, limit: RECENT_VENDOR_ORDERS }),
    getVendorRejection(db, vendorUserId),
  ]);
  return {
    totalProducts: productCounts.total,
    activeProducts: productCounts.active,
    totalOrders: Number(totals?.orders ?? 0),
    revenuePaise: Number(totals?.revenue ?? 0),
    rejectionReason,
    recentOrders: recent.map((r): VendorRecentOrder => ({
      ...r,
      customerName: r.customerName ?? 'Customer',
      amountPaise: Number(r.amountPaise),
      status: r.status as VendorRecentOrder['status'],
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
