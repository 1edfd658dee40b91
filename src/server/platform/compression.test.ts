import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressTree } from '../../../scripts/compress-web';
import { buildApp } from '../app';
import { freshDatabase } from '../test/db';
import { loadConfig } from './config';

// The web app's files go out compressed ahead of time with long-lived cache
// headers (index.html revalidated), and JSON above 1 KB is gzipped.

let app: FastifyInstance;
let dir: string;
let close: () => Promise<void>;
const script = `console.log(${JSON.stringify('Haat '.repeat(2000))});`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'haat-web-'));
  const web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(
    join(web, 'index.html'),
    `<!doctype html><html><head><title>Haat</title></head><body>${'<div id="root"></div>'.repeat(100)}</body></html>`,
  );
  writeFileSync(join(web, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(web, 'assets', 'tiny-1.js'), 'export {};');
  const written = await compressTree(web);
  expect(written.count).toBe(2);
  const database = await freshDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dir });
  app = await buildApp({ config, database: database.asApp, logger: false, webDist: web });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

describe('compressed responses', () => {
  it('sends the brotli or gzip file written at build time, cached for a year', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': accept } });
      expect([res.statusCode, res.headers['content-encoding'], res.headers['cache-control']]).toEqual([
        200,
        encoding,
        'public, max-age=31536000, immutable',
      ]);
      expect(Number(res.headers['content-length'])).toBeLessThan(script.length / 10);
    }
    const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, script]);
  });

  it('answers every page with index.html, compressed and revalidated each time', async () => {
    const res = await app.inject({ url: '/search?q=kurta', headers: { 'accept-encoding': 'gzip' } });
    expect([res.statusCode, res.headers['content-encoding'], res.headers['cache-control']]).toEqual([
      200,
      'gzip',
      'no-cache',
    ]);
    expect(gunzipSync(res.rawPayload).toString()).toContain('<title>Haat</title>');
  });

  it('gzips JSON above 1 KB and leaves small answers as they are', async () => {
    const big = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect([big.statusCode, big.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(JSON.parse(gunzipSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect([small.statusCode, small.headers['content-encoding']]).toEqual([200, undefined]);
  });
});
