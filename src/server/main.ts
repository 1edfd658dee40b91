import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { warnAboutPayments } from './modules/payments';
import { migrateForApp, openDatabase } from './platform/db';
import type { StopJob } from './platform/repeating-job';
import { gracefulShutdown } from './platform/shutdown';
import { emailOfUser, ensureSuperAdmin } from './modules/auth';
import { startNotificationsJob } from './modules/notifications';
import { startStockHoldsJob } from './modules/catalog';
import { releaseDueCashback } from './modules/merchants';
import {
  releaseDueVendorSales,
  renderMissingDocumentPdfs,
  startCommissionInvoicesJob,
  startDocumentPdfsJob,
} from './modules/settlement';
import { startReferralQualificationJob } from './modules/referrals';
import { startPointsReleaseJob } from './modules/rewards';
import { isDatabaseEmpty, publishedDemoPasswords, publishedPasswordsWarning, seedDemoData } from './seed/demo-data';

/** Set once SIGTERM or SIGINT arrived: the shutdown ends the process, whatever start-up was doing. */
let stopping = false;

/**
 * Reads the configuration, opens the database and listens at once (answering 503 while starting),
 * then migrates, loads demo data when empty, starts the jobs and says ready. SIGTERM and SIGINT
 * stop it gracefully: a drain while /api/ready says 503, then the close (platform/shutdown.ts).
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: config.NODE_ENV !== 'test' });
  // Until migrations and demo data are done, /api/ready answers 503, and so does every other request.
  app.ctx.lifecycle.phase = 'starting';
  const jobs: StopJob[] = [];
  const stop = (signal: NodeJS.Signals) => {
    // A second Ctrl-C does not wait.
    if (stopping) return signal === 'SIGINT' ? process.exit(1) : undefined;
    stopping = true;
    const draining = app.ctx.lifecycle.phase === 'ready' && config.SHUTDOWN_DRAIN_MS > 0;
    app.log.info(
      `${signal}: stopping: ${draining ? `/api/ready answers 503 while requests are still served for ${config.SHUTDOWN_DRAIN_MS} ms, then ` : ''}new connections are refused and requests in flight get their answers (at most ${config.SHUTDOWN_TIMEOUT_SECONDS} s)`,
    );
    gracefulShutdown({
      app,
      jobs,
      database,
      drainMs: config.SHUTDOWN_DRAIN_MS,
      timeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    }).then(
      ({ clean }) => process.exit(clean ? 0 : 1),
      (e: unknown) => {
        console.error(`Haat could not stop cleanly: ${e instanceof Error ? e.message : String(e)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // The address is printed once, below, as the line to open; the log only notes the start.
  await app.listen({ host: config.HOST, port: config.PORT, listenTextResolver: () => 'server listening' });

  await migrateForApp(database, config);
  const admin = await ensureSuperAdmin({ db: database.db, email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  if (admin?.generatedPassword) {
    console.log(`\n  Super admin created: ${admin.email} / ${admin.generatedPassword}`);
    console.log('  This password is shown only once. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n');
  } else if (admin) {
    console.log(`Super admin created: ${admin.email}`);
  }
  if (config.SEED_DEMO && (await isDatabaseEmpty(database.db))) {
    const summary = await seedDemoData({ db: database.db, storage: app.ctx.storage, documents: app.ctx.documents });
    console.log(
      `Demo data loaded: ${summary.categories} categories, ${summary.shops} shops, ${summary.products} products.`,
    );
  }
  // In production, at every start: the demo accounts anyone may still sign in with (loaded now or earlier).
  if (config.NODE_ENV === 'production') {
    const open = await publishedDemoPasswords(database.db);
    if (open.length) app.log.warn(publishedPasswordsWarning(open));
  }
  if (stopping) return;
  jobs.push(
    // Merchants' cashback and vendors' sales past the return window are released by the same job as
    // order points (rewards knows neither merchants nor vendors, so they are handed in).
    startPointsReleaseJob({
      db: database.db,
      returnWindowDays: config.RETURN_WINDOW_DAYS,
      log: app.log,
      metrics: app.ctx.metrics,
      also: [releaseDueCashback, releaseDueVendorSales],
    }),
    startStockHoldsJob({ db: database.db, log: app.log, metrics: app.ctx.metrics }),
    startReferralQualificationJob({
      db: database.db,
      log: app.log,
      metrics: app.ctx.metrics,
      returnWindowDays: config.RETURN_WINDOW_DAYS,
    }),
    // Email from the outbox; a user's address is read when the message is sent (auth owns it).
    startNotificationsJob({
      db: database.db,
      mailer: app.ctx.mailer,
      appUrl: app.ctx.appUrl,
      adminEmail: config.ADMIN_EMAIL,
      emailOf: emailOfUser,
      log: app.log,
      metrics: app.ctx.metrics,
    }),
    // Haat's monthly commission invoices to its vendors, once a month is over.
    startCommissionInvoicesJob({ db: database.db, log: app.log, metrics: app.ctx.metrics }),
    // Each tax document's PDF, rendered once after it is issued and stored (the outbox of document PDFs).
    startDocumentPdfsJob({ db: database.db, storage: app.ctx.documents, log: app.log, metrics: app.ctx.metrics }),
  );
  // Documents issued before their PDFs were kept get them now, in the background (progress in the log).
  renderMissingDocumentPdfs({ db: database.db, storage: app.ctx.documents, log: app.log }).catch((e: unknown) => {
    app.log.error(
      `Document PDFs: the pass over documents without a PDF failed: ${e instanceof Error ? e.message : String(e)}`,
    );
  });
  await warnAboutPayments({ db: database.db, config, log: app.log });
  if (stopping) return;
  app.ctx.lifecycle.phase = 'ready';
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(`\n  Haat is running (${database.kind}): http://${host}:${port}\n`);
}

main().catch((e: unknown) => {
  // Stopped while starting: the shutdown closed what start-up was using, and ends the process itself.
  if (stopping) return;
  if (e instanceof ConfigError) {
    console.error(e.message);
  } else {
    console.error(`Haat could not start: ${e instanceof Error ? e.message : String(e)}`);
  }
  process.exit(1);
});
