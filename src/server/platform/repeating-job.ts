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

/** Where a scheduled job reports what it did. */
export type JobLog = { info: (msg: string) => void; error: (msg: string) => void };

/**
 * Runs `run` soon after start, then every `intervalMs`, never twice at once in this process (a
 * slow pass makes the next tick skip); answers a function that stops it. `run` answers a line to
 * log, or null when there is nothing to say. With `db`, only the process holding the job's lease
 * runs it, so several API processes on one database run each job once.
 */
export function startRepeatingJob({ name, intervalMs, run, log, db }: { name: string; intervalMs: number; run: () => Promise<string | null>; log: JobLog; db?: Db }): () => void {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      // The lease outlasts two ticks, so its holder keeps it while it runs.
      if (db && !(await claimJobLease(db, name, intervalMs * 2 + 5_000))) return;
      const said = await run();
      if (said) log.info(`${name}: ${said}`);
    } catch (e) {
      if (!stopped) log.error(`${name} failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), Math.min(1_000, intervalMs));
  const timer = setInterval(() => void tick(), intervalMs);
  first.unref();
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}
