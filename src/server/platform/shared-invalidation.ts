import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ResponseCache } from './response-cache';

/** Where the sharing reports trouble (Fastify's logger). */
type WarnLog = { warn: (msg: string) => void };

export type SharedInvalidationOptions = {
  /** The app's Redis connection, which publishes; a dedicated duplicate subscribes. */
  redis: Redis;
  cache: ResponseCache;
  /** The channel every process of one installation shares (`REDIS_PREFIX` + `catalog:invalidate`). */
  channel: string;
  log: WarnLog;
};

/**
 * A cache emptied in every process through Redis pub/sub: each `invalidate()` of the cache here is
 * published on the channel with this instance's id, and a dedicated subscriber connection forgets
 * the cache when another instance publishes (its own messages come back too, and are ignored: the
 * cache was emptied when they were sent).
 */
export class SharedInvalidation {
  /** Messages from other processes, each of which emptied the cache here. */
  received = 0;
  /** This instance's own messages coming back, ignored. */
  ownIgnored = 0;
  private readonly sender = randomUUID();

  private constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly log: WarnLog,
  ) {}

  /** Subscribes (answers once Redis confirmed it, throws when Redis cannot be reached) and ties the cache's `invalidate()` to a publish. */
  static async start({ redis, cache, channel, log }: SharedInvalidationOptions): Promise<SharedInvalidation> {
    const subscriber = redis.duplicate();
    const shared = new SharedInvalidation(redis, subscriber, channel, log);
    subscriber.on('message', (from: string, sender: string) => {
      if (from !== channel) return;
      if (sender === shared.sender) {
        shared.ownIgnored += 1;
        return;
      }
      shared.received += 1;
      cache.forget();
    });
    // Messages sent while the subscriber was cut off are lost: after a reconnection, forget everything.
    let connected = false;
    let warned = false;
    subscriber.on('ready', () => {
      if (connected) cache.forget();
      connected = true;
      warned = false;
    });
    subscriber.on('error', (e: Error) => {
      if (!warned) log.warn(`Catalog cache sharing: Redis subscriber: ${e.message}`);
      warned = true;
    });
    try {
      await subscriber.subscribe(channel);
    } catch (e) {
      subscriber.disconnect();
      throw new Error(`Cannot subscribe to Redis (REDIS_URL): ${e instanceof Error ? e.message : String(e)}`);
    }
    cache.onInvalidate(() => void shared.publish());
    return shared;
  }

  /** Tells the other processes to empty their cache; answers once Redis has passed it on (failures are logged, never thrown). */
  async publish(): Promise<void> {
    try {
      await this.redis.publish(this.channel, this.sender);
    } catch (e) {
      this.log.warn(`Catalog cache sharing: could not publish: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Closes the subscriber connection (the publishing one belongs to the app). */
  async close(): Promise<void> {
    try {
      await this.subscriber.quit();
    } catch {
      this.subscriber.disconnect();
    }
  }
}
