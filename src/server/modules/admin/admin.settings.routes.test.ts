import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { freshCode, signInSuperAdmin, spentCode } from '../../test/admin';
import { FakeRazorpay } from '../../test/fake-razorpay';
import { paymentGatewaySettings } from '../payments/payments.tables';

// Issue 8, points 7 and 10: the Settings tab's referral thresholds and payment gateway, saved with a fresh code; the connection test is a real call.

let t: TestApp;
let admin: TestClient;
let secret: string;
let rzp: FakeRazorpay;
let env: Record<string, string>;

beforeAll(async () => {
  rzp = new FakeRazorpay();
  env = { RAZORPAY_API_BASE: await rzp.start(), APP_SECRET: 'a-test-app-secret-that-is-32-characters-long' };
  t = await buildTestApp(env);
  ({ client: admin, secret } = await signInSuperAdmin(t));
});
afterAll(async () => {
  await t.close();
  await rzp.stop();
});

describe('referral settings', () => {
  it("start at SPEC.md's defaults and are saved only with a fresh code, validated on the server", async () => {
    expect((await admin.get('/api/admin/settings/referral')).json()).toEqual({ minTransactions: 5, minTransactionVolume: 500, referralPointsAwarded: 100 });
    const body = { minTransactions: 3, minTransactionVolume: 1500, referralPointsAwarded: 250 };
    expect((await admin.put('/api/admin/settings/referral', body)).statusCode).toBe(401);
    expect((await admin.put('/api/admin/settings/referral', { ...body, code: '000000' })).statusCode).toBe(403);
    expect((await admin.put('/api/admin/settings/referral', { ...body, code: await spentCode(t, secret) })).statusCode).toBe(403);
    expect((await admin.get('/api/admin/settings/referral')).json().minTransactions).toBe(5);

    const bad = await admin.put('/api/admin/settings/referral', { minTransactions: 0, minTransactionVolume: -1, referralPointsAwarded: 1.5, code: await freshCode(t, secret) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ minTransactions: 'Minimum transactions must be at least 1', minTransactionVolume: 'Minimum transaction volume must be at least 0', referralPointsAwarded: 'Referral points must be a whole number' });

    const ok = await admin.put('/api/admin/settings/referral', { ...body, code: await freshCode(t, secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual(body);
    expect((await admin.get('/api/admin/settings/referral')).json()).toEqual(body);
    expect((await admin.get('/api/admin/audit?action=referral_settings_updated')).json().total).toBe(1);
  });
});

describe('payment gateway settings', () => {
  it('keep the secrets on the server, encrypted, and never send them back', async () => {
    expect((await admin.get('/api/admin/settings/payment')).json()).toEqual({ keyId: null, isEnabled: false, hasKeySecret: false, hasWebhookSecret: false });
    const noSecret = await admin.put('/api/admin/settings/payment', { keyId: rzp.keyId, isEnabled: true, code: await freshCode(t, secret) });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().error.message).toBe('Please enter both Key ID and Secret');

    const res = await admin.put('/api/admin/settings/payment', { keyId: rzp.keyId, keySecret: rzp.keySecret, webhookSecret: rzp.webhookSecret, isEnabled: true, code: await freshCode(t, secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ keyId: rzp.keyId, isEnabled: true, hasKeySecret: true, hasWebhookSecret: true });
    expect(res.body).not.toContain(rzp.keySecret);
    const [row] = await t.db.select().from(paymentGatewaySettings).where(eq(paymentGatewaySettings.id, 1));
    expect(row.keySecretEncrypted).not.toContain(rzp.keySecret);
    expect(row.webhookSecretEncrypted).not.toContain(rzp.webhookSecret);

    // A blank secret keeps the stored one.
    const keep = await admin.put('/api/admin/settings/payment', { keyId: rzp.keyId, keySecret: '', isEnabled: false, code: await freshCode(t, secret) });
    expect(keep.json()).toEqual({ keyId: rzp.keyId, isEnabled: false, hasKeySecret: true, hasWebhookSecret: true });
    const audit = (await admin.get('/api/admin/audit?action=gateway_settings_updated')).json() as { items: { newData: string }[] };
    expect(audit.items).toHaveLength(2);
    for (const e of audit.items) expect(e.newData).not.toContain(rzp.keySecret);
  });

  it('tests the connection with a real authenticated call to Razorpay, with the stored or the typed keys', async () => {
    // An app of its own, whose keys are stored here: the test above starts from none stored.
    const c = await buildTestApp(env);
    try {
      const { client, secret: cSecret } = await signInSuperAdmin(c, '10.200.4.1');
      const saved = await client.put('/api/admin/settings/payment', { keyId: rzp.keyId, keySecret: rzp.keySecret, webhookSecret: rzp.webhookSecret, isEnabled: false, code: await freshCode(c, cSecret) });
      expect(saved.statusCode, saved.body).toBe(200);
      const before = rzp.unauthorized;
      expect((await client.post('/api/admin/settings/payment/test', {})).json()).toEqual({ ok: true, message: 'Connection test successful!' });
      expect((await client.post('/api/admin/settings/payment/test', { keyId: rzp.keyId, keySecret: 'not-the-secret' })).json()).toEqual({ ok: false, message: 'Connection test failed. Please check your credentials.' });
      expect(rzp.unauthorized).toBe(before + 1);
    } finally {
      await c.close();
    }
  });

  it('is closed to everyone without the admin session', async () => {
    const guest = new TestClient(t.app, '10.7.0.1');
    expect((await guest.get('/api/admin/settings/payment')).statusCode).toBe(401);
    expect((await guest.post('/api/admin/settings/payment/test', {})).statusCode).toBe(401);
    expect((await guest.put('/api/admin/settings/referral', { minTransactions: 1, minTransactionVolume: 0, referralPointsAwarded: 0, code: '123456' })).statusCode).toBe(401);
  });
});
