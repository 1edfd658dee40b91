import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { adminOrderMessages as m, type AdminOrder, type AdminOrderPage, type AdminOrdersQuery, type AdminOrderStatusChanged } from '../../../contracts/admin-orders.contract';
import type { PaymentStatus } from '../../../contracts/orders.contract';
import type { OrderStatus } from '../../../domain/order-status';
import type { Db } from '../../platform/db';
import { customers, users, vendors } from '../auth';
import { setOrderStatusAsAdmin } from '../fulfilment';
import { orderItems, orderParts, orders } from '../orders';
import { vendorShops } from '../shops';
import { containsPattern, countCapped, idStartsWith, orderOf, pageWindow } from './list-query';
import type { SensitiveTx } from './step-up';

// One row per shop's part of an order. The page's parts are chosen first (ordered, filtered and
// limited without touching the items), then only those are grouped with their items (folded into
// the first name, their count and units); a search finds the customers first, so neither the
// page's choice nor the count joins the customer's tables.

const sorts = { createdAt: orders.createdAt, amount: orderParts.subtotalPaise, status: orderParts.status };

const columns = {
  id: orders.id,
  partId: orderParts.id,
  customerName: customers.fullName,
  customerEmail: users.email,
  shopName: vendorShops.shopName,
  vendorName: vendors.businessName,
  productName: sql<string | null>`(array_agg(${orderItems.productName} order by ${orderItems.productName}, ${orderItems.id}))[1]`,
  itemCount: sql<number>`count(${orderItems.id})::int`,
  quantity: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
  amountPaise: orderParts.subtotalPaise,
  status: orderParts.status,
  orderStatus: orders.status,
  pointsEarned: orderParts.pointsEarned,
  pointsUsed: orders.pointsUsed,
  paymentStatus: orders.paymentStatus,
  testPayment: orders.testPayment,
  createdAt: orders.createdAt,
};
// Every column that is not an aggregate.
const groupBy = [
  orderParts.id,
  orders.id,
  customers.fullName,
  users.email,
  vendorShops.shopName,
  vendors.businessName,
  orderParts.subtotalPaise,
  orderParts.status,
  orders.status,
  orderParts.pointsEarned,
  orders.pointsUsed,
  orders.paymentStatus,
  orders.testPayment,
  orders.createdAt,
];

function selectRows(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .leftJoin(customers, eq(customers.userId, orders.customerId))
    .innerJoin(vendorShops, eq(vendorShops.id, orderParts.storeId))
    .leftJoin(vendors, eq(vendors.userId, vendorShops.vendorId))
    .leftJoin(orderItems, eq(orderItems.orderPartId, orderParts.id))
    .where(where)
    .groupBy(...groupBy);
}
type Row = Awaited<ReturnType<typeof selectRows>>[number];

/**
 * Customers whose name or email contains the text: each half answered by its own trigram index
 * (customers_full_name_trgm_idx, users_email_trgm_idx), so the parts need no join to search.
 */
const customersMatching = (db: Db, q: string) =>
  union(db.select({ id: customers.userId }).from(customers).where(ilike(customers.fullName, containsPattern(q))), db.select({ id: users.id }).from(users).where(ilike(users.email, containsPattern(q))));

/** On order_parts joined to orders only. */
function where(db: Db, query: AdminOrdersQuery): SQL | undefined {
  const q = query.q;
  const search = q ? or(inArray(orders.customerId, customersMatching(db, q)), idStartsWith(orders.id, q)) : undefined;
  return and(search, query.status === 'all' ? undefined : eq(orderParts.status, query.status));
}

const toItem = (r: Row): AdminOrder => ({
  id: r.id,
  partId: r.partId,
  customerName: r.customerName ?? r.customerEmail,
  customerEmail: r.customerEmail,
  shopName: r.shopName,
  vendorName: r.vendorName,
  productName: r.productName ?? '',
  itemCount: Number(r.itemCount),
  quantity: Number(r.quantity),
  amountPaise: Number(r.amountPaise),
  status: r.status as OrderStatus,
  orderStatus: r.orderStatus as OrderStatus,
  pointsEarned: r.pointsEarned,
  pointsUsed: r.pointsUsed,
  paymentStatus: r.paymentStatus as PaymentStatus,
  testPayment: r.testPayment,
  createdAt: r.createdAt.toISOString(),
});

function selectPage(db: Db, query: AdminOrdersQuery, forExport: boolean) {
  const { limit, offset } = pageWindow(query, forExport);
  const order = orderOf(sorts, query, 'createdAt', orderParts.id);
  const pageParts = db.select({ id: orderParts.id }).from(orderParts).innerJoin(orders, eq(orders.id, orderParts.orderId)).where(where(db, query)).orderBy(...order).limit(limit).offset(offset);
  return selectRows(db, inArray(orderParts.id, pageParts)).orderBy(...order);
}

/** The Orders tab: every shop's part of every order, searched by customer, email or order id prefix, filtered by the part's status, paged and sorted. */
export async function listAdminOrders({ db, query }: { db: Db; query: AdminOrdersQuery }): Promise<AdminOrderPage> {
  const [rows, total] = await Promise.all([
    selectPage(db, query, false),
    // Without a search the filter is the part's own status: no join at all.
    countCapped(db, query, (limit) =>
      (query.q ? db.select({ one: sql`1` }).from(orderParts).innerJoin(orders, eq(orders.id, orderParts.orderId)) : db.select({ one: sql`1` }).from(orderParts)).where(where(db, query)).limit(limit).as('matches'),
    ),
  ]);
  return { items: rows.map(toItem), ...total, page: query.page, pageSize: query.pageSize };
}

/** The same filter, every row up to the export bound, for CSV. */
export async function exportAdminOrders({ db, query }: { db: Db; query: AdminOrdersQuery }): Promise<AdminOrder[]> {
  return (await selectPage(db, query, true)).map(toItem);
}

export type SetAdminOrderStatusArgs = {
  db: Db;
  sensitiveTx: SensitiveTx;
  orderId: string;
  partId?: string;
  status: OrderStatus;
  note?: string;
};

/**
 * Sets the status of one part of any order (or of every part still open): the fresh code is spent,
 * the parts moved (a cancel returning stock and points as the customer's cancel does), the history
 * written with the super admin as actor and one audit entry per part, all in one transaction.
 */
export async function setAdminOrderStatus({ db, sensitiveTx, orderId, partId, status, note }: SetAdminOrderStatusArgs): Promise<AdminOrderStatusChanged> {
  const done = await sensitiveTx(async (tx, admin) => {
    const result = await setOrderStatusAsAdmin(tx, { orderId, partId, status, note, actor: { userId: admin.id, role: 'super_admin' }, cancelNote: m.cancelNote });
    return {
      result,
      audit: result.changes.map((change) => ({
        action: 'order_status_changed',
        resourceType: 'order',
        resourceId: orderId,
        newData: { partId: change.partId, shop: change.storeName, from: change.from, to: change.to, ...(note ? { note } : {}), ...(result.cancelled ? { cancelled: result.cancelled } : {}) },
      })),
    };
  });
  const rows = await selectRows(db, inArray(orderParts.id, done.changes.map((c) => c.partId))).orderBy(orderParts.id);
  return { message: m.updated, items: rows.map(toItem) };
}
