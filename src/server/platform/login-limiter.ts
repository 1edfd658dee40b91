/**
 * Where failures are remembered: in this process, or in Redis (`REDIS_URL`) so that several API
 * processes share the counts.
 */
export interface FailureStore {
  /** The times (ms) of the key's failures after `since`, oldest first. */
  since(key: string, since: number): Promise<number[]>;
  /** Remembers a failure at `at`, kept for `windowMs`. */
  add(key: string, at: number, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

/** The failures in this process's memory. */
export class MemoryFailureStore implements FailureStore {
  private readonly failures = new Map<string, number[]>();

  async since(key: string, since: number): Promise<number[]> {
    return (this.failures.get(key) ?? []).filter((t) => t > since);
  }

  async add(key: string, at: number, windowMs: number): Promise<void> {
    const list = (this.failures.get(key) ?? []).filter((t) => t > at - windowMs);
    list.push(at);
    this.failures.set(key, list);
    if (this.failures.size > 10_000) {
      for (const [k, times] of this.failures) if (times.every((t) => t <= at - windowMs)) this.failures.delete(k);
    }
  }

  async clear(key: string): Promise<void> {
    this.failures.delete(key);
  }
}

/** Counts failures per key in a sliding window: after `maxFailures`, the key waits until the oldest leaves the window. */
export class FailureLimiter {
  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly store: FailureStore = new MemoryFailureStore(),
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is not blocked. */
  async retryAfter(key: string): Promise<number> {
    const now = this.now();
    const list = await this.store.since(key, now - this.windowMs);
    if (list.length < this.maxFailures) return 0;
    return Math.max(1, Math.ceil((list[list.length - this.maxFailures] + this.windowMs - now) / 1000));
  }

  fail(key: string): Promise<void> {
    return this.store.add(key, this.now(), this.windowMs);
  }

  reset(key: string): Promise<void> {
    return this.store.clear(key);
  }
}

/** Many people share one address (offices, colleges, mobile carriers' NAT): the address alone gets this many times the account limit. */
export const ADDRESS_FAILURE_FACTOR = 10;

/**
 * The sign-in throttle: `maxFailures` failed sign-ins per address and email, and ten times as many
 * per address over all emails (password spraying), within the window. Codes (two-factor, step-up)
 * are also counted per account wherever they come from: `maxFailures` wrong codes for one account,
 * from any number of addresses, block that account's code step.
 */
export class LoginThrottle {
  private readonly byAccount: FailureLimiter;
  private readonly byAddress: FailureLimiter;
  private readonly byAccountAnywhere: FailureLimiter;

  constructor(
    maxFailures: number,
    windowMs: number,
    store: FailureStore = new MemoryFailureStore(),
    now: () => number = Date.now,
  ) {
    this.byAccount = new FailureLimiter(maxFailures, windowMs, store, now);
    this.byAddress = new FailureLimiter(maxFailures * ADDRESS_FAILURE_FACTOR, windowMs, store, now);
    this.byAccountAnywhere = new FailureLimiter(maxFailures, windowMs, store, now);
  }

  /** Seconds until this address may try this email again, or 0; with `account`, also until that account's code step opens again. */
  async retryAfter(ip: string, email: string, account?: string): Promise<number> {
    const [byEmail, address, anywhere] = await Promise.all([
      this.byAccount.retryAfter(`login:${ip}|${email}`),
      this.byAddress.retryAfter(`login-ip:${ip}`),
      account ? this.accountRetryAfter(account) : 0,
    ]);
    return Math.max(byEmail, address, anywhere);
  }

  async fail(ip: string, email: string): Promise<void> {
    await Promise.all([this.byAccount.fail(`login:${ip}|${email}`), this.byAddress.fail(`login-ip:${ip}`)]);
  }

  /** Seconds until the account's code step opens again (wrong codes from every address), or 0. */
  accountRetryAfter(account: string): Promise<number> {
    return this.byAccountAnywhere.retryAfter(`code:${account}`);
  }

  /** A wrong code for the account, wherever it came from. */
  failAccount(account: string): Promise<void> {
    return this.byAccountAnywhere.fail(`code:${account}`);
  }

  /** A successful sign-in clears the failures of that address and email (and the account's wrong codes, when given). */
  async succeed(ip: string, email: string, account?: string): Promise<void> {
    await Promise.all([
      this.byAccount.reset(`login:${ip}|${email}`),
      account ? this.byAccountAnywhere.reset(`code:${account}`) : undefined,
    ]);
  }
}

/** What `guarded` needs of a request and a reply. */
type Caller = { ip: string };
type Replier = { header: (name: string, value: string) => unknown };

/**
 * Runs a guess (a password or a code) under the throttle: refuses with `tooMany` (429, Retry-After)
 * while blocked, counts a failure when `run` throws an error for which `isFailure` is true, and
 * clears the key's failures on success when `clearOnSuccess`. With `account` (an account id), the
 * account's wrong codes from every address count too: refused while the account is blocked, and
 * an error for which `isAccountFailure` (default `isFailure`) is true counts against the account.
 */
export async function guarded<T>(
  throttle: LoginThrottle,
  a: {
    req: Caller;
    reply: Replier;
    key: string;
    tooMany: () => Error;
    isFailure: (e: unknown) => boolean;
    clearOnSuccess?: boolean;
    account?: string;
    isAccountFailure?: (e: unknown) => boolean;
  },
  run: () => Promise<T>,
): Promise<T> {
  const wait = await throttle.retryAfter(a.req.ip, a.key, a.account);
  if (wait > 0) {
    a.reply.header('retry-after', String(wait));
    throw a.tooMany();
  }
  try {
    const result = await run();
    if (a.clearOnSuccess) await throttle.succeed(a.req.ip, a.key, a.account);
    return result;
  } catch (e) {
    if (a.isFailure(e)) await throttle.fail(a.req.ip, a.key);
    if (a.account && (a.isAccountFailure ?? a.isFailure)(e)) await throttle.failAccount(a.account);
    throw e;
  }
}
