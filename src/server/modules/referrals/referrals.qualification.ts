import { sql, type SQL } from 'drizzle-orm';
import { maskName } from '../../../domain/mask';
import { queryRows, type Db, type Tx } from '../../platform/db';
import { startRepeatingJob, type JobLog, type JobMetrics, type StopJob } from '../../platform/repeating-job';
import { awardPointsOnce } from '../rewards';
import { partyName } from './referrals.mine';
import { getReferralSettings, type ReferralThresholds } from './referrals.settings';

/** The advisory lock key of the scheduled qualification: one process at a time runs it. */
export const REFERRAL_QUALIFICATION_LOCK = 72_410_002;

/** The ledger reference of a referral's reward: unique, so a referral pays its referrer once. */
export const referralRewardReference = (referralId: string) => `referral:${referralId}`;

// What the referred party has done, by kind; only money somebody checked counts (issue 20, point 3):
// - a customer: orders paid with real money (not points alone, not the test gateway), delivered whole,
//   every part past the return window; an order with a cancelled part or a refund never counts;
// - a vendor: its own shops' order parts delivered past the return window, of orders paid the same way;
// - a merchant: only while the super admin has verified it, and only the UPI payments it recorded while verified.
// Each is (count, volume in paise).
const reached = (t: ReferralThresholds, returnWindowDays: number) => {
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

type Qualified = { id: string; referrer_user_id: string; referred_name: string };

/**
 * Qualifies every active referral whose referred party has reached both thresholds of the referral
 * settings, and credits each referrer the settings' points through the ledger, in the caller's
 * transaction. A referral moves from active once (the update re-checks the status of a row another
 * run changed meanwhile) and its reward has a unique ledger reference, so running this twice, in
 * a row or at once, awards nothing twice. Answers the number newly qualified.
 */
export async function qualifyReferrals(tx: Tx, { returnWindowDays }: { returnWindowDays: number }): Promise<number> {
  const settings = await getReferralSettings(tx);
  const rows = await queryRows<Qualified>(
    tx,
    sql`update referrals r
        set status = 'qualified', qualification_date = coalesce(r.qualification_date, now()), points_awarded = ${settings.referralPointsAwarded}
        where r.status = 'active' and ${reached(settings, returnWindowDays)}
        returning r.id, r.referrer_user_id, ${partyName(sql`r.referred_user_id`)} as referred_name`,
  );
  for (const r of rows) {
    if (settings.referralPointsAwarded === 0) continue;
    await awardPointsOnce(tx, {
      userId: r.referrer_user_id,
      points: settings.referralPointsAwarded,
      type: 'referral',
      reference: referralRewardReference(r.id),
      description: `Referral reward: ${maskName(r.referred_name)}`,
    });
  }
  return rows.length;
}

/** One scheduled pass under the advisory lock; null when another process holds it. */
export async function runReferralQualification(db: Db, a: { returnWindowDays: number }): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${REFERRAL_QUALIFICATION_LOCK}) as locked`);
    if (!lock?.locked) return null;
    return qualifyReferrals(tx, a);
  });
}

/** Starts the scheduled qualification (now, then every 10 minutes by default); answers a function that stops it. */
export function startReferralQualificationJob({ db, intervalMs = 10 * 60_000, log, metrics, returnWindowDays }: { db: Db; intervalMs?: number; log: JobLog; metrics?: JobMetrics; returnWindowDays: number }): StopJob {
  return startRepeatingJob({
    db,
    name: 'Referral qualification',
    intervalMs,
    log,
    metrics,
    run: async () => {
      const qualified = await runReferralQualification(db, { returnWindowDays });
      return qualified ? `${qualified} referral(s) newly qualified` : null;
    },
  });
}
