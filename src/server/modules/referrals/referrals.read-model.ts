/*
 * Read model of the referrals module: its reads that join other modules' data, through the owners'
 * row sources, in one statement. It only reads: no insert, update or delete.
 *
 * It reads, and why:
 * - orders (orderRows, orderPartRows), shops (shopRows) and merchants (merchantRows,
 *   merchantPaymentRows): whether a referred customer, vendor or merchant has reached the referral
 *   thresholds, decided inside the one update that qualifies referrals (a referral moves from active
 *   once, so the check and the move must be one statement);
 * - auth (userRows, profileRows, roleRows, vendorRows) and merchants (merchantRows): the name a
 *   referred party goes by, and the referral code of the user, for "my referrals" and for the
 *   reward's description; the referred party's email and the referrer's role, for the notice of a reward.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MyReferral } from '../../../contracts/referrals.contract';
import { queryRows, type Db } from '../../platform/db';
import { profileRows, roleRows, userRows, vendorRows } from '../auth';
import { merchantPaymentRows, merchantRows } from '../merchants';
import { orderPartRows, orderRows } from '../orders';
import { shopRows } from '../shops';
import type { ReferralThresholds } from './referrals.settings';

const [u, up, m, v, role] = [userRows, profileRows, merchantRows, vendorRows, roleRows];

/** The name a party goes by: a merchant's or vendor's business, else the person's name; else `fallback` ('someone'). */
export const partyName = (userId: SQL, fallback: SQL = sql`'someone'`) =>
  sql`(select coalesce(${m.businessName}, ${v.businessName},
    nullif(trim(coalesce(${up.firstName}, '') || ' ' || coalesce(${up.lastName}, '')), ''), ${fallback})
  from ${u} left join ${up} on ${up.userId} = ${u.id} left join ${m} on ${m.userId} = ${u.id}
    left join ${v} on ${v.userId} = ${u.id}
  where ${u.id} = ${userId})`;

/** A party's sign-in email. */
export const partyEmail = (userId: SQL) => sql`(select ${u.email} from ${u} where ${u.id} = ${userId})`;

/** A party's role: 'customer', 'vendor' or 'merchant'. */
export const partyRole = (userId: SQL) => sql`(select ${role.role} from ${role} where ${role.userId} = ${userId})`;

// What the referred party has done, by kind; only money somebody checked counts:
// - a customer: orders paid with real money (not points alone, not the test gateway), delivered whole,
//   every part past the return window; an order with a cancelled part or a refund never counts;
// - a vendor: its own shops' order parts delivered past the return window, of orders paid the same way;
// - a merchant: only while the super admin has verified it, and only the UPI payments it recorded while verified.
// Each is (count, volume in paise).
/** True when the referred party of the referral row `r` has reached both thresholds. */
export const reached = (t: ReferralThresholds, returnWindowDays: number) => {
  const [o, p, s, mt] = [orderRows, orderPartRows, shopRows, merchantPaymentRows];
  const pastWindow = sql`${p.deliveredAt} <= now() - ${returnWindowDays}::int * interval '1 day'`;
  const paid = sql`${o.paymentStatus} = 'paid' and not ${o.testPayment}`;
  const enough = (volume: SQL) =>
    sql`count(*) >= ${t.minTransactions} and coalesce(sum(${volume}), 0) >= ${t.minTransactionVolumePaise}`;
  return sql`(
  case r.referred_user_type
    when 'customer' then (select ${enough(sql`${o.totalAmountPaise}`)}
                          from ${o}
                          where ${o.customerId} = r.referred_user_id and ${o.status} = 'delivered' and ${paid}
                            and not exists (select 1 from ${p} where ${p.orderId} = ${o.id}
                                            and (${p.status} <> 'delivered' or ${p.deliveredAt} is null
                                                 or not ${pastWindow})))
    when 'vendor' then (select ${enough(sql`${p.subtotalPaise}`)}
                        from ${p} join ${s} on ${s.id} = ${p.storeId} join ${o} on ${o.id} = ${p.orderId}
                        where ${s.vendorId} = r.referred_user_id and ${p.status} = 'delivered'
                          and ${p.deliveredAt} is not null and ${pastWindow} and ${paid})
    when 'merchant' then (select ${enough(sql`${mt.transactionAmountPaise}`)}
                          from ${mt} join ${m} on ${m.id} = ${mt.merchantId}
                          where ${m.userId} = r.referred_user_id and ${m.isVerified} and ${mt.recordedWhileVerified})
    else false
  end)`;
};

/** The user's referral code and the totals of the referrals they made; undefined for an unknown user. */
export async function readMyReferralTotals(db: Db, userId: string) {
  const [me] = await queryRows<{ code: string; made: number; qualified: number; points: number }>(
    db,
    sql`select ${u.referralCode} as code, count(r.id)::int as made,
               count(r.id) filter (where r.status in ('qualified', 'redeemed'))::int as qualified, coalesce(sum(r.points_awarded), 0)::int as points
        from ${u} left join referrals r on r.referrer_user_id = ${u.id} where ${u.id} = ${userId}
        group by ${u.id}, ${u.referralCode}`,
  );
  return me;
}

/** One page of the referrals the user made, each with the referred party's name (unmasked), newest first. */
export async function readMyReferralPage(db: Db, userId: string, page: number, pageSize: number) {
  return queryRows<{
    id: string;
    name: string;
    type: MyReferral['referredType'];
    status: MyReferral['status'];
    points: number;
    created_at: Date | string;
  }>(
    db,
    sql`select r.id, ${partyName(sql`r.referred_user_id`)} as name, r.referred_user_type as type, r.status, r.points_awarded as points, r.created_at
        from referrals r where r.referrer_user_id = ${userId}
        order by r.created_at desc, r.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
}
