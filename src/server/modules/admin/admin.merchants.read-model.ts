import { and, count, eq, sql } from 'drizzle-orm';
import {
  merchantActionMessages,
  type AdminMerchant,
  type AdminMerchantPage,
  type AdminMerchantsQuery,
} from '../../../contracts/admin-merchants.contract';
import { AppError } from '../../platform/app-error';
import type { Db, DbOrTx } from '../../platform/db';
import { orderOf, pageWindow, searchOf } from '../../platform/list-query';
import { deletedUserIds } from '../auth';
import { merchantRows as merchants, merchantPaymentRows as payments } from '../merchants';
import { referralRows } from '../referrals';

// The Merchants tab: merchants (merchants) with their recorded transactions and the referrals they
// made (referrals), the deleted ones left out (auth), filtered, sorted and paged in one statement
// through their owners' row sources. Read-only.

// The totals come from two grouped subqueries joined once (recorded transactions per merchant,
// referrals per referrer), not from a subquery per row.
const merchantTotalsOf = (db: DbOrTx) => {
  const tx = db
    .select({
      merchantId: payments.merchantId,
      transactions: sql<number>`count(*)::int`.as('transactions'),
      volume: sql<string>`sum(${payments.transactionAmountPaise})::bigint`.as('volume'),
    })
    .from(payments)
    .groupBy(payments.merchantId)
    .as('merchant_totals');
  const made = db
    .select({ referrerUserId: referralRows.referrerUserId, made: sql<number>`count(*)::int`.as('made') })
    .from(referralRows)
    .groupBy(referralRows.referrerUserId)
    .as('referrals_made');
  return { tx, made };
};

const totalVolume = (t: ReturnType<typeof merchantTotalsOf>) => sql<string>`coalesce(${t.tx.volume}, 0)`;

function merchantBase(db: DbOrTx) {
  const t = merchantTotalsOf(db);
  const query = db
    .select({
      merchant: merchants._.selectedFields,
      totalTransactions: sql<number>`coalesce(${t.tx.transactions}, 0)`,
      totalVolume: totalVolume(t),
      referralsMade: sql<number>`coalesce(${t.made.made}, 0)`,
    })
    .from(merchants)
    .leftJoin(t.tx, eq(t.tx.merchantId, merchants.id))
    .leftJoin(t.made, eq(t.made.referrerUserId, merchants.userId));
  return {
    query,
    sorts: { businessName: merchants.businessName, registeredAt: merchants.createdAt, totalVolume: totalVolume(t) },
  };
}
type MerchantRow = Awaited<ReturnType<typeof merchantBase>['query']>[number];

function merchantWhere(query: AdminMerchantsQuery) {
  const search = searchOf(
    query.q,
    [merchants.businessName, merchants.name, merchants.email, merchants.referralCode],
    [merchants.userId],
  );
  const verified =
    query.verified === 'verified'
      ? eq(merchants.isVerified, true)
      : query.verified === 'unverified'
        ? eq(merchants.isVerified, false)
        : undefined;
  // A deleted merchant stays (anonymised) for its recorded payments, but is nobody to list.
  const live = sql`${merchants.userId} not in (${deletedUserIds})`;
  return and(live, search, verified);
}

// The tab shows the merchant's columns of merchants' row source (merchantRows), named by the user's id.
const toMerchant = ({
  merchant: { id: _merchantId, userId, createdAt, ...merchant },
  ...r
}: MerchantRow): AdminMerchant => ({
  id: userId,
  ...merchant,
  cashbackPercentage: Number(merchant.cashbackPercentage),
  totalTransactions: Number(r.totalTransactions),
  totalVolumePaise: Number(r.totalVolume),
  referralsMade: Number(r.referralsMade),
  registeredAt: createdAt.toISOString(),
});

/** The Merchants tab: merchants with their recorded transactions and referrals, searched by business name, name, email, referral code or id, filtered by verification. */
export async function listAdminMerchants({
  db,
  query,
  forExport = false,
}: {
  db: Db;
  query: AdminMerchantsQuery;
  forExport?: boolean;
}): Promise<AdminMerchantPage> {
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
