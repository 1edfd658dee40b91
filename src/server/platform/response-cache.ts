import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Entry = { body: string; etag: string; at: number; version: number };

/**
 * Answers of public reads that are the same for everyone (the catalog), kept in this process for
 * `ttlMs` (0: not at all) and forgotten at once by any successful write (`invalidate`). Each answer carries an
 * ETag; a browser that sends it back gets 304. Anonymous visitors may keep an answer `maxAgeS`
 * seconds; signed-in people revalidate each time, so a vendor sees their own change at once.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners: (() => void)[] = [];
  private readonly forgetListeners: (() => void)[] = [];
  private version = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 2_000,
    private readonly maxAgeS = Math.floor(ttlMs / 1000),
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets every answer: something that public reads show may have changed (here; listeners tell the other processes). */
  invalidate(): void {
    this.forget();
    for (const listener of this.listeners) listener();
  }

  /** Forgets every answer without telling anyone: another process said it changed something. */
  forget(): void {
    this.version += 1;
    this.entries.clear();
    for (const listener of this.forgetListeners) listener();
  }

  /** Calls `listener` whenever the answers are forgotten, here or on another process's word (a write happened). */
  onForget(listener: () => void): void {
    this.forgetListeners.push(listener);
  }

  /** How many times the answers were forgotten, here or on another process's word. */
  get generation(): number {
    return this.version;
  }

  /** Calls `listener` after each `invalidate()` (not `forget()`), such as to tell the other processes. */
  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Answers the request from the cache, or computes, serializes (with the route's schema) and keeps it. */
  async serve(req: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>): Promise<FastifyReply> {
    const key = req.url;
    let entry = this.entries.get(key);
    if (entry && (entry.version !== this.version || this.now() - entry.at > this.ttlMs)) {
      this.entries.delete(key);
      entry = undefined;
    }
    if (entry) {
      this.hits += 1;
    } else {
      this.misses += 1;
      const version = this.version;
      const body = reply.serialize(await compute()) as string;
      entry = {
        body,
        etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
        at: this.now(),
        version,
      };
      // A write during the computation makes this answer stale: send it, but do not keep it.
      if (version === this.version && this.ttlMs > 0) this.keep(key, entry);
    }
    const anonymous = !req.headers.cookie;
    reply
      .header('etag', entry.etag)
      .header('cache-control', anonymous ? `public, max-age=${this.maxAgeS}` : 'private, no-cache')
      .header('vary', 'cookie');
    if (req.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(entry.body);
  }

  private keep(key: string, entry: Entry): void {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, entry);
  }
}
