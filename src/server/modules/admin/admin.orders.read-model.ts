import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { AdminOrder, AdminOrderPage, AdminOrdersQuery } from '../../../contracts/admin-orders.contract';
import type { PaymentStatus } from '../../../contracts/orders.contract';
import type { OrderStatus } from '../../../domain/order-status';
import type { Db } from '../../platform/db';
import { containsPattern, countCapped, idStartsWith, orderOf, pageWindow } from '../../platform/list-query';
import { customerRows as customers, userRows as users, vendorRows as vendors } from '../auth';
import { orderItemRows as items, orderPartRows as parts, orderRowShown, orderRows as orders } from '../orders';
import { shopRows as shops } from '../shops';

// The Orders tab: one row per shop's part of an order (orders), with its shop (shops), the shop's
// vendor and the customer (auth), filtered, sorted and paged in one statement through their owners'
// row sources. Read-only.

// The page's parts are chosen first (ordered, filtered and limited without touching the items), then
// only those are grouped with their items (folded into the first name, their count and units); a
// search finds the customers first, so neither the page's choice nor the count joins the customer's tables.

const orderSorts = { createdAt: orders.createdAt, amount: parts.subtotalPaise, status: parts.status };

const orderColumns = {
  id: orders.id,
  partId: parts.id,
  customerName: customers.fullName,
  customerEmail: users.email,
  shopName: shops.shopName,
  vendorName: vendors.businessName,
  productName: sql<string | null>`(array_agg(${items.productName} order by ${items.productName}, ${items.id}))[1]`,
  // The same first item's size or colour and SKU.
  variantLabel: sql<string | null>`(array_agg(${items.variantLabel} order by ${items.productName}, ${items.id}))[1]`,
  sku: sql<string | null>`(array_agg(${items.sku} order by ${items.productName}, ${items.id}))[1]`,
  itemCount: sql<number>`count(${items.id})::int`,
  quantity: sql<number>`coalesce(sum(${items.quantity}), 0)::int`,
  amountPaise: parts.subtotalPaise,
  status: parts.status,
  orderStatus: orders.status,
  pointsEarned: parts.pointsEarned,
  pointsUsed: orders.pointsUsed,
  paymentStatus: orders.paymentStatus,
  testPayment: orders.testPayment,
  codDuePaise: parts.codDuePaise,
  cashCollectedPaise: parts.cashCollectedPaise,
  returnedToSeller: sql<boolean>`(${parts.returnedToSellerAt} is not null)`,
  createdAt: orders.createdAt,
};
// Every column that is not an aggregate.
const orderGroupBy = [
  ...[parts.id, orders.id, customers.fullName, users.email, shops.shopName, vendors.businessName, parts.subtotalPaise],
  ...[
    parts.status,
    orders.status,
    parts.pointsEarned,
    orders.pointsUsed,
    orders.paymentStatus,
    orders.testPayment,
    orders.createdAt,
  ],
  ...[parts.codDuePaise, parts.cashCollectedPaise, parts.returnedToSellerAt],
];

function selectOrderRows(db: Db, where: SQL | undefined) {
  return db
    .select(orderColumns)
    .from(parts)
    .innerJoin(orders, eq(orders.id, parts.orderId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .leftJoin(customers, eq(customers.userId, orders.customerId))
    .innerJoin(shops, eq(shops.id, parts.storeId))
    .leftJoin(vendors, eq(vendors.userId, shops.vendorId))
    .leftJoin(items, eq(items.orderPartId, parts.id))
    .where(where)
    .groupBy(...orderGroupBy);
}
type OrderRow = Awaited<ReturnType<typeof selectOrderRows>>[number];

/**
 * Customers whose name or email contains the text: each half answered by its own trigram index
 * (customers_full_name_trgm_idx, users_email_trgm_idx), so the parts need no join to search.
 */
const customersMatching = (db: Db, q: string) =>
  union(
    db
      .select({ id: customers.userId })
      .from(customers)
      .where(ilike(customers.fullName, containsPattern(q))),
    db
      .select({ id: users.id })
      .from(users)
      .where(ilike(users.email, containsPattern(q))),
  );

/** On order parts joined to their orders only; an order the super admin deleted is never listed. */
function orderWhere(db: Db, query: AdminOrdersQuery): SQL | undefined {
  const q = query.q;
  const search = q ? or(inArray(orders.customerId, customersMatching(db, q)), idStartsWith(orders.id, q)) : undefined;
  return and(orderRowShown, search, query.status === 'all' ? undefined : eq(parts.status, query.status));
}

// The row's own columns in their order, the customer's email standing in for a missing name.
const toOrder = (r: OrderRow): AdminOrder => ({
  ...r,
  customerName: r.customerName ?? r.customerEmail,
  productName: r.productName ?? '',
  itemCount: Number(r.itemCount),
  quantity: Number(r.quantity),
  amountPaise: Number(r.amountPaise),
  status: r.status as OrderStatus,
  orderStatus: r.orderStatus as OrderStatus,
  paymentStatus: r.paymentStatus as PaymentStatus,
  codDuePaise: r.codDuePaise === null ? null : Number(r.codDuePaise),
  cashCollectedPaise: r.cashCollectedPaise === null ? null : Number(r.cashCollectedPaise),
  returnedToSeller: Boolean(r.returnedToSeller),
  createdAt: r.createdAt.toISOString(),
});

const matchingParts = (db: Db, query: AdminOrdersQuery) =>
  db.select({ id: parts.id }).from(parts).innerJoin(orders, eq(orders.id, parts.orderId)).where(orderWhere(db, query));

function selectOrderPage(db: Db, query: AdminOrdersQuery, forExport: boolean) {
  const { limit, offset } = pageWindow(query, forExport);
  const order = orderOf(orderSorts, query, 'createdAt', parts.id);
  const pageParts = matchingParts(db, query)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return selectOrderRows(db, inArray(parts.id, pageParts)).orderBy(...order);
}

/** The Orders tab: every shop's part of every order, searched by customer, email or order id prefix, filtered by the part's status, paged and sorted. */
export async function listAdminOrders({ db, query }: { db: Db; query: AdminOrdersQuery }): Promise<AdminOrderPage> {
  const [rows, total] = await Promise.all([
    selectOrderPage(db, query, false),
    countCapped(db, query, (limit) => matchingParts(db, query).limit(limit).as('matches')),
  ]);
  return { items: rows.map(toOrder), ...total, page: query.page, pageSize: query.pageSize };
}

/** The same filter, every row up to the export bound, for CSV. */
export async function exportAdminOrders({ db, query }: { db: Db; query: AdminOrdersQuery }): Promise<AdminOrder[]> {
  return (await selectOrderPage(db, query, true)).map(toOrder);
}

/** These parts as the Orders tab shows them, by part id. */
export async function listAdminOrderParts(db: Db, partIds: string[]): Promise<AdminOrder[]> {
  return (await selectOrderRows(db, inArray(parts.id, partIds)).orderBy(parts.id)).map(toOrder);
}
