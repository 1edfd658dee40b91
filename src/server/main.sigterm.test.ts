import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './test/db';

// Issue 21, point 4, end to end: the real server (src/server/main.ts) gets SIGTERM while a request
// is in flight; the request gets its answer, new connections are refused, and the process exits 0.
// On PostgreSQL (DATABASE_URL) the server gets a database of its own; otherwise an embedded one in
// a new data folder, which it creates and migrates as `npm start` does.

const dataDir = mkdtempSync(join(tmpdir(), 'haat-sigterm-'));
let fresh: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let child: ChildProcess | undefined;
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await fresh?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts main.ts and answers its address once it says it is running. */
async function startServer(): Promise<{ server: ChildProcess; url: string; exited: Promise<number | null>; output: () => string }> {
  if (process.env.DATABASE_URL) fresh = await freshDatabase();
  const env = { ...process.env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: fresh?.url ?? '', MIGRATION_DATABASE_URL: '', REDIS_URL: '', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ADMIN_EMAIL: 'boss@haat.test', ADMIN_PASSWORD: 'a-long-admin-password' };
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child = server;
  let output = '';
  server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  await expect.poll(() => (server.exitCode === null ? /Haat is running \([a-z]+\): (http:\/\/\S+)/.exec(output)?.[1] : `exited: ${output}`), { timeout: 90_000, interval: 100 }).toMatch(/^http:/);
  const url = /Haat is running \([a-z]+\): (http:\/\/\S+)/.exec(output)![1];
  return { server, url, exited, output: () => output };
}

describe('the server on SIGTERM', () => {
  it('answers the request in flight, refuses new connections and exits 0', { timeout: 120_000 }, async () => {
    const { server, url, exited, output } = await startServer();
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);

    // A contact message whose body is still on its way: the server has taken the request (100 Continue).
    const body = JSON.stringify({ name: 'Asha', email: 'asha@example.in', subject: 'Hello', message: 'Sent across a restart.' });
    const req = request(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-requested-with': 'haat', expect: '100-continue' },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on('response', (res: IncomingMessage) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
    });
    await new Promise<void>((resolve) => req.once('continue', resolve));

    server.kill('SIGTERM');
    const refused = () =>
      fetch(`${url}/api/health`).then(
        () => false,
        (e: { cause?: { code?: string } }) => e.cause?.code === 'ECONNREFUSED',
      );
    await expect.poll(refused, { timeout: 10_000, interval: 50 }).toBe(true);

    req.end(body);
    const res = await answered;
    expect(res.status, res.text).toBe(201);
    expect(JSON.parse(res.text)).toMatchObject({ id: expect.any(String) });
    expect(await exited, output()).toBe(0);
  });
});
