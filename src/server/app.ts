import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { apiDocs } from './api-docs';
import { installStaffPermissions } from './platform/staff-permissions';
import { installSecurityHeaders } from './platform/security-headers';
import { ADMIN_SESSION_COOKIE, SESSION_COOKIE } from './platform/auth-guards';
import type { Config } from './platform/config';
import { makeContext } from './platform/context';
import { installDownloadLimit } from './platform/download-limit';
import { hourlyLimits } from './platform/hourly-limits';
import { openRedis, RedisFailureStore } from './platform/redis';
import { SharedInvalidation } from './platform/shared-invalidation';
import { installLifecycle, LIVE_PATH, READY_PATH } from './platform/lifecycle';
import { createMailer } from './platform/mail';
import { createDocumentStorage, createObjectStorage } from './platform/object-storage';
import { uploadsRoutes } from './platform/uploads.routes';
import { CatalogReads, type Database, type ReplicaPosition } from './platform/db';
import { healthRoutes } from './platform/health.routes';
import { createMetrics, installMetrics, noMetrics } from './platform/metrics';
import {
  errorBody,
  frameworkErrors,
  installCsrfCheck,
  installErrorHandling,
  installInputGuard,
  installRequestLog,
  matchedRoute,
  requestIdGenerator,
} from './platform/http';
import { accountsRoutes } from './modules/accounts';
import {
  adminEmployeesRoutes,
  adminErpRoutes,
  adminMerchantsRoutes,
  adminMessagesRoutes,
  adminNotificationsRoutes,
  adminPromotionSaveRoutes,
  adminOrdersRoutes,
  adminOverviewRoutes,
  adminPayoutsRoutes,
  adminProductsRoutes,
  adminRatesRoutes,
  adminReferralsRoutes,
  adminDeletionRoutes,
  adminProductDetailsRoutes,
  adminProductReviewRoutes,
  adminDetailsRoutes,
  adminRoutes,
  adminStaffRoutes,
  adminSettingsRoutes,
  adminReturnsRoutes,
  adminTaxReportsRoutes,
  adminCommissionGstRoutes,
  adminHaatGstRoutes,
  adminUsersRoutes,
  adminVendorsRoutes,
  adminWithdrawalsRoutes,
} from './modules/admin';
import {
  addressesRoutes,
  adminLoginRoutes,
  profileRoutes,
  resolveAdminSession,
  resolveSession,
  settingsRoutes,
  vendorTeamRoutes,
} from './modules/auth';
import { cartRoutes } from './modules/cart';
import { catalogRoutes, catalogVendorRoutes } from './modules/catalog';
import { checkoutRoutes } from './modules/checkout';
import { contentRoutes } from './modules/content';
import { merchantRoutes, setMerchantEmail } from './modules/merchants';
import { erpRoutes, erpWorkRoutes } from './modules/erp';
import { customerCancelRoutes, vendorOrdersRoutes, vendorOverviewRoutes } from './modules/fulfilment';
import { returnsRoutes } from './modules/returns';
import { notificationsRoutes } from './modules/notifications';
import { foreignProductImages, mediaRoutes } from './modules/media';
import { ordersRoutes } from './modules/orders';
import { adminPromotionsRoutes, offersNow, promotionCostRoutes, vendorPromotionsRoutes } from './modules/promotions';
import { referralsRoutes } from './modules/referrals';
import { rewardsRoutes } from './modules/rewards';
import {
  commissionInvoicesRoutes,
  payoutDetailsRoutes,
  settlementVendorRoutes,
  taxDocumentsRoutes,
  vendorEarningsRoutes,
} from './modules/settlement';
import { publicShopsRoutes, shopsRoutes } from './modules/shops';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** The built web app (index.html and assets); served when it exists. */
  webDist?: string;
  /** Off, on (JSON lines on stdout at LOG_LEVEL), or on into the given stream (tests read the lines). */
  logger?: boolean | { stream: { write: (line: string) => void } };
  /** Told of every route as it is added (the vendor route matrix test reads each route's declared permission). */
  onRoute?: (route: RouteOptions) => void;
  /** How the replica (`database.replica`) is looked at: measureReplica by default; tests give a fake. */
  measureReplica?: () => Promise<ReplicaPosition>;
};

