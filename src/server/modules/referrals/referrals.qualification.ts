import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { maskEmail, maskName } from '../../../domain/mask';
import { queryRows, type Db, type Tx } from '../../platform/db';
import { startRepeatingJob, type JobLog, type JobMetrics, type StopJob } from '../../platform/repeating-job';
import { notify } from '../notifications';
import { awardPointsOnce } from '../rewards';
import { partyEmail, partyName, partyRole, reached } from './referrals.read-model';
import { getReferralSettings } from './referrals.settings';

/** The advisory lock key of the scheduled qualification: one process at a time runs it. */
export const REFERRAL_QUALIFICATION_LOCK = 72_410_002;

const REWARD_REFERENCE_PREFIX = 'referral:';
/** The ledger reference of a referral's reward: unique, so a referral pays its referrer once. */
export const referralRewardReference = (referralId: string) => `${REWARD_REFERENCE_PREFIX}${referralId}`;
/** The same reference in SQL, for a referral id column. */
export const referralRewardReferenceOf = (referralId: SQL | AnyColumn): SQL =>
  sql`(${REWARD_REFERENCE_PREFIX}::text || ${referralId}::text)`;

type Qualified = {
  id: string;
  referrer_user_id: string;
  referrer_role: string | null;
  referred_name: string;
  referred_known_name: string | null;
  referred_email: string | null;
};

/**
 * Qualifies every active referral whose referred party has reached both thresholds of the referral
 * settings, and credits each referrer the settings' points through the ledger, in the caller's
 * transaction. A referral moves from active once (the update re-checks the status of a row another
 * run changed meanwhile) and its reward has a unique ledger reference, so running this twice, in
 * a row or at once, awards nothing twice. A referrer paid now is told, in the same transaction
 * (a merchant on its dashboard, a customer or vendor in its wallet). Answers the number newly qualified.
 */
export async function qualifyReferrals(tx: Tx, { returnWindowDays }: { returnWindowDays: number }): Promise<number> {
  const settings = await getReferralSettings(tx);
  const rows = await queryRows<Qualified>(
    tx,
    sql`update referrals r
        set status = 'qualified', qualification_date = coalesce(r.qualification_date, now()), points_awarded = ${settings.referralPointsAwarded}
        where r.status = 'active' and ${reached(settings, returnWindowDays)}
        returning r.id, r.referrer_user_id, ${partyRole(sql`r.referrer_user_id`)} as referrer_role, ${partyName(sql`r.referred_user_id`)} as referred_name,
          ${partyName(sql`r.referred_user_id`, sql`null`)} as referred_known_name, ${partyEmail(sql`r.referred_user_id`)} as referred_email`,
  );
  for (const r of rows) {
    if (settings.referralPointsAwarded === 0) continue;
    const paid = await awardPointsOnce(tx, {
      userId: r.referrer_user_id,
      points: settings.referralPointsAwarded,
      type: 'referral',
      reference: referralRewardReference(r.id),
      description: `Referral reward: ${maskName(r.referred_name)}`,
    });
    if (!paid) continue;
    const referredName = r.referred_known_name ?? (r.referred_email ? maskEmail(r.referred_email) : 'Someone');
    await notify(tx, {
      kind: r.referrer_role === 'merchant' ? 'merchant-referral-qualified' : 'referral-reward',
      to: { userId: r.referrer_user_id },
      data: { referredName, points: settings.referralPointsAwarded },
    });
  }
  return rows.length;
}

/** One scheduled pass under the advisory lock; null when another process holds it. */
export async function runReferralQualification(db: Db, a: { returnWindowDays: number }): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${REFERRAL_QUALIFICATION_LOCK}) as locked`,
    );
    if (!lock?.locked) return null;
    return qualifyReferrals(tx, a);
  });
}

/** Starts the scheduled qualification (now, then every 10 minutes by default); answers a function that stops it. */
export function startReferralQualificationJob({
  db,
  intervalMs = 10 * 60_000,
  log,
  metrics,
  returnWindowDays,
}: {
  db: Db;
  intervalMs?: number;
  log: JobLog;
  metrics?: JobMetrics;
  returnWindowDays: number;
}): StopJob {
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
