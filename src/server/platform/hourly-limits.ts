import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { limitMessages } from '../../contracts/auth.messages';
import { AppError } from './app-error';
import type { Config } from './config';

const HOUR_MS = 60 * 60_000;

/** An onRequest hook that counts the request against its address's hourly limit: 429 with Retry-After past it. */
export type LimitHook = ReturnType<FastifyInstance['rateLimit']>;

/**
 * The per-address hourly limits that several routes share: registrations (shoppers' and employees'
 * forms count together) and password reset requests.
 */
export type HourlyLimits = { registrations: LimitHook; passwordResets: LimitHook };

/**
 * Builds the hourly limits on @fastify/rate-limit (registered before), so they are counted where
 * its other limits are: in this process, or in Redis shared by every process (`REDIS_URL`).
 * Every attempt counts, refused ones too; Retry-After says when the address's hour ends.
 */
export function hourlyLimits(
  app: FastifyInstance,
  config: Pick<Config, 'REGISTRATIONS_PER_HOUR' | 'PASSWORD_RESETS_PER_HOUR'>,
): HourlyLimits {
  const limit = (name: string, max: number, message: (minutes: number) => string): LimitHook =>
    app.rateLimit({
      max,
      timeWindow: HOUR_MS,
      // Its own key (these limits share one store prefix), per address as the plugin counts them (IPv6 per /64).
      keyGenerator: (req) => `${name}:${normalizeIP(req.ip)}`,
      errorResponseBuilder: (_req, ctx) =>
        new AppError('RATE_LIMITED', message(Math.max(1, Math.ceil(ctx.ttl / 60_000)))),
    });
  return {
    registrations: limit('registrations', config.REGISTRATIONS_PER_HOUR, limitMessages.registrations),
    passwordResets: limit('password-resets', config.PASSWORD_RESETS_PER_HOUR, limitMessages.passwordResets),
  };
}
