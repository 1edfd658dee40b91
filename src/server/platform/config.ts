import { z } from 'zod';

const bool = (dflt: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? dflt : ['true', '1', 'yes'].includes(v)));

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(65535, 'must be at most 65535').default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must start with postgres:// (or be unset for the embedded database)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATA_DIR: z.string().min(1).default('./data'),
    ADMIN_EMAIL: z.email('must be an email address').optional().or(z.literal('').transform(() => undefined)),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional().or(z.literal('').transform(() => undefined)),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
    SEED_DEMO: bool(true),
    COOKIE_SECURE: bool(false),
    SESSION_TTL_HOURS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(24 * 90).default(24 * 7),
    LOGIN_MAX_FAILURES: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000).default(5),
    LOGIN_WINDOW_MINUTES: z.coerce.number({ error: 'must be a number' }).int().min(1).max(24 * 60).default(15),
    RETURN_WINDOW_DAYS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(365).default(7),
    RAZORPAY_API_BASE: z.url('must be a URL').default('https://api.razorpay.com'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((c) => Boolean(c.ADMIN_EMAIL) === Boolean(c.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or both left unset)',
    path: ['ADMIN_PASSWORD'],
  });

export type Config = z.infer<typeof configSchema>;

/** A configuration problem, worded as one line for the person starting the server. */
export class ConfigError extends Error {}

/** Reads and validates the configuration from an environment object (process.env by default). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue.path.join('.') || 'configuration';
    throw new ConfigError(`Configuration error: ${key} ${issue.message}`);
  }
  return parsed.data;
}
