import { and, count, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { referralActionMessages as m, type AdminReferral, type AdminReferralPage, type AdminReferralsQuery, type ReferralStatus } from '../../../contracts/admin-merchants.contract';
import { AppError } from '../../platform/app-error';
import type { Db, DbOrTx } from '../../platform/db';
import { userProfiles, users } from '../auth';
import { merchants } from '../merchants';
import { referrals, setReferralStatus } from '../referrals';
import { containsPattern, idStartsWith, orderOf, pageWindow } from './list-query';
import type { SensitiveTx } from './step-up';

// Each side of a referral is an account with, maybe, a profile and a merchant row.
const referrer = { user: alias(users, 'referrer_user'), profile: alias(userProfiles, 'referrer_profile'), merchant: alias(merchants, 'referrer_merchant') };
const referred = { user: alias(users, 'referred_user'), profile: alias(userProfiles, 'referred_profile'), merchant: alias(merchants, 'referred_merchant') };
type Side = { user: { email: AnyColumn }; profile: { firstName: AnyColumn; lastName: AnyColumn }; merchant: { businessName: AnyColumn } };

/** A merchant's business name, else the profile's first and last name, else the email. */
const nameOf = (s: Side): SQL<string> =>
  sql<string>`coalesce(${s.merchant.businessName}, nullif(trim(coalesce(${s.profile.firstName}, '') || ' ' || coalesce(${s.profile.lastName}, '')), ''), ${s.user.email})`;

const sorts = { createdAt: referrals.createdAt, status: referrals.status };

const columns = {
  r: referrals,
  referrerName: nameOf(referrer),
  referrerEmail: referrer.user.email,
  referredName: nameOf(referred),
  referredEmail: referred.user.email,
};

const withSides = <T extends PgSelect>(select: T) =>
  select
    .innerJoin(referrer.user, eq(referrer.user.id, referrals.referrerUserId))
    .leftJoin(referrer.profile, eq(referrer.profile.userId, referrals.referrerUserId))
    .leftJoin(referrer.merchant, eq(referrer.merchant.userId, referrals.referrerUserId))
    .innerJoin(referred.user, eq(referred.user.id, referrals.referredUserId))
    .leftJoin(referred.profile, eq(referred.profile.userId, referrals.referredUserId))
    .leftJoin(referred.merchant, eq(referred.merchant.userId, referrals.referredUserId));

const base = (db: DbOrTx) => withSides(db.select(columns).from(referrals).$dynamic());
type Row = Awaited<ReturnType<typeof base>>[number];

function where(query: AdminReferralsQuery) {
  const q = query.q;
  const p = q ? containsPattern(q) : '';
  const search = q
    ? or(
        ilike(nameOf(referrer), p),
        ilike(referrer.user.email, p),
        ilike(nameOf(referred), p),
        ilike(referred.user.email, p),
        ilike(referrals.referralCode, p),
        idStartsWith(referrals.id, q),
      )
    : undefined;
  return and(search, query.status ? eq(referrals.status, query.status) : undefined, query.referredType ? eq(referrals.referredUserType, query.referredType) : undefined);
}

const toItem = ({ r, referrerName, referrerEmail, referredName, referredEmail }: Row): AdminReferral => ({
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
  qualificationDate: r.qualificationDate?.toISOString() ?? null,
  redemptionDate: r.redemptionDate?.toISOString() ?? null,
});

/** The Referrals tab: who referred whom, searched by either side's name or email, the code or id, filtered by status and referred type. */
export async function listAdminReferrals({ db, query, forExport = false }: { db: Db; query: AdminReferralsQuery; forExport?: boolean }): Promise<AdminReferralPage> {
  const { limit, offset } = pageWindow(query, forExport);
  const [rows, [{ total }]] = await Promise.all([
    base(db)
      .where(where(query))
      .orderBy(...orderOf(sorts, query, 'createdAt', referrals.id))
      .limit(limit)
      .offset(offset),
    withSides(db.select({ total: count() }).from(referrals).$dynamic()).where(where(query)),
  ]);
  return { items: rows.map(toItem), total: Number(total), page: query.page, pageSize: query.pageSize };
}

async function getOne(db: DbOrTx, referralId: string): Promise<AdminReferral> {
  const [row] = await base(db).where(eq(referrals.id, referralId));
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return toItem(row);
}

export type SetReferralStatusArgs = {
  db: Db;
  sensitiveTx: SensitiveTx;
  referralId: string;
  status: ReferralStatus;
};

/**
 * Sets a referral's status with a fresh code, in one transaction with its audit entry; qualified and
 * redeemed stamp their dates when empty, and no points are awarded. The same status answers 409 and spends no code.
 */
export async function setAdminReferralStatus({ db, sensitiveTx, referralId, status }: SetReferralStatusArgs): Promise<AdminReferral> {
  await sensitiveTx(async (tx) => {
    const changed = await setReferralStatus(tx, { referralId, status });
    if (!changed) throw new AppError('NOT_FOUND', m.notFound);
    if (changed.from === status) throw new AppError('CONFLICT', m.unchanged);
    return { audit: { action: 'referral_status_changed', resourceType: 'referral', resourceId: referralId, newData: { from: changed.from, to: status } } };
  });
  return getOne(db, referralId);
}
