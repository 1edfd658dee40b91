import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/db';
import { jsonObject, queryRows } from './db';

// A row read as one json column keeps each field's name and value: numbers stay numbers, nulls stay null.

let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

describe('jsonObject', () => {
  it('reads a row of fields as one object with the same names and values', async () => {
    const row = jsonObject({
      name: sql`'Pashmina shawl'`,
      pricePaise: sql`125000`,
      rating: sql`4.50::numeric(3, 2)`,
      delivers: sql`true`,
      imageUrl: sql`null::text`,
      count: sql`count(*)`,
    });
    const [read] = await queryRows<{ card: unknown }>(
      database.db,
      sql`select ${row} as card from generate_series(1, 3)`,
    );
    expect(read.card).toEqual({
      name: 'Pashmina shawl',
      pricePaise: 125000,
      rating: 4.5,
      delivers: true,
      imageUrl: null,
      count: 3,
    });
  });

  it('refuses a key that is not a plain name, before any SQL is written', () => {
    expect(() => jsonObject({ "a', 'b": sql`1` })).toThrow(/bad json key/);
  });
});
