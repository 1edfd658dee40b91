import { sql, type SQL } from 'drizzle-orm';
import type { MyReferral, MyReferrals } from '../../../contracts/referrals.contract';
import { maskName } from '../../../domain/mask';
import { AppError } from '../../platform/app-error';
import { queryRows, type Db } from '../../platform/db';

/** The name a party goes by: a merchant's or vendor's business, else the person's name. */
export const partyName = (userId: SQL) => sql`(select coalesce(m.business_name, v.business_name, nullif(trim(coalesce(up.first_name, '') || ' ' || coalesce(up.last_name, '')), ''), 'someone')
  from users u left join user_profiles up on up.user_id = u.id left join merchants m on m.user_id = u.id left join vendors v on v.user_id = u.id
  where u.id = ${userId})`;

/** The signed-in user's referral code, totals, and one page of the referrals they made (names masked), newest first. */
export async function listMyReferrals({ db, userId, page, pageSize }: { db: Db; userId: string; page: number; pageSize: number }): Promise<MyReferrals> {
  const [me] = await queryRows<{ code: string; made: number; qualified: number; points: number }>(
    db,
    sql`select u.referral_code as code, count(r.id)::int as made,
               count(r.id) filter (where r.status in ('qualified', 'redeemed'))::int as qualified, coalesce(sum(r.points_awarded), 0)::int as points
        from users u left join referrals r on r.referrer_user_id = u.id where u.id = ${userId} group by u.id`,
  );
  if (!me) throw new AppError('NOT_FOUND', 'Account not found');
  const rows = await queryRows<{ id: string; name: string; type: MyReferral['referredType']; status: MyReferral['status']; points: number; created_at: Date | string }>(
    db,
    sql`select r.id, ${partyName(sql`r.referred_user_id`)} as name, r.referred_user_type as type, r.status, r.points_awarded as points, r.created_at
        from referrals r where r.referrer_user_id = ${userId}
        order by r.created_at desc, r.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return {
    referralCode: me.code,
    totals: { made: Number(me.made), qualified: Number(me.qualified), pointsEarned: Number(me.points) },
    items: rows.map((r) => ({ id: r.id, referredName: maskName(r.name), referredType: r.type, status: r.status, pointsAwarded: Number(r.points), createdAt: new Date(r.created_at).toISOString() })),
    total: Number(me.made),
    page,
    pageSize,
  };
}
