import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSummary } from '../../../contracts/checkout.contract';
import { codMessages } from '../../../domain/cod';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { freshCode, SECOND_ADMIN, signInSuperAdmin, spentCode } from '../../test/admin';
import { createCategory } from '../../test/catalog-factories';
import { fillCart, newShopper, twoShops } from '../../test/checkout-fixtures';
import { FakeRazorpay } from '../../test/fake-razorpay';
import { customerInput, registerAndLogin } from '../../test/factories';
import { paymentGatewaySettings } from '../payments/payments.tables';

// The Settings tab's referral thresholds and payment gateway, saved with a fresh code; the connection
// test is a real call.
// Cash on delivery's order value limit and excluded categories, saved the same way.

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
    expect((await admin.get('/api/admin/settings/referral')).json()).toEqual({
      minTransactions: 5,
      minTransactionVolume: 500,
      referralPointsAwarded: 100,
    });
    const body = { minTransactions: 3, minTransactionVolume: 1500, referralPointsAwarded: 250 };
    expect((await admin.put('/api/admin/settings/referral', body)).statusCode).toBe(401);
    expect((await admin.put('/api/admin/settings/referral', { ...body, code: '000000' })).statusCode).toBe(403);
    expect(
      (await admin.put('/api/admin/settings/referral', { ...body, code: await spentCode(t, secret) })).statusCode,
    ).toBe(403);
    expect((await admin.get('/api/admin/settings/referral')).json().minTransactions).toBe(5);

    const bad = await admin.put('/api/admin/settings/referral', {
      minTransactions: 0,
      minTransactionVolume: -1,
      referralPointsAwarded: 1.5,
      code: await freshCode(t, secret),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      minTransactions: 'Minimum transactions must be at least 1',
      minTransactionVolume: 'Minimum transaction volume must be at least 0',
      referralPointsAwarded: 'Referral points must be a whole number',
    });

    const ok = await admin.put('/api/admin/settings/referral', { ...body, code: await freshCode(t, secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual(body);
    expect((await admin.get('/api/admin/settings/referral')).json()).toEqual(body);
    expect((await admin.get('/api/admin/audit?action=referral_settings_updated')).json().total).toBe(1);
  });
});

