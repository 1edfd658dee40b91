import { z } from 'zod';

const bool = (dflt: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? dflt : ['true', '1', 'yes'].includes(v)));

/** A whole number from the environment, with a message for each way it can be wrong. */
const whole = (min: number, max: number, dflt: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(dflt);

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: whole(0, 65535, 3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must start with postgres:// (or be unset for the embedded database)')
      .optional(),
    DATA_DIR: z.string().default('./data'),
    ADMIN_EMAIL: z.email('must be an email address').optional(),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SEED_DEMO: bool(true),
    COOKIE_SECURE: bool(false),
    SESSION_TTL_HOURS: whole(1, 24 * 90, 24 * 7),
    LOGIN_MAX_FAILURES: whole(1, 1000, 5),
    LOGIN_WINDOW_MINUTES: whole(1, 24 * 60, 15),
    RETURN_WINDOW_DAYS: whole(0, 365, 7),
    RAZORPAY_API_BASE: z.url('must be a URL').default('https://api.razorpay.com'),
    LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  })
  .refine((c) => Boolean(c.ADMIN_EMAIL) === Boolean(c.ADMIN_PASSWORD), {
    message: 'and ADMIN_PASSWORD must be set together (or both left unset)',
    path: ['ADMIN_EMAIL'],
  });

export type Config = z.infer<typeof configSchema>;

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
  return parsed.data;
}
