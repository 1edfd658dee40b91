import { and, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { vendorActionMessages as m, type AdminVendor, type AdminVendorPage, type AdminVendorsQuery } from '../../../contracts/admin-vendors.contract';
import { AppError } from '../../platform/app-error';
import type { Db, DbOrTx } from '../../platform/db';
import { setVendorApproval, users, vendors } from '../auth';
import { products } from '../catalog';
import { orderParts } from '../orders';
import { setVendorShopsApproved, vendorShops } from '../shops';
import { containsPattern, idStartsWith, orderOf, pageWindow } from './list-query';
import type { SensitiveTx } from './step-up';

// The totals are correlated subqueries over the vendor's own shops (indexed by store), so a shared
// order counts for each vendor with that vendor's part alone; only a revenue sort computes them for
// every matching vendor rather than for the page.
const ownShops = sql`select ${vendorShops.id} from ${vendorShops} where ${vendorShops.vendorId} = ${vendors.userId}`;
const totalProducts = sql<number>`(select count(*) from ${products} where ${products.storeId} in (${ownShops}))::int`;
const totalOrders = sql<number>`(select count(*) from ${orderParts} where ${orderParts.storeId} in (${ownShops}))::int`;
const totalRevenue = sql<string>`(select coalesce(sum(${orderParts.subtotalPaise}), 0) from ${orderParts} where ${orderParts.storeId} in (${ownShops}) and ${orderParts.status} <> 'cancelled')::bigint`;

const sorts = { businessName: vendors.businessName, email: vendors.email, registeredAt: users.createdAt, totalRevenue };

const columns = {
  id: vendors.userId,
  businessName: vendors.businessName,
  address: vendors.address,
  email: vendors.email,
  phone: vendors.phone,
  isApproved: vendors.isApproved,
  rejectionReason: vendors.rejectionReason,
  totalProducts,
  totalOrders,
  totalRevenue,
  registeredAt: users.createdAt,
};

function where(query: AdminVendorsQuery) {
  const q = query.q;
  const search = q ? or(ilike(vendors.businessName, containsPattern(q)), ilike(vendors.email, containsPattern(q)), idStartsWith(vendors.userId, q)) : undefined;
  const approval = query.approval === 'approved' ? eq(vendors.isApproved, true) : query.approval === 'rejected' ? eq(vendors.isApproved, false) : undefined;
  return and(ne(users.status, 'deleted'), search, approval);
}

const base = (db: DbOrTx) => db.select(columns).from(vendors).innerJoin(users, eq(users.id, vendors.userId));
type Row = Awaited<ReturnType<typeof base>>[number];

const toItem = (r: Row): AdminVendor => ({
  id: r.id,
  businessName: r.businessName,
  address: r.address,
  email: r.email,
  phone: r.phone,
  isApproved: r.isApproved,
  rejectionReason: r.rejectionReason,
  totalProducts: Number(r.totalProducts),
  totalOrders: Number(r.totalOrders),
  totalRevenuePaise: Number(r.totalRevenue),
  registeredAt: r.registeredAt.toISOString(),
});

/** The Vendors tab: vendors with their products, orders and revenue, searched by business name, email or id, filtered by approval. */
export async function listAdminVendors({ db, query, forExport = false }: { db: Db; query: AdminVendorsQuery; forExport?: boolean }): Promise<AdminVendorPage> {
  const { limit, offset } = pageWindow(query, forExport);
  const [rows, [{ total }]] = await Promise.all([
    base(db)
      .where(where(query))
      .orderBy(...orderOf(sorts, query, 'registeredAt', vendors.userId))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(vendors).innerJoin(users, eq(users.id, vendors.userId)).where(where(query)),
  ]);
  return { items: rows.map(toItem), total: Number(total), page: query.page, pageSize: query.pageSize };
}

async function getOne(db: DbOrTx, vendorUserId: string): Promise<AdminVendor> {
  const [row] = await base(db).where(eq(vendors.userId, vendorUserId));
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return toItem(row);
}

export type SetVendorApprovalArgs = {
  db: Db;
  sensitiveTx: SensitiveTx;
  vendorUserId: string;
  approved: boolean;
  /** Required for a rejection; shown in the list. */
  reason: string | null;
};

/**
 * Approves or rejects a vendor with a fresh code, in one transaction with its audit entry: the vendor
 * row and every one of its shops change together, so its products leave (or return to) the
 * storefront at once. Already in that state answers 409 and spends no code.
 */
export async function setAdminVendorApproval({ db, sensitiveTx, vendorUserId, approved, reason }: SetVendorApprovalArgs): Promise<AdminVendor> {
  await sensitiveTx(async (tx) => {
    // The vendor's row first: its lock makes a shop being opened meanwhile wait and copy the new state.
    const outcome = await setVendorApproval(tx, { vendorUserId, approved, reason: approved ? null : reason });
    if (outcome === 'missing') throw new AppError('NOT_FOUND', m.notFound);
    if (outcome === 'unchanged') throw new AppError('CONFLICT', approved ? m.alreadyApproved : m.alreadyRejected);
    const shops = await setVendorShopsApproved(tx, { vendorUserId, approved });
    const [vendor] = await tx.select({ businessName: vendors.businessName, email: vendors.email }).from(vendors).where(eq(vendors.userId, vendorUserId));
    return {
      audit: {
        action: approved ? 'vendor_approved' : 'vendor_rejected',
        resourceType: 'vendor',
        resourceId: vendorUserId,
        newData: { businessName: vendor?.businessName, email: vendor?.email, isApproved: approved, ...(approved ? {} : { reason }), shops },
      },
    };
  });
  return getOne(db, vendorUserId);
}