/** Builds the Haat API and web server: plugins, one error handler, every module's routes. No listen. */
export async function buildApp({
  config,
  database,
  webDist = resolve('dist/web'),
  logger = true,
  onRoute,
  measureReplica,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          redact: ['req.headers.cookie', 'req.headers.authorization'],
          ...(logger === true ? {} : { stream: logger.stream }),
        }
      : false,
    // One line per request, written by installRequestLog, instead of Fastify's pair.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    frameworkErrors,
    // While it closes (the end of a graceful shutdown), a request on a connection already open is served
    // as usual, with Connection: close, rather than refused with 503: nginx does not pass on a POST it sent.
    return503OnClosing: false,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  installRequestLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Several API processes share their sign-in throttles and rate limits through Redis when it is configured.
  const redis = config.REDIS_URL ? await openRedis(config.REDIS_URL, `${config.REDIS_PREFIX}api`) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const storage = await createObjectStorage(config, app.log);
  app.addHook('onClose', async () => storage.close());
  const documents = await createDocumentStorage(config, app.log);
  app.addHook('onClose', async () => documents.close());
  // The catalog's reads go to the replica while it keeps up: looked at every second while the app is open.
  const catalogReads = new CatalogReads({
    primary: database.db,
    replica: database.replica?.db,
    maxLagMs: config.REPLICA_MAX_LAG_MS,
    measure: measureReplica,
  });
  const stopWatching = catalogReads.watch(1000);
  app.addHook('onClose', async () => stopWatching());
  const metrics = config.METRICS_TOKEN ? await createMetrics({ pool: database.pool, catalogReads }) : noMetrics;
  app.decorate(
    'ctx',
    makeContext(
      database.db,
      database.kind,
      config,
      createMailer(config, app.log),
      storage,
      documents,
      redis ? new RedisFailureStore(redis, `${config.REDIS_PREFIX}failures:`) : undefined,
      metrics,
      catalogReads,
    ),
  );
  if (redis) {
    // A write in any process empties the catalog cache of every process (pub/sub), not only its own.
    const channel = `${config.REDIS_PREFIX}catalog:invalidate`;
    const shared = await SharedInvalidation.start({ redis, cache: app.ctx.catalogCache, channel, log: app.log }).catch(
      (e: unknown) => {
        redis.disconnect();
        throw e;
      },
    );
    app.addHook('onClose', () => shared.close());
  }
  app.decorateRequest('user', null);
  app.decorateRequest('admin', null);

  installSecurityHeaders(app, { publicPicturesUrl: config.S3_PUBLIC_URL });
  // JSON and other answers above 1 KB go out gzipped when the client accepts it; the web app's
  // files are compressed ahead of time (scripts/compress-web.ts) and served as they are.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.REDIS_PREFIX}rate:` } : {}),
  });
  // Registrations and password reset requests per address and hour, shared by the routes that take them.
  const limits = hourlyLimits(app, config);
  // Tax document PDFs, CSV reports and exports: DOWNLOADS_PER_MINUTE per account (routes registered below).
  installDownloadLimit(app, config);
  // In production only with API_DOCS=true; elsewhere by default.
  if (config.API_DOCS) await apiDocs(app);

  // Any successful write may change what the catalog shows (products, stock, shops, reviews): its cached answers go.
  // (Before the answer leaves, so the caller's next read already misses the cache.)
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && reply.statusCode < 400)
      app.ctx.catalogCache.invalidate();
    return payload;
  });
  installErrorHandling(app);
  installStaffPermissions(app);
  installCsrfCheck(app, ['/api/payments/webhook']);
  installInputGuard(app);
  // 503 while starting (main.ts listens before it migrates); connections closed while stopping.
  installLifecycle(app);

  // Who is calling: resolved once per API request from the session cookie (by the matched route, as the CSRF check);
  // never for the liveness and readiness checks, which answer the same to everyone.
  app.addHook('onRequest', async (req) => {
    const route = matchedRoute(req) ?? '';
    const probe = route === LIVE_PATH || route === READY_PATH;
    const token = route.startsWith('/api/') && !probe ? req.cookies[SESSION_COOKIE] : undefined;
    if (token) req.user = await resolveSession({ db: database.db, token });
    // The super admin's own session, read only where it is used.
    const adminToken = route.startsWith('/api/admin/') ? req.cookies[ADMIN_SESSION_COOKIE] : undefined;
    if (adminToken) req.admin = await resolveAdminSession({ db: database.db, token: adminToken });
  });

  await app.register(healthRoutes);
  installMetrics(app, metrics, config.METRICS_TOKEN);
  await app.register(accountsRoutes, { limits });
  await app.register(contentRoutes);
  await app.register(adminLoginRoutes);
  await app.register(adminRoutes);
  await app.register(adminStaffRoutes);
  await app.register(adminOverviewRoutes);
  await app.register(adminWithdrawalsRoutes);
  await app.register(adminMessagesRoutes);
  await app.register(adminUsersRoutes);
  await app.register(adminVendorsRoutes);
  await app.register(adminProductsRoutes);
  await app.register(adminEmployeesRoutes);
  await app.register(adminErpRoutes);
  await app.register(adminOrdersRoutes);
  await app.register(adminMerchantsRoutes);
  await app.register(adminReferralsRoutes);
  await app.register(adminDeletionRoutes);
  await app.register(adminProductDetailsRoutes);
  await app.register(adminProductReviewRoutes);
  await app.register(adminDetailsRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminReturnsRoutes);
  await app.register(adminRatesRoutes);
  await app.register(adminPayoutsRoutes);
  await app.register(adminTaxReportsRoutes);
  await app.register(adminCommissionGstRoutes);
  await app.register(adminHaatGstRoutes);
  await app.register(adminNotificationsRoutes);
  await app.register(adminPromotionsRoutes);
  await app.register(promotionCostRoutes);
  await app.register(vendorPromotionsRoutes);
  await app.register(adminPromotionSaveRoutes);
  // Cards and product pages show the automatic promotions' offers (the promotions module keeps them in memory).
  await app.register(catalogRoutes, { offersNow });
  await app.register(catalogVendorRoutes, { foreignImages: foreignProductImages });
  await app.register(settlementVendorRoutes);
  await app.register(cartRoutes);
  await app.register(addressesRoutes);
  await app.register(profileRoutes);
  await app.register(settingsRoutes, { onEmailChanged: setMerchantEmail });
  await app.register(shopsRoutes);
  await app.register(vendorTeamRoutes);
  await app.register(merchantRoutes);
  await app.register(referralsRoutes);
  await app.register(erpRoutes, { limits });
  await app.register(erpWorkRoutes);
  await app.register(publicShopsRoutes);
  await app.register(mediaRoutes);
  await app.register(rewardsRoutes);
  await app.register(ordersRoutes);
  await app.register(checkoutRoutes);
  await app.register(customerCancelRoutes);
  await app.register(vendorOverviewRoutes);
  await app.register(vendorOrdersRoutes);
  await app.register(returnsRoutes);
  await app.register(notificationsRoutes);
  await app.register(vendorEarningsRoutes);
  await app.register(payoutDetailsRoutes);
  await app.register(taxDocumentsRoutes);
  await app.register(commissionInvoicesRoutes);

  await app.register(uploadsRoutes);
  await serveWeb(app, webDist);
  return app;
}

/**
 * Off unless configured: X-Forwarded-For is the client's own word unless a trusted proxy wrote it.
 * A hop count trusts that many peers nearest to us (Fastify's own number option now trusts none, so
 * it is written as a function); a list trusts only those proxy addresses.
 */
function trustProxyOption(
  trust: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

async function serveWeb(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(resolve(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      cacheControl: false,
      // The .br and .gz files written at build time go to clients that accept them.
      preCompressed: true,
      // Hashed bundles never change; everything else is revalidated.
      setHeaders: (res, path) =>
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/uploads/') || req.method !== 'GET' || !hasWeb) {
      return reply.status(404).send(errorBody(req, { code: 'NOT_FOUND', message: 'Not found' }));
    }
    // The single-page app answers every other path; its router shows the page or its 404.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
  });
}
