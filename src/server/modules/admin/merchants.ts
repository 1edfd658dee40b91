import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import { merchantActionMessages as m, type AdminMerchant, type AdminMerchantPage, type AdminMerchantsQuery } from '../../../contracts/admin-merchants.contract';
import { AppError } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db';
import { deletedUserIds } from '../auth';
import { merchants, merchantTransactions, releaseDueCashback, setMerchantVerified, voidPendingCashback } from '../merchants';
import { referrals } from '../referrals';
import { containsPattern, idStartsWith, orderOf, pageWindow } from './list-query';
import type { SensitiveTx } from './step-up';

// The totals come from two grouped subqueries joined once (recorded transactions per merchant,
// referrals per referrer), not from a subquery per row.
const totalsOf = (db: DbOrTx) => {
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

const totalVolume = (t: ReturnType<typeof totalsOf>) => sql<string>`coalesce(${t.tx.volume}, 0)`;

function base(db: DbOrTx) {
  const t = totalsOf(db);
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
type Row = Awaited<ReturnType<typeof base>['query']>[number];

function where(query: AdminMerchantsQuery) {
  const q = query.q;
  const search = q
    ? or(
        ilike(merchants.businessName, containsPattern(q)),
        ilike(merchants.name, containsPattern(q)),
        ilike(merchants.email, containsPattern(q)),
        ilike(merchants.referralCode, containsPattern(q)),
        idStartsWith(merchants.userId, q),
      )
    : undefined;
  const verified = query.verified === 'verified' ? eq(merchants.isVerified, true) : query.verified === 'unverified' ? eq(merchants.isVerified, false) : undefined;
  // A deleted merchant stays (anonymised) for its recorded payments, but is nobody to list.
  const live = sql`${merchants.userId} not in (${deletedUserIds})`;
  return and(live, search, verified);
}

const toItem = (r: Row): AdminMerchant => ({
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
  const { query: rows, sorts } = base(db);
  const [items, [{ total }]] = await Promise.all([
    rows
      .where(where(query))
      .orderBy(...orderOf(sorts, query, 'registeredAt', merchants.userId))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(merchants).where(where(query)),
  ]);
  return { items: items.map(toItem), total: Number(total), page: query.page, pageSize: query.pageSize };
}

async function getOne(db: DbOrTx, merchantUserId: string): Promise<AdminMerchant> {
  const [row] = await base(db).query.where(eq(merchants.userId, merchantUserId));
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return toItem(row);
}

export type SetMerchantVerificationArgs = {
  db: Db;
  config: Config;
  sensitiveTx: SensitiveTx;
  merchantUserId: string;
  verified: boolean;
};

/**
 * Verifies or unverifies a merchant with a fresh code, in one transaction with its audit entry:
 * verifying releases the customers' cashback already past the return window, unverifying voids the
 * cashback still pending. Already in that state answers 409 and spends no code.
 */
export async function setAdminMerchantVerification({ db, config, sensitiveTx, merchantUserId, verified }: SetMerchantVerificationArgs): Promise<AdminMerchant> {
  await sensitiveTx(async (tx) => {
    const outcome = await setMerchantVerified(tx, { merchantUserId, verified });
    if (outcome === 'missing') throw new AppError('NOT_FOUND', m.notFound);
    if (outcome === 'unchanged') throw new AppError('CONFLICT', verified ? m.alreadyVerified : m.alreadyUnverified);
    // Cashback waits for verification: verifying releases what is past the return window; unverifying voids what is still pending.
    const cashback = verified
      ? { released: await releaseDueCashback(tx, { returnWindowDays: config.RETURN_WINDOW_DAYS, merchantUserId }) }
      : { voided: await voidPendingCashback(tx, merchantUserId) };
    const [merchant] = await tx.select({ businessName: merchants.businessName, email: merchants.email }).from(merchants).where(eq(merchants.userId, merchantUserId));
    return {
      audit: {
        action: verified ? 'merchant_verified' : 'merchant_unverified',
        resourceType: 'merchant',
        resourceId: merchantUserId,
        newData: { businessName: merchant?.businessName, email: merchant?.email, isVerified: verified, cashbackPayments: cashback },
      },
    };
  });
  return getOne(db, merchantUserId);
}
