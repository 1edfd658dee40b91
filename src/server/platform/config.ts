import { z } from 'zod';

const bool = (dflt: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? dflt : ['true', '1', 'yes'].includes(v)));

/** An http(s) address such as `example`, without its trailing slashes (paths are appended to it). */
const webAddress = (example: string) =>
  z
    .url(`must be a URL such as ${example}`)
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .transform((v) => v.replace(/\/+$/, ''));

/** A whole number from the environment, with a message for each way it can be wrong. */
const whole = (min: number, max: number, dflt: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(dflt);

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): off by default, since the header
 * is otherwise the client's own word; a hop count (1 = the one proxy in front of us); or a comma list
 * of proxy addresses, CIDR ranges or the names loopback, linklocal, uniquelocal.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = v?.trim().toLowerCase();
    if (value === undefined || ['false', 'off', 'no', '0'].includes(value)) return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) ctx.addIssue({ code: 'custom', message: 'must be at most 10 hops' });
      return hops;
    }
    if (['true', 'on', 'yes', 'all'].includes(value)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be a hop count (such as 1) or a list of proxy addresses, not true: trusting every sender would let any client choose its own address',
      });
      return false;
    }
    const list = value
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    const bad = list.find((a) => !/^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/.test(a));
    if (bad)
      ctx.addIssue({
        code: 'custom',
        message: `has '${bad}', which is not an IP address, a CIDR range or loopback, linklocal, uniquelocal`,
      });
    return list;
  });

/** The default of UNVERIFIED_CASHBACK_DAILY_POINTS (the demo data records within it too). */
export const DEFAULT_UNVERIFIED_CASHBACK_DAILY_POINTS = 200;

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const configSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: whole(0, 65535, 3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must start with postgres:// (or be unset for the embedded database)')
      .optional(),
    /**
     * The role that owns the tables, for migrations; DATABASE_URL is then the app's own role, which owns
     * nothing (docs/configuration.md: Database roles).
     */
    MIGRATION_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must start with postgres://')
      .optional(),
    /**
     * A streaming replica of DATABASE_URL's server: the public catalog's reads (product list, search,
     * product page, categories) go there while it keeps up (docs/several-processes.md: A read replica).
     */
    DATABASE_REPLICA_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must start with postgres://')
      .optional(),
    /** How far the replica may fall behind (milliseconds) before catalog reads go back to the primary. */
    REPLICA_MAX_LAG_MS: whole(0, 600_000, 2000),
    DATA_DIR: z.string().default('./data'),
    ADMIN_EMAIL: z.email('must be an email address').optional(),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // Unset: the demo data (accounts with published passwords) is loaded outside production only; in production DEMO_DATA=true must be said.
    DEMO_DATA: z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).optional(),
    // The older name of DEMO_DATA, still read.
    SEED_DEMO: z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).optional(),
    // Unset: Secure in production, where the app is served over HTTPS; `false` must be said explicitly there.
    COOKIE_SECURE: z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).optional(),
    TRUST_PROXY: trustProxy,
    // Unset: the API documentation is served outside production only; in production API_DOCS=true must be said.
    API_DOCS: z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).optional(),
    SESSION_TTL_HOURS: whole(1, 24 * 90, 24 * 7),
    LOGIN_MAX_FAILURES: whole(1, 1000, 5),
    LOGIN_WINDOW_MINUTES: whole(1, 24 * 60, 15),
    /** Registration attempts (customer, vendor, merchant and employee together) one address may make per hour. */
    REGISTRATIONS_PER_HOUR: whole(1, 1_000_000, 10),
    /** Password reset requests one address may make per hour (each email also gets at most 3 mails an hour). */
    PASSWORD_RESETS_PER_HOUR: whole(1, 1_000_000, 5),
    /**
     * Rupees: saving a Haat-funded promotion that can take more than this off one order (a percentage
     * without a cap always can) needs a fresh authenticator code.
     */
    PROMOTION_FRESH_CODE_ABOVE_RUPEES: whole(0, 100_000_000, 1000),
    /** Unknown coupon codes one customer account may try at checkout within COUPON_GUESS_WINDOW_MINUTES. */
    COUPON_GUESSES_PER_ACCOUNT: whole(1, 1_000_000, 10),
    /** Unknown coupon codes one address may try at checkout (all its accounts together) within the window. */
    COUPON_GUESSES_PER_ADDRESS: whole(1, 1_000_000, 30),
    COUPON_GUESS_WINDOW_MINUTES: whole(1, 24 * 60, 15),
    /** Downloads (tax document PDFs, CSV reports and exports) one account (or, signed out, one address) may make per minute. */
    DOWNLOADS_PER_MINUTE: whole(1, 1_000_000, 60),
    RETURN_WINDOW_DAYS: whole(0, 365, 7),
    /** Pending cashback points an unverified merchant's recorded payments may create per day. */
    UNVERIFIED_CASHBACK_DAILY_POINTS: whole(0, 1_000_000, DEFAULT_UNVERIFIED_CASHBACK_DAILY_POINTS),
    IMAGE_JOBS: whole(1, 64, 1),
    /** Seconds a public catalog answer is kept in the process (0: never; every request reads the database). */
    CATALOG_CACHE_SECONDS: whole(0, 3600, 10),
    STOCK_HOLD_MINUTES: whole(1, 24 * 60, 15),
    RAZORPAY_API_BASE: z.url('must be a URL').default('https://api.razorpay.com'),
    /**
     * Pays vendor payouts as Razorpay Route transfers to their linked accounts; needs the Razorpay keys
     * enabled in Settings too (docs/settlement-and-tax.md: Payouts, Razorpay Route).
     */
    RAZORPAY_ROUTE: bool(false),
    /** Lets the built-in test gateway (no money moves) take checkouts in production; see testGatewayAllowed. */
    PAYMENTS_TEST_MODE: bool(false),
    APP_URL: webAddress('https://haat.example.in').optional(),
    /** Shared sign-in throttles and rate limits when several API processes run (redis://host:6379). */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/.+/, 'must start with redis:// or rediss://')
      .optional(),
    /** Begins every key and channel Haat uses in Redis, so that two installations can share one Redis. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 letters, digits or : _ . -')
      .default('haat:'),
    /** Milliseconds a stopping process (SIGTERM) keeps serving as usual while /api/ready answers 503, so that load balancers take it out first. */
    SHUTDOWN_DRAIN_MS: whole(0, 600_000, 5_000),
    /** Seconds a stopping process (SIGTERM), once drained, waits for requests in flight and running jobs before it cuts them. */
    SHUTDOWN_TIMEOUT_SECONDS: whole(0, 3600, 20),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().default('Haat <no-reply@haat.local>'),
    PASSWORD_RESET_TTL_MINUTES: whole(5, 24 * 60, 60),
    /** Turns on GET /metrics (Prometheus), answered only with `Authorization: Bearer <token>`; unset: 404. */
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters')
      .regex(/^\S+$/, 'must have no spaces')
      .optional(),
    LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
    /**
     * Pictures go to this bucket of an S3-compatible store instead of DATA_DIR/uploads
     * (docs/backups-and-metrics.md: Object storage).
     */
    S3_BUCKET: z.string().min(3, 'must be at least 3 characters').optional(),
    /** The store's address (MinIO, R2, Spaces, ...); unset: AWS S3 of S3_REGION. */
    S3_ENDPOINT: z.url('must be a URL such as https://s3.example.in').optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Bucket in the path (`endpoint/bucket/key`) rather than in the host name: MinIO and most self-hosted stores need it. */
    S3_FORCE_PATH_STYLE: bool(false),
    /** Where browsers fetch the pictures (a CDN or the bucket's public address); unset: this server streams them. */
    S3_PUBLIC_URL: webAddress('https://pictures.haat.example.in').optional(),
  })
  .refine((c) => !c.MIGRATION_DATABASE_URL || Boolean(c.DATABASE_URL), {
    message: 'needs DATABASE_URL too (the app role that uses the database it migrates)',
    path: ['MIGRATION_DATABASE_URL'],
  })
  .refine((c) => !c.DATABASE_REPLICA_URL || Boolean(c.DATABASE_URL), {
    message: 'needs DATABASE_URL too (the primary it replicates)',
    path: ['DATABASE_REPLICA_URL'],
  })
  .refine((c) => Boolean(c.ADMIN_EMAIL) === Boolean(c.ADMIN_PASSWORD), {
    message: 'and ADMIN_PASSWORD must be set together (or both left unset)',
    path: ['ADMIN_EMAIL'],
  })
  .refine((c) => Boolean(c.S3_ACCESS_KEY_ID) === Boolean(c.S3_SECRET_ACCESS_KEY), {
    message: "and S3_SECRET_ACCESS_KEY must be set together (or both left unset for the SDK's own credentials)",
    path: ['S3_ACCESS_KEY_ID'],
  })
  .refine((c) => Boolean(c.S3_BUCKET) || !(c.S3_ENDPOINT || c.S3_ACCESS_KEY_ID || c.S3_PUBLIC_URL), {
    message: 'is needed when S3_ENDPOINT, S3_ACCESS_KEY_ID or S3_PUBLIC_URL is set',
    path: ['S3_BUCKET'],
  });

