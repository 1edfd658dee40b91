import { normalizeIP } from '@fastify/rate-limit';
import { couponGuessesMessage } from '../../../contracts/promotions.contract';
import { AppError } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import { FailureLimiter, type FailureStore } from '../../platform/login-limiter';

// Guessing coupon codes at checkout: every code refused as unknown (the summary with a code, and
// placing an order with one) counts against the customer's account and against the address it
// came from, in the failure store the sign-in throttle uses (this process, or Redis shared by every
// process). Past COUPON_GUESSES_PER_ACCOUNT or COUPON_GUESSES_PER_ADDRESS within
// COUPON_GUESS_WINDOW_MINUTES, any code is refused with 429 and Retry-After until the oldest guess
// leaves the window; a checkout without a code is never refused. docs/promotions.md.

/** One request's guard: `check` before a code is looked up, `fail` when it was unknown. */
export type CouponGuesses = { check: () => Promise<void>; fail: () => Promise<void> };

type Limits = Pick<Config, 'COUPON_GUESSES_PER_ACCOUNT' | 'COUPON_GUESSES_PER_ADDRESS' | 'COUPON_GUESS_WINDOW_MINUTES'>;

/** The guards of the checkout routes, on the app's failure store. */
export function couponGuessLimits(store: FailureStore, config: Limits) {
  const windowMs = config.COUPON_GUESS_WINDOW_MINUTES * 60_000;
  const byAccount = new FailureLimiter(config.COUPON_GUESSES_PER_ACCOUNT, windowMs, store);
  const byAddress = new FailureLimiter(config.COUPON_GUESSES_PER_ADDRESS, windowMs, store);
  return (
    req: { ip: string },
    reply: { header: (name: string, value: string) => unknown },
    customerUserId: string,
  ): CouponGuesses => {
    const account = `coupon-guess:account:${customerUserId}`;
    // Per address as the other limits count them (IPv6 per /64).
    const address = `coupon-guess:ip:${normalizeIP(req.ip)}`;
    return {
      check: async () => {
        const wait = Math.max(await byAccount.retryAfter(account), await byAddress.retryAfter(address));
        if (wait === 0) return;
        reply.header('retry-after', String(wait));
        const message = couponGuessesMessage(Math.max(1, Math.ceil(wait / 60)));
        throw new AppError('RATE_LIMITED', message, { couponCode: message });
      },
      fail: async () => {
        await Promise.all([byAccount.fail(account), byAddress.fail(address)]);
      },
    };
  };
}
