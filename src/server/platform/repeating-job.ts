import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './db';

/** This process, as a lease holder. */
const PROCESS_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Takes or renews the job's lease for `ms`: answers true when this process holds it. A process that
 * stops renewing loses it once it runs out, and another takes over.
 */
export async function claimJobLease(db: Db, name: string, ms: number, holder = PROCESS_ID): Promise<boolean> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`insert into job_leases (name, holder, until) values (${name}, ${holder}, now() + ${ms} * interval '1 millisecond')
        on conflict (name) do update set holder = excluded.holder, until = excluded.until
        where job_leases.until < now() or job_leases.holder = excluded.holder
        returning name`,
  );
  return rows.length > 0;
}

/** Hands the job's lease back (only if this holder has it), so that another process takes the job at its next tick. */
export async function releaseJobLease(db: Db, name: string, holder = PROCESS_ID): Promise<void> {
  await db.execute(sql`delete from job_leases where name = ${name} and holder = ${holder}`);
}

/** Where a scheduled job reports what it did. */
export type JobLog = { info: (msg: string) => void; error: (msg: string) => void };

/** Stops a scheduled job: answers once a pass in progress has finished and the job's lease is handed back. Never throws. */
export type StopJob = () => Promise<void>;
/** Where a scheduled job's passes are counted (the app's metrics): each pass this process ran, whether it failed, and how long it took. */
export type JobMetrics = { jobRan(job: string, pass: { ok: boolean; seconds: number }): void };

/**
 * Runs `run` soon after start, then every `intervalMs`, never twice at once in this process (a
 * slow pass makes the next tick skip); answers a function that stops it. `run` answers a line to
 * log, or null when there is nothing to say. With `db`, only the process holding the job's lease
 * runs it, so several API processes on one database run each job once; stopping waits for a pass
 * in progress, then hands the lease back so that another process takes the job at once. `metrics`
 * counts the passes this process ran (not the ticks another process's lease skipped).
 * (`holder` names this process in the lease: tests pretend to be several.)
 */
export function startRepeatingJob({
  name,
  intervalMs,
  run,
  log,
  db,
  metrics,
  holder = PROCESS_ID,
}: {
  name: string;
  intervalMs: number;
  run: () => Promise<string | null>;
  log: JobLog;
  db?: Db;
  metrics?: JobMetrics;
  holder?: string;
}): StopJob {
  let current: Promise<void> | null = null;
  let stopped = false;
  let holding = false;
  const pass = async () => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      if (db) {
        // The lease outlasts two ticks, so its holder keeps it while it runs.
        holding = await claimJobLease(db, name, intervalMs * 2 + 5_000, holder);
        if (!holding || stopped) return;
      }
      const said = await run();
      metrics?.jobRan(name, { ok: true, seconds: seconds() });
      if (said) log.info(`${name}: ${said}`);
    } catch (e) {
      if (stopped) return;
      // A lease that cannot be claimed (the database is away) is a failed pass too.
      metrics?.jobRan(name, { ok: false, seconds: seconds() });
      log.error(`${name} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const tick = () => {
    if (current || stopped) return;
    current = pass().finally(() => {
      current = null;
    });
  };
  const first = setTimeout(tick, Math.min(1_000, intervalMs));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await current;
    if (!db || !holding) return;
    try {
      await releaseJobLease(db, name, holder);
      holding = false;
    } catch (e) {
      // The lease then runs out by itself, and another process takes the job a little later.
      log.error(`${name}: could not hand back its lease: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
}
