import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../platform/db';
import { startRepeatingJob, type JobLog, type JobMetrics, type StopJob } from '../../platform/repeating-job';
import { releaseDuePoints } from './rewards.service';

/** The advisory lock key of the points release job: one process at a time runs it. */
export const POINTS_RELEASE_LOCK = 72_410_001;

/** Another kind of pending points released in the same pass (merchants' cashback): answers the rows it released. */
export type PendingRelease = (tx: DbOrTx, a: { returnWindowDays: number }) => Promise<number>;

export type PointsReleaseJobOptions = {
  db: Db;
  returnWindowDays: number;
  intervalMs?: number;
  log: JobLog;
  metrics?: JobMetrics;
  also?: PendingRelease[];
};

/** Runs one pass: releases due points of every customer (and what `also` releases) unless another process holds the lock; null when it did not run. */
export async function runPointsRelease({
  db,
  returnWindowDays,
  also = [],
}: Pick<PointsReleaseJobOptions, 'db' | 'returnWindowDays' | 'also'>): Promise<number | null> {
  return db.transaction(async (tx) => {
    // Held until this transaction ends, on whichever pooled connection runs it.
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${POINTS_RELEASE_LOCK}) as locked`,
    );
    if (!lock?.locked) return null;
    let released = await releaseDuePoints(tx, { returnWindowDays });
    for (const release of also) released += await release(tx, { returnWindowDays });
    return released;
  });
}

/**
 * Starts the scheduled release of pending points (now, then every `intervalMs`, 10 minutes by
 * default); answers a function that stops it.
 */
export function startPointsReleaseJob({
  db,
  returnWindowDays,
  intervalMs = 10 * 60_000,
  log,
  metrics,
  also,
}: PointsReleaseJobOptions): StopJob {
  return startRepeatingJob({
    db,
    name: 'Points release',
    intervalMs,
    log,
    metrics,
    run: async () => {
      const released = await runPointsRelease({ db, returnWindowDays, also });
      return released ? `${released} pending earning(s) are now available` : null;
    },
  });
}
