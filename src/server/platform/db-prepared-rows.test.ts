import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/db';
import { type Db, preparedRows, selectedAs } from './db';

// A statement prepared once answers, run after run with other values, its rows keyed by the names selected.

let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

const seriesUpTo = (db: Db) =>
  db
    .select(
      selectedAs({
        n: sql`n`,
        isEven: sql`n % 2 = 0`,
        label: sql`case when n > 1 then 'many' end`,
        total: sql`count(*) over ()`,
      }),
    )
    .from(sql`generate_series(1, ${sql.placeholder('upTo')}::int) n`)
    .orderBy(sql`n`);

describe('preparedRows', () => {
  it('answers the rows of each run with the names selected, named or not', async () => {
    for (const name of ['prepared_rows_test', '']) {
      const statement = preparedRows<{ n: number; isEven: boolean; label: string | null; total: unknown }>(
        database.db,
        seriesUpTo(database.db),
        name,
      );
      const two = await statement.execute({ upTo: 2 });
      expect(two.map(({ n, isEven, label }) => ({ n, isEven, label }))).toEqual([
        { n: 1, isEven: false, label: null },
        { n: 2, isEven: true, label: 'many' },
      ]);
      // A count is a bigint: a string or a number, as the driver reads it.
      expect(two.map((r) => Number(r.total))).toEqual([2, 2]);
      expect((await statement.execute({ upTo: 3 })).map((r) => r.n)).toEqual([1, 2, 3]);
    }
  });
});
