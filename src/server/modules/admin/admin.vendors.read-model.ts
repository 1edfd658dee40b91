import { and, count, eq, ne, sql } from 'drizzle-orm';
import {
  vendorActionMessages,
  type AdminVendor,
  type AdminVendorPage,
  type AdminVendorsQuery,
} from '../../../contracts/admin-vendors.contract';
import { toPayoutDetails } from '../../../contracts/payout-details.contract';
import { AppError } from '../../platform/app-error';
import type { Db, DbOrTx } from '../../platform/db';
import { orderOf, pageWindow, searchOf } from '../../platform/list-query';
import { userRows as users, vendorRows as vendors } from '../auth';
import { productRows as products } from '../catalog';
import { orderPartRows as parts } from '../orders';
import { payoutDetailRows as payout } from '../settlement';
import { shopRows as shops } from '../shops';

// The Vendors tab: vendors (auth) with their products (catalog), orders and revenue (orders) over
// their shops (shops) and their payout details (settlement), filtered, sorted and paged in one
// statement through their owners' row sources. Read-only.

// The totals are correlated subqueries over the vendor's own shops (indexed by store), so a shared
// order counts for each vendor with that vendor's part alone; only a revenue sort computes them for
// every matching vendor rather than for the page.
const ownShops = sql`select ${shops.id} from ${shops} where ${shops.vendorId} = ${vendors.userId}`;
const totalProducts = sql<number>`(select count(*) from ${products} where ${products.storeId} in (${ownShops}))::int`;
const totalOrders = sql<number>`(select count(*) from ${parts} where ${parts.storeId} in (${ownShops}))::int`;
const totalRevenue = sql<string>`(select coalesce(sum(${parts.subtotalPaise}), 0) from ${parts} where ${parts.storeId} in (${ownShops}) and ${parts.status} <> 'cancelled')::bigint`;

const vendorSorts = {
  businessName: vendors.businessName,
  email: vendors.email,
  registeredAt: users.createdAt,
  totalRevenue,
};

const vendorColumns = {
  vendor: vendors._.selectedFields,
  totalProducts,
  totalOrders,
  totalRevenue,
  registeredAt: users.createdAt,
  // Payout details: the account number is masked in toVendor and never leaves the server.
  payoutMethod: payout.method,
  payoutHolder: payout.accountHolderName,
  payoutAccount: payout.bankAccountNumber,
  payoutIfsc: payout.ifsc,
  payoutUpi: payout.upiId,
  pan: payout.pan,
  gstin: payout.gstin,
  tdsExemption: payout.tdsExemption,
  aadhaar: payout.aadhaar,
  enrolmentNumber: payout.enrolmentNumber,
  payoutUpdatedAt: payout.updatedAt,
};

function vendorWhere(query: AdminVendorsQuery) {
  const search = searchOf(query.q, [vendors.businessName, vendors.email], [vendors.userId]);
  const approval =
    query.approval === 'approved'
      ? eq(vendors.isApproved, true)
      : query.approval === 'rejected'
        ? eq(vendors.isApproved, false)
        : undefined;
  return and(ne(users.status, 'deleted'), search, approval);
}

const vendorBase = (db: DbOrTx) =>
  db
    .select(vendorColumns)
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .leftJoin(payout, eq(payout.vendorUserId, vendors.userId));
type VendorRow = Awaited<ReturnType<typeof vendorBase>>[number];

// The tab shows the vendor's columns of auth's row source (vendorRows), named by the user's id, bar approvedAt.
const toVendor = ({ vendor: { userId, approvedAt: _approvedAt, ...vendor }, ...r }: VendorRow): AdminVendor => ({
  id: userId,
  ...vendor,
  totalProducts: Number(r.totalProducts),
  totalOrders: Number(r.totalOrders),
  totalRevenuePaise: Number(r.totalRevenue),
  registeredAt: r.registeredAt.toISOString(),
  payout:
    r.payoutMethod === null || r.payoutUpdatedAt === null
      ? null
      : toPayoutDetails({
          method: r.payoutMethod,
          accountHolderName: r.payoutHolder,
          bankAccountNumber: r.payoutAccount,
          ifsc: r.payoutIfsc,
          upiId: r.payoutUpi,
          pan: r.pan,
          gstin: r.gstin,
          tdsExemption: r.tdsExemption ?? undefined,
          aadhaar: r.aadhaar,
          enrolmentNumber: r.enrolmentNumber,
          updatedAt: r.payoutUpdatedAt,
        }),
});

/** The Vendors tab: vendors with their products, orders, revenue and payout details (masked), searched by business name, email or id, filtered by approval. */
export async function listAdminVendors({
  db,
  query,
  forExport = false,
}: {
  db: Db;
  query: AdminVendorsQuery;
  forExport?: boolean;
}): Promise<AdminVendorPage> {
  const { limit, offset } = pageWindow(query, forExport);
  const [rows, [{ total }]] = await Promise.all([
    vendorBase(db)
      .where(vendorWhere(query))
      .orderBy(...orderOf(vendorSorts, query, 'registeredAt', vendors.userId))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(vendors)
      .innerJoin(users, eq(users.id, vendors.userId))
      .where(vendorWhere(query)),
  ]);
  return { items: rows.map(toVendor), total: Number(total), page: query.page, pageSize: query.pageSize };
}

/** One vendor as the Vendors tab shows it; 404 when there is none. */
export async function getAdminVendor(db: DbOrTx, vendorUserId: string): Promise<AdminVendor> {
  const [row] = await vendorBase(db).where(eq(vendors.userId, vendorUserId));
  if (!row) throw new AppError('NOT_FOUND', vendorActionMessages.notFound);
  return toVendor(row);
}
