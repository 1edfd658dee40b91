import { whileHoldingLock, type Db, type DbOrTx } from '../../platform/db';
import { startRepeatingJob, type JobLog, type JobMetrics, type StopJob } from '../../platform/repeating-job';
import { releaseDuePoints } from './rewards.service';

/** The advisory lock key of the points release job: one process at a time runs it. */
export const POINTS_RELEASE_LOCK = 72_410_001;

/**
 * Another kind of pending credit released in the same pass (merchants' cashback, vendors' sales), each
 * row or owner in a short transaction of its own: answers the rows it released.
 */
export type PendingRelease = (db: DbOrTx, a: { returnWindowDays: number }) => Promise<number>;

export type PointsReleaseJobOptions = {
  db: Db;
  returnWindowDays: number;
  intervalMs?: number;
  log: JobLog;
  metrics?: JobMetrics;
  also?: PendingRelease[];
};

/**
 * Runs one pass: releases due points of every customer (and what `also` releases) unless another
 * process is running a pass; null when it did not run. Each customer's (and merchant's, and vendor's)
 * release is its own short transaction, so nobody's checkout waits for the whole pass.
 */
export async function runPointsRelease({
  db,
  returnWindowDays,
  also = [],
}: Pick<PointsReleaseJobOptions, 'db' | 'returnWindowDays' | 'also'>): Promise<number | null> {
  return whileHoldingLock(db, POINTS_RELEASE_LOCK, async () => {
    let released = await releaseDuePoints(db, { returnWindowDays });
    for (const release of also) released += await release(db, { returnWindowDays });
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
