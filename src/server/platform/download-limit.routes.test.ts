import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { isDownloadRoute } from './download-limit';
import { buildTestApp, TestClient, type TestApp } from '../test/app';
import { registerAndLogin, vendorInput } from '../test/factories';

// Downloads (tax document PDFs, CSV reports, exports) are limited per account and minute: a burst of
// them costs the server, so one account past DOWNLOADS_PER_MINUTE is answered 429 with Retry-After.

let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await buildTestApp({ DOWNLOADS_PER_MINUTE: '3' });
});
afterAll(() => t.close());

async function newVendor(): Promise<TestClient> {
  // Every vendor from the same address: the limit is the account's, not the address's.
  const client = new TestClient(t.app, `10.131.0.${(ip++ % 250) + 1}`);
  await registerAndLogin(client, vendorInput());
  return client;
}

describe('the download limit', () => {
  it('allows DOWNLOADS_PER_MINUTE downloads an account a minute, all download routes together, then 429 with Retry-After', async () => {
    const vendor = await newVendor();
    expect((await vendor.get('/api/vendor/earnings.csv')).statusCode).toBe(200);
    expect((await vendor.get('/api/vendor/earnings.csv')).statusCode).toBe(200);
    // A PDF counts too (this one is unknown: 404, counted all the same).
    expect(
      (await vendor.get('/api/vendor/earnings/commission-invoices/00000000-0000-4000-8000-000000000000.pdf'))
        .statusCode,
    ).toBe(404);
    const refused = await vendor.get('/api/vendor/earnings.csv');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.json().error.message).toMatch(/^Too many downloads in a minute/);
    // Pages that are not downloads are not limited.
    expect((await vendor.get('/api/vendor/earnings')).statusCode).toBe(200);
    // Another account is counted on its own.
    expect((await (await newVendor()).get('/api/vendor/earnings.csv')).statusCode).toBe(200);
  });

  it('knows a download by its address, and allows 60 a minute unless set', () => {
    expect(isDownloadRoute('/api/orders/:orderId/documents/:documentId.pdf')).toBe(true);
    expect(isDownloadRoute('/api/vendor/earnings.csv')).toBe(true);
    expect(isDownloadRoute('/api/admin/reports/tcs/export')).toBe(true);
    expect(isDownloadRoute('/api/orders/:orderId/documents')).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).DOWNLOADS_PER_MINUTE).toBe(60);
  });
});
