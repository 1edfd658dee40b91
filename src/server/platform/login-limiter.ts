/**
 * Counts failed sign-ins per key (address + email) in a sliding window. Per process, as
 * ARCHITECTURE allows; move the counters to Redis when several API processes must share them.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is not blocked. */
  retryAfter(key: string): number {
    const list = this.recent(key);
    if (list.length < this.maxFailures) return 0;
    return Math.max(1, Math.ceil((list[0] + this.windowMs - this.now()) / 1000));
  }

  fail(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
    if (this.failures.size > 10_000) this.prune();
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((t) => t > cutoff);
  }

  private prune(): void {
    for (const key of this.failures.keys()) if (this.recent(key).length === 0) this.failures.delete(key);
  }
}

/** Many people share one address (offices, colleges, mobile carriers' NAT): the address alone gets this many times the account limit. */
export const ADDRESS_FAILURE_FACTOR = 10;

/**
 * The sign-in throttle: `maxFailures` failed sign-ins per address and email, and ten times as many
 * per address over all emails (password spraying), within the window.
 */
export class LoginThrottle {
  private readonly byAccount: FailureLimiter;
  private readonly byAddress: FailureLimiter;

  constructor(maxFailures: number, windowMs: number, now: () => number = Date.now) {
    this.byAccount = new FailureLimiter(maxFailures, windowMs, now);
    this.byAddress = new FailureLimiter(maxFailures * ADDRESS_FAILURE_FACTOR, windowMs, now);
  }

  /** Seconds until this address may try this email again, or 0. */
  retryAfter(ip: string, email: string): number {
    return Math.max(this.byAccount.retryAfter(`${ip}|${email}`), this.byAddress.retryAfter(ip));
  }

  fail(ip: string, email: string): void {
    this.byAccount.fail(`${ip}|${email}`);
    this.byAddress.fail(ip);
  }

  /** A successful sign-in clears the failures of that address and email. */
  succeed(ip: string, email: string): void {
    this.byAccount.reset(`${ip}|${email}`);
  }
}
