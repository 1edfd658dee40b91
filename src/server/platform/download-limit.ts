import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { limitMessages } from '../../contracts/auth.messages';
import { AppError } from './app-error';
import type { Config } from './config';

/** A download the per-account limit counts: a PDF, a CSV file, or a list's CSV export. */
export const isDownloadRoute = (url: string): boolean => /\.(pdf|csv)$/.test(url) || url.endsWith('/export');

/** Who a download counts against: the super admin, the signed-in account, or else the address (IPv6 per /64). */
const downloaderOf = (req: FastifyRequest): string =>
  req.admin ? `admin:${req.admin.id}` : req.user ? `user:${req.user.id}` : `ip:${normalizeIP(req.ip)}`;

/**
 * Limits downloads per account to DOWNLOADS_PER_MINUTE, all download routes together (429 with
 * Retry-After past it), counted where @fastify/rate-limit (registered before) counts: in this process
 * or in Redis. Every route registered after this call whose address is a download gets the limit,
 * after its own guards (a refused caller is not counted).
 */
export function installDownloadLimit(app: FastifyInstance, config: Pick<Config, 'DOWNLOADS_PER_MINUTE'>): void {
  const limit = app.rateLimit({
    max: config.DOWNLOADS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => `downloads:${downloaderOf(req)}`,
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RATE_LIMITED', limitMessages.downloads(Math.max(1, Math.ceil(ctx.ttl / 1000)))),
  });
  app.addHook('onRoute', (route) => {
    if (!isDownloadRoute(route.url)) return;
    const own: onRequestHookHandler[] = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...own, limit];
  });
}
