/** Where a scheduled job reports what it did. */
export type JobLog = { info: (msg: string) => void; error: (msg: string) => void };

/**
 * Runs `run` soon after start, then every `intervalMs`, never twice at once in this process (a
 * slow pass makes the next tick skip); answers a function that stops it. `run` answers a line to
 * log, or null when there is nothing to say.
 */
export function startRepeatingJob({ name, intervalMs, run, log }: { name: string; intervalMs: number; run: () => Promise<string | null>; log: JobLog }): () => void {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
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
