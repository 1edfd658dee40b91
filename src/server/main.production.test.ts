import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkoutMessages } from '../contracts/checkout.contract';
import { noGatewayWarning } from './modules/payments';
import { killIfRunning, startServerProcess, type ServerProcess } from './test/server-process';

// The real server (src/server/main.ts) started as an operator would in production, on the embedded
// database (a new data folder): what its log says at start, who can sign in, and what checkout does.
// The drain is off (SHUTDOWN_DRAIN_MS=0) so that each stop is quick; it does not touch what is checked.

const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(() => {
  servers.forEach(killIfRunning);
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-production-'));
  dirs.push(dataDir);
  const server = await startServerProcess({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SHUTDOWN_DRAIN_MS: '0',
    ...env,
  });
  servers.push(server);
  return server;
}

/** A JSON call as the web app makes it (the CSRF header), with a session cookie when given. */
async function call(url: string, method: string, body?: unknown, cookie?: string) {
  const res = await fetch(url, {
    method,
    headers: {
      'x-requested-with': 'haat',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    cookie: res.headers.get('set-cookie')?.split(';')[0],
  };
}

const signIn = (url: string, email: string, password: string) =>
  call(`${url}/api/auth/login`, 'POST', { email, password });

describe('NODE_ENV=production on the embedded database', () => {
  it(
    'with nothing else set: says at start that no payment gateway is configured, loads no demo data, and nobody signs in with a published password',
    { timeout: 180_000 },
    async () => {
      const server = await start({});
      // The log is written apart from the address line: its warning may come a moment after it.
      await expect.poll(() => server.logMessages(), { timeout: 10_000 }).toContain(noGatewayWarning);
      expect(server.output()).not.toContain('Demo data loaded');
      expect(server.output()).not.toContain('Customer@123');
      expect((await signIn(server.url, 'customer@haat.test', 'Customer@123')).status).toBe(401);
      expect((await call(`${server.url}/api/products`, 'GET')).json).toMatchObject({ total: 0 });
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
    },
  );

  it(
    "with DEMO_DATA=true: names the published passwords in its log, and the demo customer's checkout is refused with 503 'Payments are not configured yet'",
    { timeout: 180_000 },
    async () => {
      const server = await start({ DEMO_DATA: 'true' });
      const demoWarning = () =>
        server.logMessages().find((m) => m.startsWith('Demo data: these accounts have the passwords published'));
      await expect.poll(demoWarning, { timeout: 10_000, message: server.output() }).toBeDefined();
      const warning = demoWarning();
      for (const published of [
        'customer@haat.test / Customer@123',
        'vendor@haat.test / Vendor@123',
        'merchant@haat.test / Merchant@123',
        'admin@haat.test / Admin@123',
        'employee@haat.test / Employee@123',
      ]) {
        expect(warning).toContain(published);
      }
      // The log is written apart from the address line: its warning may come a moment after it.
      await expect.poll(() => server.logMessages(), { timeout: 10_000 }).toContain(noGatewayWarning);

      const signedIn = await signIn(server.url, 'customer@haat.test', 'Customer@123');
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.cookie!;
      // Sharma Electronics' products: it has a GSTIN, so it delivers to either of her addresses (the other demo shops have none and deliver only within their states).
      const products = (
        (await call(`${server.url}/api/products?pageSize=100`, 'GET')).json.items as { id: string; storeName: string }[]
      ).filter((p) => p.storeName === 'Sharma Electronics');
      const addresses = (await call(`${server.url}/api/addresses`, 'GET', undefined, cookie)).json as unknown as
        { id: string }[] | { items: { id: string }[] };
      const addressId = (Array.isArray(addresses) ? addresses : addresses.items)[0].id;
      // The first of them that goes into the cart as it is (no size or colour to choose).
      let added = false;
      for (const p of products) {
        if (
          (await call(`${server.url}/api/cart/items`, 'POST', { productId: p.id, quantity: 1 }, cookie)).status < 300
        ) {
          added = true;
          break;
        }
      }
      expect(added).toBe(true);
      const summary = (await call(`${server.url}/api/checkout/summary`, 'GET', undefined, cookie)).json as {
        gateway: string;
        amounts: { totalPaise: number };
      };
      expect(summary).toMatchObject({ gateway: 'none' });
      // The total the customer saw, as the checkout page sends it with Pay.
      const checkout = await call(
        `${server.url}/api/checkout`,
        'POST',
        { addressId, pointsToUse: 0, expectedTotalPaise: summary.amounts.totalPaise },
        cookie,
      );
      expect(checkout.status).toBe(503);
      expect(checkout.json).toEqual({
        error: expect.objectContaining({ code: 'UNAVAILABLE', message: checkoutMessages.paymentsNotConfigured }),
      });
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
    },
  );
});
