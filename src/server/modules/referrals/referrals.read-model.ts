/*
 * Read model of the referrals module: the one file of this module allowed to read other modules'
 * tables (named in src/server/module-boundaries.test.ts). It only reads: no insert, update or delete.
 *
 * It reads, and why:
 * - orders (orders, order_parts), shops (vendor_shops) and merchants (merchants,
 *   merchant_transactions): whether a referred customer, vendor or merchant has reached the referral
 *   thresholds, decided inside the one update that qualifies referrals (a referral moves from active
 *   once, so the check and the move must be one statement);
 * - auth (users, user_profiles, vendors) and merchants (merchants): the name a referred party goes
 *   by, and the referral code of the user, for "my referrals" and for the reward's description; the
 *   referred party's email and the referrer's role, for the notice of a reward.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MyReferral } from '../../../contracts/referrals.contract';
import { queryRows, type Db } from '../../platform/db';
import type { ReferralThresholds } from './referrals.settings';

/** The name a party goes by: a merchant's or vendor's business, else the person's name; else `fallback` ('someone'). */
export const partyName = (userId: SQL, fallback: SQL = sql`'someone'`) => sql`(select coalesce(m.business_name, v.business_name, nullif(trim(coalesce(up.first_name, '') || ' ' || coalesce(up.last_name, '')), ''), ${fallback})
  from users u left join user_profiles up on up.user_id = u.id left join merchants m on m.user_id = u.id left join vendors v on v.user_id = u.id
  where u.id = ${userId})`;

/** A party's sign-in email. */
export const partyEmail = (userId: SQL) => sql`(select u.email from users u where u.id = ${userId})`;

/** A party's role: 'customer', 'vendor' or 'merchant'. */
export const partyRole = (userId: SQL) => sql`(select up.role from user_profiles up where up.user_id = ${userId})`;

// What the referred party has done, by kind; only money somebody checked counts:
// - a customer: orders paid with real money (not points alone, not the test gateway), delivered whole,
//   every part past the return window; an order with a cancelled part or a refund never counts;
// - a vendor: its own shops' order parts delivered past the return window, of orders paid the same way;
// - a merchant: only while the super admin has verified it, and only the UPI payments it recorded while verified.
// Each is (count, volume in paise).
/** True when the referred party of the referral row `r` has reached both thresholds. */
export const reached = (t: ReferralThresholds, returnWindowDays: number) => {
  const pastWindow = (deliveredAt: SQL) => sql`${deliveredAt} <= now() - ${returnWindowDays}::int * interval '1 day'`;
  const paid = (o: SQL) => sql`${o}.payment_status = 'paid' and not ${o}.test_payment`;
  return sql`(
  case r.referred_user_type
    when 'customer' then (select count(*) >= ${t.minTransactions} and coalesce(sum(o.total_amount_paise), 0) >= ${t.minTransactionVolumePaise}
                          from orders o
                          where o.customer_id = r.referred_user_id and o.status = 'delivered' and ${paid(sql`o`)}
                            and not exists (select 1 from order_parts p where p.order_id = o.id
                                            and (p.status <> 'delivered' or p.delivered_at is null or not ${pastWindow(sql`p.delivered_at`)})))
    when 'vendor' then (select count(*) >= ${t.minTransactions} and coalesce(sum(p.subtotal_paise), 0) >= ${t.minTransactionVolumePaise}
                        from order_parts p join vendor_shops s on s.id = p.store_id join orders o on o.id = p.order_id
                        where s.vendor_id = r.referred_user_id and p.status = 'delivered' and p.delivered_at is not null
                          and ${pastWindow(sql`p.delivered_at`)} and ${paid(sql`o`)})
    when 'merchant' then (select count(*) >= ${t.minTransactions} and coalesce(sum(mt.transaction_amount_paise), 0) >= ${t.minTransactionVolumePaise}
                          from merchant_transactions mt join merchants m on m.id = mt.merchant_id
                          where m.user_id = r.referred_user_id and m.is_verified and mt.recorded_while_verified)
    else false
  end)`;
};

/** The user's referral code and the totals of the referrals they made; undefined for an unknown user. */
export async function readMyReferralTotals(db: Db, userId: string) {
  const [me] = await queryRows<{ code: string; made: number; qualified: number; points: number }>(
    db,
    sql`select u.referral_code as code, count(r.id)::int as made,
               count(r.id) filter (where r.status in ('qualified', 'redeemed'))::int as qualified, coalesce(sum(r.points_awarded), 0)::int as points
        from users u left join referrals r on r.referrer_user_id = u.id where u.id = ${userId} group by u.id`,
  );
  return me;
}

/** One page of the referrals the user made, each with the referred party's name (unmasked), newest first. */
export async function readMyReferralPage(db: Db, userId: string, page: number, pageSize: number) {
  return queryRows<{ id: string; name: string; type: MyReferral['referredType']; status: MyReferral['status']; points: number; created_at: Date | string }>(
    db,
    sql`select r.id, ${partyName(sql`r.referred_user_id`)} as name, r.referred_user_type as type, r.status, r.points_awarded as points, r.created_at
        from referrals r where r.referrer_user_id = ${userId}
        order by r.created_at desc, r.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
}
