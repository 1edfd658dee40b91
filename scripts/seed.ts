import { ConfigError, loadConfig, type Config } from '../src/server/platform/config';
import { migrateForApp, openDatabase } from '../src/server/platform/db';
import { createDocumentStorage, createObjectStorage } from '../src/server/platform/object-storage';
import { isDatabaseEmpty, seedDemoData, type SeedSummary } from '../src/server/seed/demo-data';

/** Prints the counts and the demo sign-ins as a small table. */
function printSummary(summary: SeedSummary, seconds: number): void {
  console.log(
    `Demo data loaded in ${seconds.toFixed(1)} s: ${summary.categories} categories, ${summary.vendors} vendors, ` +
      `${summary.shops} shops, ${summary.products} products.\n`,
  );
  const roleWidth = Math.max(4, ...summary.accounts.map((a) => a.role.length));
  const emailWidth = Math.max(5, ...summary.accounts.map((a) => a.email.length));
  const row = (role: string, email: string, password: string) =>
    `  ${role.padEnd(roleWidth)}  ${email.padEnd(emailWidth)}  ${password}`;
  console.log(row('Role', 'Email', 'Password'));
  console.log(row('-'.repeat(roleWidth), '-'.repeat(emailWidth), '-'.repeat(8)));
  for (const a of summary.accounts) console.log(row(a.role, a.email, a.password));
  console.log('\n  Employees sign in at the ERP login; the super admin is separate (see ADMIN_EMAIL).');
}

/** Loads the configuration, migrates the database and loads the demo data when it is empty; answers the exit code. */
async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message.replace(/\s+/g, ' '));
      return 1;
    }
    throw e;
  }
  const database = await openDatabase(config);
  try {
    await migrateForApp(database, config);
    if (!(await isDatabaseEmpty(database.db))) {
      console.log('The database already has data; nothing was changed.');
      return 0;
    }
    const started = performance.now();
    const storage = await createObjectStorage(config);
    const documents = await createDocumentStorage(config);
    const summary = await seedDemoData({ db: database.db, storage, documents }).finally(() => {
      storage.close();
      documents.close();
    });
    printSummary(summary, (performance.now() - started) / 1000);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`Seeding failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
