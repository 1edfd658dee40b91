import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, union, type PgSelect } from 'drizzle-orm/pg-core';
import { describeAuditAction, type AdminOverview } from '../../../contracts/admin.contract';
import type { AdminAuditEntry, AdminAuditPage, AdminAuditQuery, AdminWithdrawal, AdminWithdrawalPage, AdminWithdrawalsQuery } from '../../../contracts/admin-lists.contract';
import { merchantActionMessages, referralActionMessages, type ReferralStatus } from '../../../contracts/admin-merchants.contract';
import type { AdminMerchant, AdminMerchantPage, AdminMerchantsQuery, AdminReferral, AdminReferralPage, AdminReferralsQuery } from '../../../contracts/admin-merchants.contract';
import type { AdminOrder, AdminOrderPage, AdminOrdersQuery } from '../../../contracts/admin-orders.contract';
import type { AdminProduct, AdminProductPage, AdminProductsQuery } from '../../../contracts/admin-products.contract';
import { vendorActionMessages, type AdminVendor, type AdminVendorPage, type AdminVendorsQuery } from '../../../contracts/admin-vendors.contract';
import { toPayoutDetails } from '../../../contracts/payout-details.contract';
import type { PaymentStatus } from '../../../contracts/orders.contract';
import { growthPercent } from '../../../domain/growth';
import { pointsToPaise } from '../../../domain/money';
import type { OrderStatus } from '../../../domain/order-status';
import { AppError } from '../../platform/app-error';
import { queryRows, type Db, type DbOrTx } from '../../platform/db';
import { containsPattern, countCapped, idStartsWith, orderOf, pageWindow } from '../../platform/list-query';
import { systemLogs } from '../audit/audit.tables';
import { deletedUserIds } from '../auth';
import { adminAccounts, customers, userProfiles, users, vendors } from '../auth/auth.tables';
import { categories, products } from '../catalog/catalog.tables';
import { employees } from '../erp/erp.tables';
import { merchants, merchantTransactions } from '../merchants/merchants.tables';
import { orderShown } from '../orders';
import { orderItems, orderParts, orders } from '../orders/orders.tables';
import { referralPaid } from '../referrals';
import { referrals } from '../referrals/referrals.tables';
import { withdrawalRequests } from '../rewards/rewards.tables';
import { vendorPayoutDetails } from '../settlement/settlement.tables';
import { vendorShops } from '../shops/shops.tables';

// The super admin's read model: the lists of the Orders, Products, Vendors, Merchants, Referrals,
// Withdrawals and Audit log tabs and the overview, and the only file of admin that names other
// modules' tables. Each of these screens filters, sorts and pages rows whose columns belong to
// several modules in one statement: orders (orders, order_parts, order_items), shops (vendor_shops),
// auth (users, user_profiles, customers, vendors, admin_accounts), catalog (products, categories),
// merchants (merchants, merchant_transactions), referrals (referrals), rewards (withdrawal_requests),
// erp (employees: pending approvals), audit (system_logs) and settlement (vendor_payout_details). Going through one function per module
// would filter and sort in memory, or read row by row. Read-only: nothing here inserts, updates,
// deletes or locks (changes go through the owning modules' functions); `.dependency-cruiser.cjs`
// names this file as an exception that may import those *.tables.ts. A list of one module's rows
// alone (messages, employees, users) is that module's function instead.

const toIso = (d: Date | null) => d?.toISOString() ?? null;

// ---- Audit log: system_logs with the acting admin's email.

