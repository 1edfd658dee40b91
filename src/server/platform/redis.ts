import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FailureStore } from './login-limiter';

/**
 * Connects to Redis (`REDIS_URL`); commands wait for the connection and fail after a few retries rather than hanging.
 * `name` labels the connection in Redis's CLIENT LIST. The client library is loaded here, by the first process
 * that uses Redis, not by every start of the API.
 */
export async function openRedis(url: string, name?: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  return new Redis(url, {
    maxRetriesPerRequest: 3,
    enableOfflineQueue: true,
    lazyConnect: false,
    ...(name ? { connectionName: name } : {}),
  });
}

/** Failures in Redis: one sorted set per key (score = time), so every API process sees the same counts. */
export class RedisFailureStore implements FailureStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'haat:failures:',
  ) {}

  async since(key: string, since: number): Promise<number[]> {
    const scores = await this.redis.zrangebyscore(this.prefix + key, `(${since}`, '+inf', 'WITHSCORES');
    // WITHSCORES answers member, score, member, score...
    return scores.filter((_, i) => i % 2 === 1).map(Number);
  }

  async add(key: string, at: number, windowMs: number): Promise<void> {
    const k = this.prefix + key;
    await this.redis
      .multi()
      .zremrangebyscore(k, '-inf', at - windowMs)
      .zadd(k, at, `${at}:${randomUUID()}`)
      .pexpire(k, windowMs)
      .exec();
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
