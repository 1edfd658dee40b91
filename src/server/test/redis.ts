import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the tests use: TEST_REDIS_URL, or the local server (CI starts one). */
export const testRedisUrl = (): string => process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** A REDIS_PREFIX no other test run uses, so that parallel runs sharing one Redis never see each other's keys and messages. */
export const uniqueRedisPrefix = (): string => `haat-test-${randomBytes(5).toString('hex')}:`;

/**
 * A connection to the tests' Redis, or a clear failure when it cannot be reached: tests that need
 * Redis fail rather than skip.
 */
export async function connectTestRedis(): Promise<Redis> {
  const url = testRedisUrl();
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    connectTimeout: 3_000,
  });
  let cause: Error | undefined;
  redis.on('error', (e: Error) => (cause = e));
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    redis.disconnect();
    throw new Error(
      `This test needs Redis at ${url} (set TEST_REDIS_URL to use another): ${(cause ?? (e as Error)).message}`,
    );
  }
  return redis;
}
