import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  referralActionMessages,
  type AdminReferral,
  type AdminReferralPage,
  type AdminReferralsQuery,
  type ReferralStatus,
} from '../../../contracts/admin-merchants.contract';
import { AppError } from '../../platform/app-error';
import type { Db, DbOrTx } from '../../platform/db';
import { orderOf, pageWindow, searchOf } from '../../platform/list-query';
import { profileRows, userRows } from '../auth';
import { merchantRows } from '../merchants';
import { referralRows as referrals } from '../referrals';

// The Referrals tab: who referred whom (referrals), each side named by its merchant row (merchants),
// its profile or its email (auth), filtered, sorted and paged in one statement through their
// owners' row sources. Read-only.

/**
 * Each side of a referral is an account with, maybe, a profile and a merchant row, named by the first
 * of these. The name's column carries the side's alias: outside its subquery it is named unqualified.
 */
const sideOf = (db: DbOrTx, alias: string) =>
  db
    .select({
      id: userRows.id,
      email: userRows.email,
      // A merchant's business name, else the profile's first and last name, else the email.
      name: sql<string>`coalesce(${merchantRows.businessName}, nullif(trim(coalesce(${profileRows.firstName}, '') || ' ' || coalesce(${profileRows.lastName}, '')), ''), ${userRows.email})`.as(
        `${alias}_name`,
      ),
    })
    .from(userRows)
    .leftJoin(profileRows, eq(profileRows.userId, userRows.id))
    .leftJoin(merchantRows, eq(merchantRows.userId, userRows.id))
    .as(alias);

const sides = (db: DbOrTx) => ({ referrer: sideOf(db, 'referrer'), referred: sideOf(db, 'referred') });
type Sides = ReturnType<typeof sides>;

const referralSorts = { createdAt: referrals.createdAt, status: referrals.status };

const referralColumns = ({ referrer, referred }: Sides) => ({
  r: referrals._.selectedFields,
  referrerName: referrer.name,
  referrerEmail: referrer.email,
  referredName: referred.name,
  referredEmail: referred.email,
});

const withSides = <T extends PgSelect>(select: T, { referrer, referred }: Sides) =>
  select
    .innerJoin(referrer, eq(referrer.id, referrals.referrerUserId))
    .innerJoin(referred, eq(referred.id, referrals.referredUserId));

const referralBase = (db: DbOrTx) => {
  const s = sides(db);
  return withSides(db.select(referralColumns(s)).from(referrals).$dynamic(), s);
};
type ReferralRow = Awaited<ReturnType<typeof referralBase>>[number];

function referralWhere(query: AdminReferralsQuery, { referrer, referred }: Sides): SQL | undefined {
  const search = searchOf(
    query.q,
    [referrer.name, referrer.email, referred.name, referred.email, referrals.referralCode],
    [referrals.id],
  );
  return and(
    search,
    query.status ? eq(referrals.status, query.status) : undefined,
    query.referredType ? eq(referrals.referredUserType, query.referredType) : undefined,
  );
}

const toReferral = ({ r, referrerName, referrerEmail, referredName, referredEmail }: ReferralRow): AdminReferral => ({
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
  rewardPaid: Boolean(r.rewardPaid),
});

/** The Referrals tab: who referred whom, searched by either side's name or email, the code or id, filtered by status and referred type. */
export async function listAdminReferrals({
  db,
  query,
  forExport = false,
}: {
  db: Db;
  query: AdminReferralsQuery;
  forExport?: boolean;
}): Promise<AdminReferralPage> {
  const { limit, offset } = pageWindow(query, forExport);
  const s = sides(db);
  const [rows, [{ total }]] = await Promise.all([
    withSides(db.select(referralColumns(s)).from(referrals).$dynamic(), s)
      .where(referralWhere(query, s))
      .orderBy(...orderOf(referralSorts, query, 'createdAt', referrals.id))
      .limit(limit)
      .offset(offset),
    withSides(db.select({ total: count() }).from(referrals).$dynamic(), s).where(referralWhere(query, s)),
  ]);
  return { items: rows.map(toReferral), total: Number(total), page: query.page, pageSize: query.pageSize };
}

/** One referral as the Referrals tab shows it; 404 when there is none. */
export async function getAdminReferral(db: DbOrTx, referralId: string): Promise<AdminReferral> {
  const [row] = await referralBase(db).where(eq(referrals.id, referralId));
  if (!row) throw new AppError('NOT_FOUND', referralActionMessages.notFound);
  return toReferral(row);
}
