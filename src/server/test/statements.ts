import pg from 'pg';

/**
 * Runs `fn` and answers how many statements PostgreSQL received from this process meanwhile, counted at
 * the driver (pg's Client.query, which pool queries and transactions alike go through); `seen`, when
 * given, is told each statement's text.
 */
export async function statementsOf(fn: () => Promise<unknown>, seen?: (text: string) => void): Promise<number> {
  const original = pg.Client.prototype.query;
  let n = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    n++;
    if (seen) {
      const q = a[0] as string | { text: string };
      seen(typeof q === 'string' ? q : q.text);
    }
    return (original as (...x: unknown[]) => unknown).apply(this, a);
  } as typeof original;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  return n;
}
