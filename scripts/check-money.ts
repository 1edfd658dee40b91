// `npm run check:money`: checks every money rule of a store (src/server/money-checks.ts) against the
// database Haat is configured for: the points ledgers and balances, stock and variants, orders and
// payments, settlement lines, the vendor ledger and payouts, tax documents and their series, returns
// and refunds. Read-only. Prints each rule as holding or broken (with up to three offending rows) and
// exits 1 when one is broken. On the embedded database Haat must be stopped first.
// docs/backups-and-metrics.md: Backups.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { embeddedDatabaseInUse } from '../src/server/platform/backup';
import { ConfigError, loadConfig } from '../src/server/platform/config';
import { migrationVersion, openDatabase, type DbOrTx } from '../src/server/platform/db';
import { checkMoney } from '../src/server/money-checks';

/** The report's lines and whether every rule holds. */
export async function moneyReport(db: DbOrTx): Promise<{ ok: boolean; lines: string[] }> {
  const checks = await checkMoney(db);
  const broken = checks.filter((c) => c.broken > 0);
  const lines = checks.map((c) =>
    c.broken
      ? `BROKEN (${c.broken} row${c.broken === 1 ? '' : 's'}): ${c.rule}; e.g. ${c.examples.map((e) => JSON.stringify(e)).join(', ')}`
      : `holds: ${c.rule}`,
  );
  lines.push(
    broken.length
      ? `${broken.length} of ${checks.length} money rules are broken.`
      : `All ${checks.length} money rules hold.`,
  );
  return { ok: broken.length === 0, lines };
}

class CheckError extends Error {}

async function main(): Promise<number> {
  const config = loadConfig();
  const dbDir = resolve(config.DATA_DIR, 'db');
  if (!config.DATABASE_URL) {
    if (!existsSync(resolve(dbDir, 'PG_VERSION')))
      throw new CheckError(`There is no embedded database in ${dbDir}: check DATA_DIR (or set DATABASE_URL).`);
    if (embeddedDatabaseInUse(dbDir))
      throw new CheckError(
        `The embedded database (${dbDir}) is open: stop Haat first, then check (if Haat is not running, it did not stop cleanly: start it and stop it once).`,
      );
  }
  const database = await openDatabase(config);
  try {
    const { version, tag } = await migrationVersion(database.db);
    console.log(
      `Checking the money rules of the ${database.kind === 'pglite' ? `embedded database in ${dbDir}` : 'PostgreSQL database'} (migration ${version}${tag ? `, ${tag}` : ''}):`,
    );
    const report = await moneyReport(database.db);
    for (const line of report.lines) console.log(`  ${line}`);
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'check-money.ts')) {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(
        e instanceof ConfigError || e instanceof CheckError
          ? e.message
          : `The check failed: ${e instanceof Error ? e.message : String(e)}`,
      );
      process.exit(2);
    },
  );
}
