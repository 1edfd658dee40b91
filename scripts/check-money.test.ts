import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, runMigrations } from '../src/server/platform/db';
import { buildTestApp, type TestApp } from '../src/server/test/app';
import { newShopper, placeOrder, twoShops } from '../src/server/test/checkout-fixtures';
import { moneyReport } from './check-money';

// `npm run check:money`: an operator checks a store's money rules; a broken one is named with its rows.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the money check', () => {
  // The shoppers start without points: the test factory's points come from an order without items, which the order rules refuse.
  it('says every rule holds for a store with orders from two shops', async () => {
    const shop = await twoShops(t);
    const s = await newShopper(t);
    await placeOrder(s, [{ productId: shop.a.id, quantity: 2 }, { productId: shop.b.id }]);
    const report = await moneyReport(t.db);
    expect(report.lines.filter((l) => l.startsWith('BROKEN'))).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.lines.at(-1)).toMatch(/^All \d+ money rules hold\.$/);
  });

  it("names a broken rule with the offending rows: a customer's balance that is not the ledger's sum", async () => {
    const s = await newShopper(t);
    await t.db.execute(
      sql`update reward_balances set available_points = available_points + 7 where user_id = ${s.userId}`,
    );
    try {
      const report = await moneyReport(t.db);
      expect(report.ok).toBe(false);
      const broken = report.lines.filter((l) => l.startsWith('BROKEN'));
      expect(broken).toHaveLength(1);
      expect(broken[0]).toContain('points ledger sums equal the balances');
      expect(broken[0]).toContain(s.userId);
      expect(report.lines.at(-1)).toMatch(/^1 of \d+ money rules are broken\.$/);
    } finally {
      await t.db.execute(
        sql`update reward_balances set available_points = available_points - 7 where user_id = ${s.userId}`,
      );
    }
  });
});

describe('npm run check:money', () => {
  it(
    'checks the embedded database of DATA_DIR and exits 0 when the rules hold, 2 when there is no database',
    { timeout: 60_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'haat-check-money-'));
      try {
        const database = await openPglite({ dataDir: join(dataDir, 'db') });
        await runMigrations(database);
        await database.close();
        const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' };
        const ok = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-money.ts'], {
          env,
          encoding: 'utf8',
        });
        expect(ok.stderr).toBe('');
        expect(ok.stdout).toContain('embedded database');
        expect(ok.stdout).toMatch(/All \d+ money rules hold\./);
        expect(ok.status).toBe(0);

        const none = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-money.ts'], {
          env: { ...env, DATA_DIR: join(dataDir, 'nowhere') },
          encoding: 'utf8',
        });
        expect(none.stderr).toContain('There is no embedded database');
        expect(none.status).toBe(2);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