const auditSorts = { createdAt: systemLogs.createdAt, action: systemLogs.action, resourceType: systemLogs.resourceType };
// India dates: the day starts at midnight in Asia/Kolkata.
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone 'Asia/Kolkata')`;

function auditWhere(query: AdminAuditQuery) {
  const q = query.q;
  return and(
    query.action ? eq(systemLogs.action, query.action) : undefined,
    query.resource ? eq(systemLogs.resourceType, query.resource) : undefined,
    query.from ? gte(systemLogs.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(systemLogs.createdAt, sql`${dayStart(query.to)} + interval '1 day'`) : undefined,
    q ? or(ilike(systemLogs.action, containsPattern(q)), ilike(systemLogs.resourceId, containsPattern(q)), ilike(adminAccounts.email, containsPattern(q)), ilike(systemLogs.ipAddress, containsPattern(q))) : undefined,
  );
}

/** The Audit log tab: every entry, filtered by action, resource, India dates and a search, newest first. */
export async function listAuditLog({ db, query, forExport = false }: { db: Db; query: AdminAuditQuery; forExport?: boolean }): Promise<AdminAuditPage> {
  const { limit, offset } = pageWindow(query, forExport);
  const [rows, [{ total }], actions, resources] = await Promise.all([
    db
      .select({ log: systemLogs, email: adminAccounts.email })
      .from(systemLogs)
      .leftJoin(adminAccounts, eq(adminAccounts.id, systemLogs.actorId))
      .where(auditWhere(query))
      .orderBy(...orderOf(auditSorts, query, 'createdAt', systemLogs.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(systemLogs).leftJoin(adminAccounts, eq(adminAccounts.id, systemLogs.actorId)).where(auditWhere(query)),
    db.selectDistinct({ v: systemLogs.action }).from(systemLogs).orderBy(systemLogs.action),
    db.selectDistinct({ v: systemLogs.resourceType }).from(systemLogs).orderBy(systemLogs.resourceType),
  ]);
  const items: AdminAuditEntry[] = rows.map(({ log, email }) => ({
    id: log.id,
    createdAt: log.createdAt.toISOString(),
    action: log.action,
    description: describeAuditAction(log.action),
    resourceType: log.resourceType,
    resourceId: log.resourceId,
    actor: email ?? (log.newData as { email?: string } | null)?.email ?? (log.actorType === 'system' ? 'System' : log.actorType),
    ipAddress: log.ipAddress,
    userAgent: log.userAgent,
    newData: log.newData === null ? null : JSON.stringify(log.newData),
    origin: log.origin,
  }));
  return { items, total: Number(total), page: query.page, pageSize: query.pageSize, actions: actions.map((a) => a.v), resources: resources.map((r) => r.v) };
}

// ---- Overview: totals of every module, growth, 30 days of orders, the latest audit entries.

const IST = sql.raw(`'Asia/Kolkata'`);
// Month starts in India time, as timestamptz: this month's, last month's, and "the same moment last month".
const thisMonth = sql`(date_trunc('month', now() at time zone ${IST}) at time zone ${IST})`;
const lastMonth = sql`((date_trunc('month', now() at time zone ${IST}) - interval '1 month') at time zone ${IST})`;
const sameMomentLastMonth = sql`(((now() at time zone ${IST}) - interval '1 month') at time zone ${IST})`;
/** What customers paid after points, less what is due back to them. */
const revenueOf = sql`(${orders.totalAmountPaise} - ${orders.refundDuePaise})`;

const num = (v: unknown) => Number(v ?? 0);

/** SPEC.md's admin stats: totals, this month's growth against the same days of last month, 30 days of orders and revenue, and the latest audit entries. */
export async function getAdminOverview({ db }: { db: DbOrTx }): Promise<AdminOverview> {
  const [totals] = await queryRows<Record<string, unknown>>(db, sql`
    select
      (select count(*) from ${users} where ${users.status} <> 'deleted') as users,
      (select count(*) from ${users} where ${users.createdAt} >= ${thisMonth}) as users_now,
      (select count(*) from ${users} where ${users.createdAt} >= ${lastMonth} and ${users.createdAt} < ${sameMomentLastMonth}) as users_before,
      (select count(*) from ${merchants} where ${merchants.userId} not in (${deletedUserIds})) as merchants,
      (select count(*) from ${vendors} where ${vendors.userId} not in (${deletedUserIds})) as vendors,
      (select count(*) from ${referrals}) as referrals,
      (select count(*) from ${products} where ${products.withdrawnAt} is null) as products,
      (select count(*) from ${vendors} where not ${vendors.isApproved} and ${vendors.userId} not in (${deletedUserIds}))
        + (select count(*) from ${employees} where not ${employees.isApproved} and ${employees.deletedAt} is null) as pending,
      (select count(*) from ${orders}) as orders,
      (select coalesce(sum(${revenueOf}), 0) from ${orders}) as revenue,
      (select count(*) from ${orders} where ${orders.createdAt} >= ${thisMonth}) as orders_now,
      (select count(*) from ${orders} where ${orders.createdAt} >= ${lastMonth} and ${orders.createdAt} < ${sameMomentLastMonth}) as orders_before,
      (select coalesce(sum(${revenueOf}), 0) from ${orders} where ${orders.createdAt} >= ${thisMonth}) as revenue_now,
      (select coalesce(sum(${revenueOf}), 0) from ${orders} where ${orders.createdAt} >= ${lastMonth} and ${orders.createdAt} < ${sameMomentLastMonth}) as revenue_before
  `);

  const days = await queryRows<{ day: string; orders: unknown; revenue: unknown }>(db, sql`
    with days as (
      select generate_series((now() at time zone ${IST})::date - 29, (now() at time zone ${IST})::date, interval '1 day')::date as day
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, count(o.id) as orders, coalesce(sum(o.total_amount_paise - o.refund_due_paise), 0) as revenue
    from days
    left join ${orders} o on o.created_at >= (days.day::timestamp at time zone ${IST}) and o.created_at < ((days.day + 1)::timestamp at time zone ${IST})
    group by days.day
    order by days.day
  `);

  const activity = await db
    .select({ id: systemLogs.id, action: systemLogs.action, actorType: systemLogs.actorType, email: adminAccounts.email, newData: systemLogs.newData, createdAt: systemLogs.createdAt })
    .from(systemLogs)
    .leftJoin(adminAccounts, eq(adminAccounts.id, systemLogs.actorId))
    .orderBy(desc(systemLogs.createdAt))
    .limit(10);

  return {
    totals: {
      totalUsers: num(totals.users),
      totalMerchants: num(totals.merchants),
      totalOrders: num(totals.orders),
      totalRevenuePaise: num(totals.revenue),
      totalVendors: num(totals.vendors),
      totalReferrals: num(totals.referrals),
      totalProducts: num(totals.products),
      pendingApprovals: num(totals.pending),
    },
    growth: {
      usersGrowth: growthPercent(num(totals.users_now), num(totals.users_before)),
      ordersGrowth: growthPercent(num(totals.orders_now), num(totals.orders_before)),
      revenueGrowth: growthPercent(num(totals.revenue_now), num(totals.revenue_before)),
    },
    daily: days.map((d) => ({ date: d.day, orders: num(d.orders), revenuePaise: num(d.revenue) })),
    recentActivity: activity.map((a) => ({
      id: a.id,
      description: describeAuditAction(a.action),
      user: a.email ?? (a.newData as { email?: string } | null)?.email ?? (a.actorType === 'system' ? 'System' : 'Unknown'),
      timestamp: a.createdAt.toISOString(),
    })),
  };
}

// ---- Merchants: with their recorded transactions (merchants) and referrals made (referrals).

// The totals come from two grouped subqueries joined once (recorded transactions per merchant,
// referrals per referrer), not from a subquery per row.
const merchantTotalsOf = (db: DbOrTx) => {
  const tx = db
    .select({
      merchantId: merchantTransactions.merchantId,
      transactions: sql<number>`count(*)::int`.as('transactions'),
      volume: sql<string>`sum(${merchantTransactions.transactionAmountPaise})::bigint`.as('volume'),
    })
    .from(merchantTransactions)
    .groupBy(merchantTransactions.merchantId)
    .as('merchant_totals');
  const made = db
    .select({ referrerUserId: referrals.referrerUserId, made: sql<number>`count(*)::int`.as('made') })
    .from(referrals)
    .groupBy(referrals.referrerUserId)
    .as('referrals_made');
  return { tx, made };
};

const totalVolume = (t: ReturnType<typeof merchantTotalsOf>) => sql<string>`coalesce(${t.tx.volume}, 0)`;

function merchantBase(db: DbOrTx) {
  const t = merchantTotalsOf(db);
  const query = db
    .select({
      id: merchants.userId,
      name: merchants.name,
      businessName: merchants.businessName,
      referralCode: merchants.referralCode,
      mobileNumber: merchants.mobileNumber,
      email: merchants.email,
      upiId: merchants.upiId,
      cashbackPercentage: merchants.cashbackPercentage,
      isVerified: merchants.isVerified,
      totalTransactions: sql<number>`coalesce(${t.tx.transactions}, 0)`,
      totalVolume: totalVolume(t),
      referralsMade: sql<number>`coalesce(${t.made.made}, 0)`,
      registeredAt: merchants.createdAt,
    })
    .from(merchants)
    .leftJoin(t.tx, eq(t.tx.merchantId, merchants.id))
    .leftJoin(t.made, eq(t.made.referrerUserId, merchants.userId));
  return { query, sorts: { businessName: merchants.businessName, registeredAt: merchants.createdAt, totalVolume: totalVolume(t) } };
}
type MerchantRow = Awaited<ReturnType<typeof merchantBase>['query']>[number];

function merchantWhere(query: AdminMerchantsQuery) {
  const q = query.q;
  const p = q ? containsPattern(q) : '';
  const search = q ? or(ilike(merchants.businessName, p), ilike(merchants.name, p), ilike(merchants.email, p), ilike(merchants.referralCode, p), idStartsWith(merchants.userId, q)) : undefined;
  const verified = query.verified === 'verified' ? eq(merchants.isVerified, true) : query.verified === 'unverified' ? eq(merchants.isVerified, false) : undefined;
  // A deleted merchant stays (anonymised) for its recorded payments, but is nobody to list.
  const live = sql`${merchants.userId} not in (${deletedUserIds})`;
  return and(live, search, verified);
}

const toMerchant = (r: MerchantRow): AdminMerchant => ({
  id: r.id,
  name: r.name,
  businessName: r.businessName,
  referralCode: r.referralCode,
  mobileNumber: r.mobileNumber,
  email: r.email,
  upiId: r.upiId,
  cashbackPercentage: Number(r.cashbackPercentage),
  isVerified: r.isVerified,
  totalTransactions: Number(r.totalTransactions),
  totalVolumePaise: Number(r.totalVolume),
  referralsMade: Number(r.referralsMade),
  registeredAt: r.registeredAt.toISOString(),
});

/** The Merchants tab: merchants with their recorded transactions and referrals, searched by business name, name, email, referral code or id, filtered by verification. */
export async function listAdminMerchants({ db, query, forExport = false }: { db: Db; query: AdminMerchantsQuery; forExport?: boolean }): Promise<AdminMerchantPage> {
  const { limit, offset } = pageWindow(query, forExport);
  const { query: rows, sorts } = merchantBase(db);
  const [items, [{ total }]] = await Promise.all([
    rows
      .where(merchantWhere(query))
      .orderBy(...orderOf(sorts, query, 'registeredAt', merchants.userId))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(merchants).where(merchantWhere(query)),
  ]);
  return { items: items.map(toMerchant), total: Number(total), page: query.page, pageSize: query.pageSize };
}

/** One merchant as the Merchants tab shows it; 404 when the user is no merchant. */
export async function getAdminMerchant(db: DbOrTx, merchantUserId: string): Promise<AdminMerchant> {
  const [row] = await merchantBase(db).query.where(eq(merchants.userId, merchantUserId));
  if (!row) throw new AppError('NOT_FOUND', merchantActionMessages.notFound);
  return toMerchant(row);
}

// ---- Orders: one row per shop's part of an order (orders), with its shop (shops), the shop's vendor and the customer (auth).

// The page's parts are chosen first (ordered, filtered and limited without touching the items), then
// only those are grouped with their items (folded into the first name, their count and units); a
// search finds the customers first, so neither the page's choice nor the count joins the customer's tables.

const orderSorts = { createdAt: orders.createdAt, amount: orderParts.subtotalPaise, status: orderParts.status };

const orderColumns = {
  id: orders.id,
  partId: orderParts.id,
  customerName: customers.fullName,
  customerEmail: users.email,
  shopName: vendorShops.shopName,
  vendorName: vendors.businessName,
  productName: sql<string | null>`(array_agg(${orderItems.productName} order by ${orderItems.productName}, ${orderItems.id}))[1]`,
  // The same first item's size or colour and SKU.
  variantLabel: sql<string | null>`(array_agg(${orderItems.variantLabel} order by ${orderItems.productName}, ${orderItems.id}))[1]`,
  sku: sql<string | null>`(array_agg(${orderItems.sku} order by ${orderItems.productName}, ${orderItems.id}))[1]`,
  itemCount: sql<number>`count(${orderItems.id})::int`,
  quantity: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
  amountPaise: orderParts.subtotalPaise,
  status: orderParts.status,
  orderStatus: orders.status,
  pointsEarned: orderParts.pointsEarned,
  pointsUsed: orders.pointsUsed,
  paymentStatus: orders.paymentStatus,
  testPayment: orders.testPayment,
  codDuePaise: orderParts.codDuePaise,
  cashCollectedPaise: orderParts.cashCollectedPaise,
  returnedToSeller: sql<boolean>`(${orderParts.returnedToSellerAt} is not null)`,
  createdAt: orders.createdAt,
};
// Every column that is not an aggregate.
const orderGroupBy = [
  ...[orderParts.id, orders.id, customers.fullName, users.email, vendorShops.shopName, vendors.businessName, orderParts.subtotalPaise],
  ...[orderParts.status, orders.status, orderParts.pointsEarned, orders.pointsUsed, orders.paymentStatus, orders.testPayment, orders.createdAt],
  ...[orderParts.codDuePaise, orderParts.cashCollectedPaise, orderParts.returnedToSellerAt],
];

function selectOrderRows(db: Db, where: SQL | undefined) {
  return db
    .select(orderColumns)
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .leftJoin(customers, eq(customers.userId, orders.customerId))
    .innerJoin(vendorShops, eq(vendorShops.id, orderParts.storeId))
    .leftJoin(vendors, eq(vendors.userId, vendorShops.vendorId))
    .leftJoin(orderItems, eq(orderItems.orderPartId, orderParts.id))
    .where(where)
    .groupBy(...orderGroupBy);
}
type OrderRow = Awaited<ReturnType<typeof selectOrderRows>>[number];

/**
 * Customers whose name or email contains the text: each half answered by its own trigram index
 * (customers_full_name_trgm_idx, users_email_trgm_idx), so the parts need no join to search.
 */
const customersMatching = (db: Db, q: string) =>
  union(db.select({ id: customers.userId }).from(customers).where(ilike(customers.fullName, containsPattern(q))), db.select({ id: users.id }).from(users).where(ilike(users.email, containsPattern(q))));

/** On order_parts joined to orders only; an order the super admin deleted is never listed. */
function orderWhere(db: Db, query: AdminOrdersQuery): SQL | undefined {
  const q = query.q;
  const search = q ? or(inArray(orders.customerId, customersMatching(db, q)), idStartsWith(orders.id, q)) : undefined;
  return and(orderShown, search, query.status === 'all' ? undefined : eq(orderParts.status, query.status));
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

function selectOrderPage(db: Db, query: AdminOrdersQuery, forExport: boolean) {
  const { limit, offset } = pageWindow(query, forExport);
  const order = orderOf(orderSorts, query, 'createdAt', orderParts.id);
  const pageParts = db.select({ id: orderParts.id }).from(orderParts).innerJoin(orders, eq(orders.id, orderParts.orderId)).where(orderWhere(db, query)).orderBy(...order).limit(limit).offset(offset);
  return selectOrderRows(db, inArray(orderParts.id, pageParts)).orderBy(...order);
}

/** The Orders tab: every shop's part of every order, searched by customer, email or order id prefix, filtered by the part's status, paged and sorted. */
export async function listAdminOrders({ db, query }: { db: Db; query: AdminOrdersQuery }): Promise<AdminOrderPage> {
  const [rows, total] = await Promise.all([
    selectOrderPage(db, query, false),
    countCapped(db, query, (limit) => db.select({ one: sql`1` }).from(orderParts).innerJoin(orders, eq(orders.id, orderParts.orderId)).where(orderWhere(db, query)).limit(limit).as('matches')),
  ]);
  return { items: rows.map(toOrder), ...total, page: query.page, pageSize: query.pageSize };
}

/** The same filter, every row up to the export bound, for CSV. */
export async function exportAdminOrders({ db, query }: { db: Db; query: AdminOrdersQuery }): Promise<AdminOrder[]> {
  return (await selectOrderPage(db, query, true)).map(toOrder);
}

/** These parts as the Orders tab shows them, by part id. */
export async function listAdminOrderParts(db: Db, partIds: string[]): Promise<AdminOrder[]> {
  return (await selectOrderRows(db, inArray(orderParts.id, partIds)).orderBy(orderParts.id)).map(toOrder);
}

// ---- Products (catalog) with their shop (shops), the shop's vendor (auth) and category (catalog).

const productSorts = { name: products.name, price: products.pricePaise, stock: products.stockQuantity, createdAt: products.createdAt };

const productColumns = {
  id: products.id,
  name: products.name,
  // Older rows may carry only the gallery; its first picture is then the thumbnail.
  imageUrl: sql<string | null>`coalesce(${products.imageUrl}, ${products.images}[1])`,
  vendorName: vendors.businessName,
  shopName: vendorShops.shopName,
  category: categories.name,
  pricePaise: products.pricePaise,
  originalPricePaise: products.originalPricePaise,
  stock: products.stockQuantity,
  isActive: products.isActive,
  rewardPercentage: products.rewardPercentage,
  createdAt: products.createdAt,
};

// Shop, vendor and category joined once for the whole page: no per-row subqueries.
const selectProducts = (db: Db) =>
  db
    .select(productColumns)
    .from(products)
    .innerJoin(vendorShops, eq(vendorShops.id, products.storeId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(vendors, eq(vendors.userId, vendorShops.vendorId));
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
  rewardPercentage: Number(r.rewardPercentage),
  createdAt: r.createdAt.toISOString(),
});

// Only products' own columns: the count needs no join (every product has a shop and a category).
function productWhere(query: AdminProductsQuery): SQL | undefined {
  const q = query.q;
  // Written on lower(name), the expression of products_name_trgm_idx, so the index answers the LIKE.
  const search = q ? or(sql`lower(${products.name}) like ${containsPattern(q.toLowerCase())}`, idStartsWith(products.id, q)) : undefined;
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
export async function listAdminProducts({ db, query }: { db: Db; query: AdminProductsQuery }): Promise<AdminProductPage> {
  const [rows, total] = await Promise.all([
    selectProductPage(db, query, false),
    countCapped(db, query, (limit) => db.select({ one: sql`1` }).from(products).where(productWhere(query)).limit(limit).as('matches')),
  ]);
  return { items: rows.map(toProduct), ...total, page: query.page, pageSize: query.pageSize };
}

/** The same filter, every row up to the export bound, for CSV. */
export async function exportAdminProducts({ db, query }: { db: Db; query: AdminProductsQuery }): Promise<AdminProduct[]> {
  return (await selectProductPage(db, query, true)).map(toProduct);
}

/** One product as the Products tab shows it. */
export async function getAdminProduct(db: Db, productId: string): Promise<AdminProduct> {
  const [row] = await selectProducts(db).where(eq(products.id, productId));
  return toProduct(row);
}

// ---- Referrals (referrals), each side named by its merchant row (merchants), profile or email (auth).

// Each side of a referral is an account with, maybe, a profile and a merchant row.
const referrer = { user: alias(users, 'referrer_user'), profile: alias(userProfiles, 'referrer_profile'), merchant: alias(merchants, 'referrer_merchant') };
const referred = { user: alias(users, 'referred_user'), profile: alias(userProfiles, 'referred_profile'), merchant: alias(merchants, 'referred_merchant') };
type Side = { user: { email: AnyColumn }; profile: { firstName: AnyColumn; lastName: AnyColumn }; merchant: { businessName: AnyColumn } };

/** A merchant's business name, else the profile's first and last name, else the email. */
const nameOf = (s: Side): SQL<string> =>
  sql<string>`coalesce(${s.merchant.businessName}, nullif(trim(coalesce(${s.profile.firstName}, '') || ' ' || coalesce(${s.profile.lastName}, '')), ''), ${s.user.email})`;

const referralSorts = { createdAt: referrals.createdAt, status: referrals.status };

const referralColumns = {
  r: referrals,
  referrerName: nameOf(referrer),
  referrerEmail: referrer.user.email,
  referredName: nameOf(referred),
  referredEmail: referred.user.email,
  rewardPaid: referralPaid,
};

const withSides = <T extends PgSelect>(select: T) =>
  select
    .innerJoin(referrer.user, eq(referrer.user.id, referrals.referrerUserId))
    .leftJoin(referrer.profile, eq(referrer.profile.userId, referrals.referrerUserId))
    .leftJoin(referrer.merchant, eq(referrer.merchant.userId, referrals.referrerUserId))
    .innerJoin(referred.user, eq(referred.user.id, referrals.referredUserId))
    .leftJoin(referred.profile, eq(referred.profile.userId, referrals.referredUserId))
    .leftJoin(referred.merchant, eq(referred.merchant.userId, referrals.referredUserId));

const referralBase = (db: DbOrTx) => withSides(db.select(referralColumns).from(referrals).$dynamic());
type ReferralRow = Awaited<ReturnType<typeof referralBase>>[number];

function referralWhere(query: AdminReferralsQuery) {
  const q = query.q;
  const p = q ? containsPattern(q) : '';
  const search = q
    ? or(ilike(nameOf(referrer), p), ilike(referrer.user.email, p), ilike(nameOf(referred), p), ilike(referred.user.email, p), ilike(referrals.referralCode, p), idStartsWith(referrals.id, q))
    : undefined;
  return and(search, query.status ? eq(referrals.status, query.status) : undefined, query.referredType ? eq(referrals.referredUserType, query.referredType) : undefined);
}

const toReferral = ({ r, referrerName, referrerEmail, referredName, referredEmail, rewardPaid }: ReferralRow): AdminReferral => ({
  id: r.id,
  referrerName,
  referrerEmail,
  referredName,
  referredEmail,
  referredType: r.referredUserType as AdminReferral['referredType'],
  status: r.status as ReferralStatus,
  pointsAwarded: r.pointsAwarded,
  referralCode: r.referralCode,
  createdAt: r.createdAt.toISOString(),
  qualificationDate: toIso(r.qualificationDate),
  redemptionDate: toIso(r.redemptionDate),
  rewardPaid: Boolean(rewardPaid),
});

/** The Referrals tab: who referred whom, searched by either side's name or email, the code or id, filtered by status and referred type. */
export async function listAdminReferrals({ db, query, forExport = false }: { db: Db; query: AdminReferralsQuery; forExport?: boolean }): Promise<AdminReferralPage> {
  const { limit, offset } = pageWindow(query, forExport);
  const [rows, [{ total }]] = await Promise.all([
    referralBase(db)
      .where(referralWhere(query))
      .orderBy(...orderOf(referralSorts, query, 'createdAt', referrals.id))
      .limit(limit)
      .offset(offset),
    withSides(db.select({ total: count() }).from(referrals).$dynamic()).where(referralWhere(query)),
  ]);
  return { items: rows.map(toReferral), total: Number(total), page: query.page, pageSize: query.pageSize };
}

/** One referral as the Referrals tab shows it; 404 when there is none. */
export async function getAdminReferral(db: DbOrTx, referralId: string): Promise<AdminReferral> {
  const [row] = await referralBase(db).where(eq(referrals.id, referralId));
  if (!row) throw new AppError('NOT_FOUND', referralActionMessages.notFound);
  return toReferral(row);
}

// ---- Vendors (auth) with their products (catalog), orders and revenue (orders) over their shops (shops).

// The totals are correlated subqueries over the vendor's own shops (indexed by store), so a shared
// order counts for each vendor with that vendor's part alone; only a revenue sort computes them for
// every matching vendor rather than for the page.
const ownShops = sql`select ${vendorShops.id} from ${vendorShops} where ${vendorShops.vendorId} = ${vendors.userId}`;
const totalProducts = sql<number>`(select count(*) from ${products} where ${products.storeId} in (${ownShops}))::int`;
const totalOrders = sql<number>`(select count(*) from ${orderParts} where ${orderParts.storeId} in (${ownShops}))::int`;
const totalRevenue = sql<string>`(select coalesce(sum(${orderParts.subtotalPaise}), 0) from ${orderParts} where ${orderParts.storeId} in (${ownShops}) and ${orderParts.status} <> 'cancelled')::bigint`;

const vendorSorts = { businessName: vendors.businessName, email: vendors.email, registeredAt: users.createdAt, totalRevenue };

const vendorColumns = {
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
  // Payout details (settlement): the account number is masked in toVendor and never leaves the server.
  payoutMethod: vendorPayoutDetails.method,
  payoutHolder: vendorPayoutDetails.accountHolderName,
  payoutAccount: vendorPayoutDetails.bankAccountNumber,
  payoutIfsc: vendorPayoutDetails.ifsc,
  payoutUpi: vendorPayoutDetails.upiId,
  pan: vendorPayoutDetails.pan,
  gstin: vendorPayoutDetails.gstin,
  tdsExemption: vendorPayoutDetails.tdsExemption,
  aadhaar: vendorPayoutDetails.aadhaar,
  enrolmentNumber: vendorPayoutDetails.enrolmentNumber,
  payoutUpdatedAt: vendorPayoutDetails.updatedAt,
};

function vendorWhere(query: AdminVendorsQuery) {
  const q = query.q;
  const search = q ? or(ilike(vendors.businessName, containsPattern(q)), ilike(vendors.email, containsPattern(q)), idStartsWith(vendors.userId, q)) : undefined;
  const approval = query.approval === 'approved' ? eq(vendors.isApproved, true) : query.approval === 'rejected' ? eq(vendors.isApproved, false) : undefined;
  return and(ne(users.status, 'deleted'), search, approval);
}

const vendorBase = (db: DbOrTx) =>
  db.select(vendorColumns).from(vendors).innerJoin(users, eq(users.id, vendors.userId)).leftJoin(vendorPayoutDetails, eq(vendorPayoutDetails.vendorUserId, vendors.userId));
type VendorRow = Awaited<ReturnType<typeof vendorBase>>[number];

const toVendor = (r: VendorRow): AdminVendor => ({
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
export async function listAdminVendors({ db, query, forExport = false }: { db: Db; query: AdminVendorsQuery; forExport?: boolean }): Promise<AdminVendorPage> {
  const { limit, offset } = pageWindow(query, forExport);
  const [rows, [{ total }]] = await Promise.all([
    vendorBase(db)
      .where(vendorWhere(query))
      .orderBy(...orderOf(vendorSorts, query, 'registeredAt', vendors.userId))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(vendors).innerJoin(users, eq(users.id, vendors.userId)).where(vendorWhere(query)),
  ]);
  return { items: rows.map(toVendor), total: Number(total), page: query.page, pageSize: query.pageSize };
}

/** One vendor as the Vendors tab shows it; 404 when there is none. */
export async function getAdminVendor(db: DbOrTx, vendorUserId: string): Promise<AdminVendor> {
  const [row] = await vendorBase(db).where(eq(vendors.userId, vendorUserId));
  if (!row) throw new AppError('NOT_FOUND', vendorActionMessages.notFound);
  return toVendor(row);
}

// ---- Withdrawals (rewards) with the customer's name and email (auth).

const withdrawalSorts = { createdAt: withdrawalRequests.createdAt, points: withdrawalRequests.points, customer: customers.fullName };

const selectWithdrawals = (db: Db) =>
  db
    .select({ w: withdrawalRequests, customerName: customers.fullName, customerEmail: users.email })
    .from(withdrawalRequests)
    .innerJoin(users, eq(users.id, withdrawalRequests.customerId))
    .leftJoin(customers, eq(customers.userId, withdrawalRequests.customerId));
type WithdrawalRow = Awaited<ReturnType<typeof selectWithdrawals>>[number];

function withdrawalWhere(query: AdminWithdrawalsQuery) {
  const q = query.q;
  const search = q ? or(ilike(customers.fullName, containsPattern(q)), ilike(users.email, containsPattern(q)), ilike(withdrawalRequests.upiId, containsPattern(q)), idStartsWith(withdrawalRequests.id, q)) : undefined;
  return and(eq(withdrawalRequests.status, query.status), search);
}

function selectWithdrawalPage(db: Db, query: AdminWithdrawalsQuery, forExport: boolean) {
  const { limit, offset } = pageWindow(query, forExport);
  return selectWithdrawals(db)
    .where(withdrawalWhere(query))
    .orderBy(...orderOf(withdrawalSorts, query, 'createdAt', withdrawalRequests.id))
    .limit(limit)
    .offset(offset);
}

const toWithdrawal = ({ w, customerName, customerEmail }: WithdrawalRow): AdminWithdrawal => ({
  id: w.id,
  customerName: customerName ?? customerEmail,
  customerEmail,
  upiId: w.upiId,
  points: w.points,
  amountPaise: pointsToPaise(w.points),
  status: w.status as AdminWithdrawal['status'],
  upiReference: w.upiReference,
  rejectReason: w.rejectReason,
  createdAt: w.createdAt.toISOString(),
  processedAt: toIso(w.processedAt),
});

/** The Withdrawals tab: requests of one status (pending first of all), searched by customer, email, UPI ID or id. */
export async function listAdminWithdrawals({ db, query }: { db: Db; query: AdminWithdrawalsQuery }): Promise<AdminWithdrawalPage> {
  const [rows, [{ total }]] = await Promise.all([
    selectWithdrawalPage(db, query, false),
    db
      .select({ total: count() })
      .from(withdrawalRequests)
      .innerJoin(users, eq(users.id, withdrawalRequests.customerId))
      .leftJoin(customers, eq(customers.userId, withdrawalRequests.customerId))
      .where(withdrawalWhere(query)),
  ]);
  return { items: rows.map(toWithdrawal), total: Number(total), page: query.page, pageSize: query.pageSize };
}

/** The same filter, every row up to the export bound, for CSV. */
export async function exportAdminWithdrawals({ db, query }: { db: Db; query: AdminWithdrawalsQuery }): Promise<AdminWithdrawal[]> {
  return (await selectWithdrawalPage(db, query, true)).map(toWithdrawal);
}

/** One request as the Withdrawals tab shows it. */
export async function getAdminWithdrawal(db: Db, id: string): Promise<AdminWithdrawal> {
  const [row] = await selectWithdrawals(db).where(sql`${withdrawalRequests.id} = ${id}`);
  return toWithdrawal(row);
}
