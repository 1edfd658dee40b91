import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/db';
import { rememberedEstimates } from './db';

// A search's estimate of its matches is the planner's figure, which moves only when the statistics are
// gathered again: it is asked once per search and minute, and a new search of the same text asks again later.

let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

/** A query estimating the rows of generate_series(1, n), and how many times it was asked for. */
function series(n: number) {
  const asked = { times: 0 };
  const query = () => {
    asked.times += 1;
    return sql`select * from generate_series(1, ${sql.raw(String(n))})`;
  };
  return { asked, query };
}

describe('rememberedEstimates', () => {
  it('asks the planner once per key while the figure is fresh, and again once it is old', async () => {
    const estimate = rememberedEstimates({ seconds: 60 });
    const a = series(1000);
    expect(await estimate(database.db, 'a', a.query)).toBe(1000);
    expect(await estimate(database.db, 'a', a.query)).toBe(1000);
    expect(a.asked.times).toBe(1);
    // Another search is estimated on its own.
    const b = series(50);
    expect(await estimate(database.db, 'b', b.query)).toBe(50);
    expect(b.asked.times).toBe(1);

    const never = rememberedEstimates({ seconds: 0 });
    await never(database.db, 'a', a.query);
    await never(database.db, 'a', a.query);
    expect(a.asked.times).toBe(3);
  });

  it('keeps at most `max` searches, forgetting the oldest first', async () => {
    const estimate = rememberedEstimates({ max: 2 });
    const [a, b, c] = [series(10), series(20), series(30)];
    await estimate(database.db, 'a', a.query);
    await estimate(database.db, 'b', b.query);
    await estimate(database.db, 'c', c.query);
    await estimate(database.db, 'c', c.query);
    await estimate(database.db, 'b', b.query);
    expect([a.asked.times, b.asked.times, c.asked.times]).toEqual([1, 1, 1]);
    await estimate(database.db, 'a', a.query);
    expect(a.asked.times).toBe(2);
  });
});
