import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { warnIfTestPayments } from './modules/payments';
import { migrateForApp, openDatabase } from './platform/db';
import { createObjectStorage } from './platform/object-storage';
import { ensureSuperAdmin } from './modules/auth';
import { startStockHoldsJob } from './modules/catalog';
import { releaseDueCashback } from './modules/merchants';
import { startReferralQualificationJob } from './modules/referrals';
import { startPointsReleaseJob } from './modules/rewards';
import { isDatabaseEmpty, seedDemoData } from './seed/demo-data';

/** Reads the configuration, opens and migrates the database, loads demo data when empty, and listens. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrateForApp(database, config);

  const admin = await ensureSuperAdmin({ db: database.db, email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  if (admin?.generatedPassword) {
    console.log(`\n  Super admin created: ${admin.email} / ${admin.generatedPassword}`);
    console.log('  This password is shown only once. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n');
  } else if (admin) {
    console.log(`Super admin created: ${admin.email}`);
  }
  if (config.SEED_DEMO && (await isDatabaseEmpty(database.db))) {
    const storage = await createObjectStorage(config);
    const summary = await seedDemoData({ db: database.db, storage }).finally(() => storage.close());
    console.log(`Demo data loaded: ${summary.categories} categories, ${summary.shops} shops, ${summary.products} products.`);
  }

  const app = await buildApp({ config, database, logger: config.NODE_ENV !== 'test' });
  let stopJobs = () => {};
  const close = async () => {
    stopJobs();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  // The address is printed once, below, as the line to open; the log only notes the start.
  await app.listen({ host: config.HOST, port: config.PORT, listenTextResolver: () => 'server listening' });
  const jobs = [
    // Merchants' cashback is released by the same job as order points (rewards knows no merchant, so it is handed in).
    startPointsReleaseJob({ db: database.db, returnWindowDays: config.RETURN_WINDOW_DAYS, log: app.log, also: [releaseDueCashback] }),
    startStockHoldsJob({ db: database.db, log: app.log }),
    startReferralQualificationJob({ db: database.db, log: app.log, returnWindowDays: config.RETURN_WINDOW_DAYS }),
  ];
  stopJobs = () => jobs.forEach((stop) => stop());
  await warnIfTestPayments({ db: database.db, config, log: app.log });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(`\n  Haat is running (${database.kind}): http://${host}:${port}\n`);
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError) {
    console.error(e.message);
  } else {
    console.error(`Haat could not start: ${e instanceof Error ? e.message : String(e)}`);
  }
  process.exit(1);
});