type ParsedConfig = z.infer<typeof configSchema>;
export type Config = Omit<ParsedConfig, 'COOKIE_SECURE' | 'API_DOCS' | 'SEED_DEMO' | 'DEMO_DATA'> & {
  COOKIE_SECURE: boolean;
  API_DOCS: boolean;
  SEED_DEMO: boolean;
};

/** A configuration problem, worded as one line for the person starting the server. */
export class ConfigError extends Error {}

/** Reads and validates the configuration from an environment object (process.env by default). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`PORT=`) means unset, so it takes the default rather than failing or meaning 0.
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = configSchema.safeParse(set);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue.path.join('.') || 'configuration';
    throw new ConfigError(`Configuration error: ${key} ${issue.message}`);
  }
  const { COOKIE_SECURE, API_DOCS, SEED_DEMO, DEMO_DATA, ...rest } = parsed.data;
  const production = rest.NODE_ENV === 'production';
  const yes = (v: string | undefined, dflt: boolean) => (v === undefined ? dflt : ['true', '1', 'yes'].includes(v));
  if (DEMO_DATA !== undefined && SEED_DEMO !== undefined && yes(DEMO_DATA, false) !== yes(SEED_DEMO, false)) {
    throw new ConfigError('Configuration error: DEMO_DATA and SEED_DEMO (its older name) disagree; set DEMO_DATA only');
  }
  return {
    ...rest,
    COOKIE_SECURE: yes(COOKIE_SECURE, production),
    API_DOCS: yes(API_DOCS, !production),
    SEED_DEMO: yes(DEMO_DATA ?? SEED_DEMO, !production),
  };
}

/**
 * Whether the built-in test gateway (no money moves) may take checkouts: always in development and
 * tests (`npm start` runs in development, so a fresh clone can pay), but in production, whatever the
 * database, only when PAYMENTS_TEST_MODE=true is said deliberately.
 */
export function testGatewayAllowed(config: Pick<Config, 'NODE_ENV' | 'PAYMENTS_TEST_MODE'>): boolean {
  return config.NODE_ENV !== 'production' || config.PAYMENTS_TEST_MODE;
}