describe('payment gateway settings', () => {
  it('keep the secrets on the server, encrypted, and never send them back', async () => {
    expect((await admin.get('/api/admin/settings/payment')).json()).toEqual({
      keyId: null,
      isEnabled: false,
      hasKeySecret: false,
      hasWebhookSecret: false,
    });
    const noSecret = await admin.put('/api/admin/settings/payment', {
      keyId: rzp.keyId,
      isEnabled: true,
      code: await freshCode(t, secret),
    });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().error.message).toBe('Please enter both Key ID and Secret');

    const res = await admin.put('/api/admin/settings/payment', {
      keyId: rzp.keyId,
      keySecret: rzp.keySecret,
      webhookSecret: rzp.webhookSecret,
      isEnabled: true,
      code: await freshCode(t, secret),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ keyId: rzp.keyId, isEnabled: true, hasKeySecret: true, hasWebhookSecret: true });
    expect(res.body).not.toContain(rzp.keySecret);
    const [row] = await t.db.select().from(paymentGatewaySettings).where(eq(paymentGatewaySettings.id, 1));
    expect(row.keySecretEncrypted).not.toContain(rzp.keySecret);
    expect(row.webhookSecretEncrypted).not.toContain(rzp.webhookSecret);

    // A blank secret keeps the stored one.
    const keep = await admin.put('/api/admin/settings/payment', {
      keyId: rzp.keyId,
      keySecret: '',
      isEnabled: false,
      code: await freshCode(t, secret),
    });
    expect(keep.json()).toEqual({ keyId: rzp.keyId, isEnabled: false, hasKeySecret: true, hasWebhookSecret: true });
    const audit = (await admin.get('/api/admin/audit?action=gateway_settings_updated')).json() as {
      items: { newData: string }[];
    };
    expect(audit.items).toHaveLength(2);
    for (const e of audit.items) expect(e.newData).not.toContain(rzp.keySecret);
  });

  it('tests the connection with a real authenticated call to Razorpay, with the stored or the typed keys', async () => {
    // An app of its own, whose keys are stored here: the test above starts from none stored.
    const c = await buildTestApp(env);
    try {
      const { client, secret: cSecret } = await signInSuperAdmin(c, '10.200.4.1');
      const saved = await client.put('/api/admin/settings/payment', {
        keyId: rzp.keyId,
        keySecret: rzp.keySecret,
        webhookSecret: rzp.webhookSecret,
        isEnabled: false,
        code: await freshCode(c, cSecret),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const before = rzp.unauthorized;
      expect((await client.post('/api/admin/settings/payment/test', {})).json()).toEqual({
        ok: true,
        message: 'Connection test successful!',
      });
      expect(
        (
          await client.post('/api/admin/settings/payment/test', { keyId: rzp.keyId, keySecret: 'not-the-secret' })
        ).json(),
      ).toEqual({ ok: false, message: 'Connection test failed. Please check your credentials.' });
      expect(rzp.unauthorized).toBe(before + 1);
    } finally {
      await c.close();
    }
  });

  it('is closed to everyone without the admin session', async () => {
    const guest = new TestClient(t.app, '10.7.0.1');
    expect((await guest.get('/api/admin/settings/payment')).statusCode).toBe(401);
    expect((await guest.post('/api/admin/settings/payment/test', {})).statusCode).toBe(401);
    expect(
      (
        await guest.put('/api/admin/settings/referral', {
          minTransactions: 1,
          minTransactionVolume: 0,
          referralPointsAwarded: 0,
          code: '123456',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('cash on delivery settings', () => {
  // An admin of its own: the wrong codes other tests of this file send count against the first admin's attempts.
  let admin: TestClient;
  let secret: string;
  beforeAll(async () => {
    ({ client: admin, secret } = await signInSuperAdmin(t, '10.200.6.1', SECOND_ADMIN));
  });
  const codOf = async (client: TestClient) =>
    ((await client.get('/api/checkout/summary')).json() as CheckoutSummary).cod;

  it('start at ₹10,000 and no excluded category, are saved only with a fresh code and audited, and checkout follows them', async () => {
    // As on a fresh install, whatever the file's other tests saved before this one.
    await queryRows(t.db, sql`delete from cod_excluded_categories`);
    await queryRows(t.db, sql`delete from cod_settings`);
    const auditedBefore = (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from system_logs where action = 'cod_settings_updated'`,
      )
    )[0].n;
    const shops = await twoShops(t, { codA: true, codB: true });
    const other = await createCategory(t.db);
    const start = (await admin.get('/api/admin/settings/cod')).json();
    expect(start).toMatchObject({ limit: 10_000, excludedCategoryIds: [] });
    expect(start.categories).toEqual(
      expect.arrayContaining([
        { id: shops.category.id, name: shops.category.name },
        { id: other.id, name: other.name },
      ]),
    );

    // ₹600 + ₹450: within the default limit, both shops offer it.
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shops.a.id }, { productId: shops.b.id }]);
    expect(await codOf(s.client)).toEqual({ available: true, reasons: [], limitPaise: 1_000_000 });

    const body = { limit: 1000, excludedCategoryIds: [shops.category.id] };
    expect((await admin.put('/api/admin/settings/cod', body)).statusCode).toBe(401);
    expect((await admin.put('/api/admin/settings/cod', { ...body, code: '000000' })).statusCode).toBe(403);
    expect(
      (await admin.put('/api/admin/settings/cod', { ...body, code: await spentCode(t, secret, SECOND_ADMIN) }))
        .statusCode,
    ).toBe(403);
    expect((await admin.get('/api/admin/settings/cod')).json()).toMatchObject({
      limit: 10_000,
      excludedCategoryIds: [],
    });

    const saved = await admin.put('/api/admin/settings/cod', { ...body, code: await freshCode(t, secret) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(body);
    expect((await admin.get('/api/admin/settings/cod')).json()).toMatchObject(body);
    const audit = await queryRows<{ actor_type: string; resource_type: string; new_data: unknown }>(
      t.db,
      sql`select actor_type, resource_type, new_data from system_logs where action = 'cod_settings_updated' order by created_at`,
    );
    expect(audit.slice(auditedBefore)).toEqual([
      { actor_type: 'admin', resource_type: 'cod_settings', new_data: body },
    ]);

    // The same cart: above ₹1,000, and both products are of the excluded category.
    expect(await codOf(s.client)).toEqual({
      available: false,
      reasons: [codMessages.aboveLimit(100_000), codMessages.excluded(['Block Print Kurta', 'Malabar Pepper 500g'])],
      limitPaise: 100_000,
    });
    expect(codMessages.aboveLimit(100_000)).toBe('Cash on delivery is available for orders up to ₹1,000');

    // Paise are kept; the category can be let in again.
    const again = await admin.put('/api/admin/settings/cod', {
      limit: '1500.50',
      excludedCategoryIds: [other.id],
      code: await freshCode(t, secret),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ limit: 1500.5, excludedCategoryIds: [other.id] });
    expect(await codOf(s.client)).toEqual({ available: true, reasons: [], limitPaise: 150_050 });
  });

  it('refuses a bad limit or an unknown category on its field, and the code is not spent', async () => {
    const before = (await admin.get('/api/admin/settings/cod')).json();
    const code = await freshCode(t, secret);
    const bad = await admin.put('/api/admin/settings/cod', {
      limit: -1,
      excludedCategoryIds: ['not-a-category'],
      code,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      limit: 'The order value limit cannot be negative',
      excludedCategoryIds: 'Choose the excluded categories from the list',
    });
    const fields = async (limit: unknown) =>
      (await admin.put('/api/admin/settings/cod', { limit, excludedCategoryIds: [], code })).json().error.fields;
    expect(await fields(10.005)).toEqual({ limit: 'Use at most two decimal places' });
    expect(await fields(100_000_000.01)).toEqual({ limit: 'The order value limit can be at most ₹10,00,00,000' });
    expect(await fields('')).toEqual({ limit: 'Enter the order value limit' });
    expect(await fields('ten')).toEqual({ limit: 'The order value limit must be a number' });

    const unknown = await admin.put('/api/admin/settings/cod', {
      limit: 500,
      excludedCategoryIds: [crypto.randomUUID()],
      code,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({
      excludedCategoryIds: 'Choose the excluded categories from the list',
    });
    expect((await admin.get('/api/admin/settings/cod')).json()).toEqual(before);

    // The refusals rolled back with the code: it still works, once, at the largest limit.
    const ok = await admin.put('/api/admin/settings/cod', { limit: 100_000_000, excludedCategoryIds: [], code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().limit).toBe(100_000_000);
    expect((await admin.put('/api/admin/settings/cod', { limit: 100, code })).statusCode).toBe(403);
  });

  it('is closed to guests and customers', async () => {
    const guest = new TestClient(t.app, '10.7.0.2');
    const customer = new TestClient(t.app, '10.7.0.3');
    await registerAndLogin(customer, customerInput());
    for (const client of [guest, customer]) {
      expect((await client.get('/api/admin/settings/cod')).statusCode).toBe(401);
      expect(
        (await client.put('/api/admin/settings/cod', { limit: 0, excludedCategoryIds: [], code: '123456' })).statusCode,
      ).toBe(401);
    }
  });
});
