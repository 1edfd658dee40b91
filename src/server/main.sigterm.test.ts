import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './test/db';
import { customerInput } from './test/factories';
import { killIfRunning, startServerProcess, type ServerProcess } from './test/server-process';

// The real server (src/server/main.ts) gets SIGTERM: it drains (/api/ready 503, everything else
// served as usual), then refuses new connections, closes each kept-alive connection with its next
// answer, answers what is in flight and exits 0. On PostgreSQL (DATABASE_URL) the server gets a
// database of its own; otherwise an embedded one in a new data folder, which it creates and
// migrates as `npm start` does.

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Starts main.ts on a database of its own with `env`, and answers once it says it is running. */
async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-sigterm-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const fresh = process.env.DATABASE_URL ? await freshDatabase() : undefined;
  if (fresh) cleanups.push(() => fresh.close());
  const server = await startServerProcess({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    ...(fresh?.url ? { DATABASE_URL: fresh.url } : {}),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'boss@haat.test',
    ADMIN_PASSWORD: 'a-long-admin-password',
    ...env,
  });
  cleanups.push(() => killIfRunning(server));
  return server;
}

type Outcome = { method: string; status?: number; error?: string; connection?: string; at: number };

/** One request through `agent`: its status and Connection header, or the network error's code. */
function send(
  url: string,
  agent: Agent | false,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Outcome> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, {
      method,
      agent,
      headers: {
        'x-requested-with': 'haat',
        ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
      },
    });
    req.on('response', (res: IncomingMessage) => {
      res.resume();
      res.on('end', () =>
        resolve({
          method,
          status: res.statusCode,
          connection: String(res.headers.connection ?? ''),
          at: performance.now(),
        }),
      );
    });
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve({ method, error: e.code ?? e.message, at: performance.now() }),
    );
    req.end(payload);
  });
}

describe('the server on SIGTERM', () => {
  it('answers the request in flight, refuses new connections and exits 0', { timeout: 240_000 }, async () => {
    const { child, url, exited, output } = await startServer({ SHUTDOWN_DRAIN_MS: '300' });
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);

    // A contact message whose body is still on its way: the server has taken the request (100 Continue).
    const body = JSON.stringify({
      name: 'Asha',
      email: 'asha@example.in',
      subject: 'Hello',
      message: 'Sent across a restart.',
    });
    const req = request(`${url}/api/contact`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-requested-with': 'haat',
        expect: '100-continue',
      },
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

    child.kill('SIGTERM');
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

  it(
    'during a burst on kept-alive connections: /api/ready says 503 while requests are still served, then every connection closes after an answer; no reset, every POST answered',
    { timeout: 240_000 },
    async () => {
      const { child, url, exited, output } = await startServer({
        SHUTDOWN_DRAIN_MS: '1500',
        REGISTRATIONS_PER_HOUR: '1000000',
      });
      const agent = new Agent({ keepAlive: true, maxSockets: 6 });
      cleanups.push(() => agent.destroy());
      const outcomes: Outcome[] = [];
      // The readiness check as a load balancer polls it, each time on a new connection, until it has
      // seen 503 five times and taken the process out. (A connection that reaches the listener at the
      // instant it closes is reset by the kernel whatever the server does: the drain is what keeps a
      // balancer's new connections away from that instant.)
      const ready: Outcome[] = [];
      const poller = (async () => {
        while (ready.filter((o) => o.status === 503).length < 5) {
          const o = await send(url, false, 'GET', '/api/ready');
          ready.push(o);
          if (o.error) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      // Six clients, each firing a GET and a POST (a registration) in turn on the shared kept-alive
      // connections, until an answer tells it the connection closes, as a balancer then sends elsewhere.
      let n = 0;
      const workers = Array.from({ length: 6 }, async () => {
        for (;;) {
          const i = n++;
          const o =
            i % 2
              ? await send(
                  url,
                  agent,
                  'POST',
                  '/api/auth/register',
                  customerInput({ phoneNumber: `9${String(100_000_000 + i)}` }),
                )
              : await send(url, agent, 'GET', '/api/categories');
          outcomes.push(o);
          if (o.error || o.connection === 'close') return;
        }
      });
      await expect
        .poll(() => outcomes.filter((o) => o.method === 'POST').length, { timeout: 30_000, interval: 20 })
        .toBeGreaterThanOrEqual(6);
      const signalledAt = performance.now();
      child.kill('SIGTERM');

      await Promise.all([...workers, poller]);
      expect(await exited, output()).toBe(0);

      const failed = outcomes.filter((o) => o.error || (o.method === 'POST' ? o.status !== 201 : o.status !== 200));
      expect(failed, JSON.stringify(failed)).toEqual([]);
      // Every client was told its connection closes, by an answer.
      expect(outcomes.filter((o) => o.connection === 'close')).toHaveLength(6);
      // Before the signal ready said 200; soon after it, 503 and never 200 again, each probe answered.
      expect(ready.filter((o) => o.at < signalledAt).every((o) => o.status === 200)).toBe(true);
      const after = ready.filter((o) => o.at > signalledAt);
      const firstNotReady = after.find((o) => o.status === 503);
      expect(firstNotReady, JSON.stringify(after)).toBeDefined();
      expect(after.filter((o) => o.at >= firstNotReady!.at).map((o) => o.status ?? o.error)).toEqual([
        503, 503, 503, 503, 503,
      ]);
      // While ready said 503 the server still served as usual: answers kept their connection alive, GETs and POSTs alike.
      const servedWhileDraining = outcomes.filter((o) => o.at > firstNotReady!.at && o.connection === 'keep-alive');
      expect(new Set(servedWhileDraining.map((o) => o.method))).toEqual(new Set(['GET', 'POST']));
      // ... and took new connections: each probe came on a connection of its own.
      // The last answers closed every connection, and the process exited; nothing listens any more.
      expect(await send(url, false, 'GET', '/api/health')).toMatchObject({ error: 'ECONNREFUSED' });
    },
  );
});
