import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages } from '../contracts/checkout.contract';
import { loadConfig, testGatewayAllowed } from './platform/config';
import { queryRows } from './platform/db';
import {
  createPayment,
  noGatewayWarning,
  saveGatewaySettings,
  testGateway,
  testPaymentsWarning,
  warnAboutPayments,
} from './modules/payments';
import { freshCode, signInSuperAdmin, TEST_ADMIN } from './test/admin';
import { buildTestApp, TestClient, type TestApp } from './test/app';
import {
  count,
  fillCart,
  newShopper,
  payWithTestGateway,
  stockOf,
  twoShops,
  postCheckout,
} from './test/checkout-fixtures';
import { signedInEmployee } from './test/erp';
import { customerInput } from './test/factories';
import { FakeRazorpay } from './test/fake-razorpay';

// The app built with NODE_ENV=production: the payment rule (the same on PostgreSQL and on the
// embedded database), the sign-in throttle and the cookies. DATABASE_URL in the configuration says
// "on PostgreSQL"; the tests' own database is handed in as usual.

const POSTGRES = 'postgres://haat@db.internal:5432/haat';
const logged = () => {
  const lines: string[] = [];
  return { lines, log: { warn: (m: string) => lines.push(m) } };
};

/** A test gateway payment as a checkout started it before the test gateway was turned off. */
async function testPaymentStartedBefore(t: TestApp, customerUserId: string, productId: string) {
  const paymentId = crypto.randomUUID();
  const { providerOrderId } = await testGateway(t.config).createOrder();
  await createPayment(t.db, {
    id: paymentId,
    customerUserId,
    gateway: 'test',
    providerOrderId,
    amountPaise: 60000,
    checkout: { lines: [{ productId }] },
  });
  return { paymentId, providerOrderId };
}

describe('which gateway may take payments', () => {
  it('the test gateway works in development and in tests; in production, whatever the database, only with PAYMENTS_TEST_MODE=true', () => {
    expect(testGatewayAllowed(loadConfig({}))).toBe(true);
    expect(testGatewayAllowed(loadConfig({ DATABASE_URL: POSTGRES }))).toBe(true);
    expect(testGatewayAllowed(loadConfig({ NODE_ENV: 'test', DATABASE_URL: POSTGRES }))).toBe(true);
    expect(testGatewayAllowed(loadConfig({ NODE_ENV: 'production' }))).toBe(false);
    expect(testGatewayAllowed(loadConfig({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' }))).toBe(true);
    expect(testGatewayAllowed(loadConfig({ NODE_ENV: 'production', DATABASE_URL: POSTGRES }))).toBe(false);
    expect(
      testGatewayAllowed(loadConfig({ NODE_ENV: 'production', DATABASE_URL: POSTGRES, PAYMENTS_TEST_MODE: 'false' })),
    ).toBe(false);
    expect(
      testGatewayAllowed(loadConfig({ NODE_ENV: 'production', DATABASE_URL: POSTGRES, PAYMENTS_TEST_MODE: 'true' })),
    ).toBe(true);
    expect(() => loadConfig({ PAYMENTS_TEST_MODE: 'maybe' })).toThrow(
      'Configuration error: PAYMENTS_TEST_MODE must be true or false',
    );
  });
});

describe('the demo data (accounts with published passwords)', () => {
  it('is loaded into an empty database in development (npm start) and tests; in production only with DEMO_DATA=true (or its older name SEED_DEMO)', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: POSTGRES }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'maybe' })).toThrow(
      'Configuration error: SEED_DEMO must be true or false',
    );
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_DATA: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true', SEED_DEMO: 'yes' }).SEED_DEMO).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true', SEED_DEMO: 'false' })).toThrow(
      'DEMO_DATA and SEED_DEMO (its older name) disagree',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'maybe' })).toThrow(
      'Configuration error: DEMO_DATA must be true or false',
    );
  });
});

describe('production on PostgreSQL with no payment gateway', () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  beforeAll(async () => {
    rzp = new FakeRazorpay();
    t = await buildTestApp({
      NODE_ENV: 'production',
      DATABASE_URL: POSTGRES,
      RAZORPAY_API_BASE: await rzp.start(),
      APP_SECRET: 'a-production-test-secret-of-32-characters',
    });
  });
  afterAll(async () => {
    await t.close();
    await rzp.stop();
  });

  it("answers 503 'Payments are not configured yet. Please try again later.' at checkout, and places, holds and charges nothing", async () => {
    const shop = await twoShops(t, { stockA: 5 });
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.a.id, quantity: 2 }]);
    expect((await s.client.get('/api/checkout/summary')).json()).toMatchObject({ gateway: 'none' });

    const res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Payments are not configured yet. Please try again later.');
    expect(await count(t, sql`select count(*)::int as n from payments where customer_id = ${s.userId}`)).toBe(0);
    expect(await count(t, sql`select count(*)::int as n from orders where customer_id = ${s.userId}`)).toBe(0);
    expect(await count(t, sql`select count(*)::int as n from stock_holds where product_id = ${shop.a.id}`)).toBe(0);
    expect(await stockOf(t, shop.a.id)).toBe(5);
    expect((await s.client.get('/api/cart')).json().items).toHaveLength(1);
    const { lines, log } = logged();
    expect(await warnAboutPayments({ db: t.db, config: t.config, log })).toBe('no-gateway');
    expect(lines).toEqual([noGatewayWarning]);
  });

  it('refuses to sign or confirm a test payment started before, so a test order can never be paid for free', async () => {
    const shop = await twoShops(t);
    const s = await newShopper(t);
    const { paymentId, providerOrderId } = await testPaymentStartedBefore(t, s.userId, shop.a.id);
    const pay = await s.client.post(`/api/payments/${paymentId}/test-pay`);
    expect(pay.statusCode, pay.body).toBe(503);
    expect(pay.json().error.message).toBe(checkoutMessages.paymentsNotConfigured);
    // A signature made with the test gateway's own key is refused as well.
    const forged = testGateway(t.config).pay(providerOrderId);
    const verify = await s.client.post('/api/payments/verify', { paymentId, providerOrderId, ...forged });
    expect(verify.statusCode, verify.body).toBe(503);
    expect(verify.json().error.message).toBe(checkoutMessages.paymentsNotConfigured);
    expect(await count(t, sql`select count(*)::int as n from orders where payment_id = ${paymentId}`)).toBe(0);
  });

  it('takes payments through Razorpay once it is enabled, with no warning', async () => {
    await saveGatewaySettings(t.db, t.config, {
      keyId: rzp.keyId,
      keySecret: rzp.keySecret,
      webhookSecret: rzp.webhookSecret,
      isEnabled: true,
    });
    try {
      const shop = await twoShops(t);
      const s = await newShopper(t);
      await fillCart(s, [{ productId: shop.b.id }]);
      expect((await s.client.get('/api/checkout/summary')).json()).toMatchObject({ gateway: 'razorpay' });
      const res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'payment_required', gateway: 'razorpay' });
      const { lines, log } = logged();
      expect(await warnAboutPayments({ db: t.db, config: t.config, log })).toBeNull();
      expect(lines).toEqual([]);
    } finally {
      await saveGatewaySettings(t.db, t.config, { keyId: rzp.keyId, isEnabled: false });
    }
  });
});

describe('production on PostgreSQL with PAYMENTS_TEST_MODE=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'production', DATABASE_URL: POSTGRES, PAYMENTS_TEST_MODE: 'true' });
  });
  afterAll(() => t.close());

  it('warns at start that the test gateway is taking payments', async () => {
    const { lines, log } = logged();
    expect(await warnAboutPayments({ db: t.db, config: t.config, log })).toBe('test-gateway');
    expect(lines).toEqual([testPaymentsWarning]);
  });

  it('tells the customer at checkout, and marks the order as a test payment for the customer, the vendor and the super admin', async () => {
    const shop = await twoShops(t);
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.a.id }]);
    expect((await s.client.get('/api/checkout/summary')).json()).toMatchObject({ gateway: 'test' });
    const c = (await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 })).json();
    const placed = await payWithTestGateway(s, c);
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().orderId;

    expect((await s.client.get(`/api/orders/${orderId}`)).json()).toMatchObject({
      id: orderId,
      paymentStatus: 'paid',
      testPayment: true,
    });

    const vendor = new TestClient(t.app, '10.70.0.2');
    expect(
      (await vendor.post('/api/auth/login', { email: shop.vendorA.email, password: 'secret123' })).statusCode,
    ).toBe(200);
    const parts = (await vendor.get('/api/vendor/orders')).json().items as { orderId: string; testPayment: boolean }[];
    expect(parts.find((p) => p.orderId === orderId)).toMatchObject({ testPayment: true });

    const { client: admin } = await signInSuperAdmin(t, '10.70.0.3');
    const rows = (await admin.get(`/api/admin/orders?q=${encodeURIComponent(s.email)}`)).json().items as {
      id: string;
      testPayment: boolean;
    }[];
    expect(rows).toEqual([expect.objectContaining({ id: orderId, testPayment: true })]);
    const csv = (await admin.get(`/api/admin/orders/export?q=${encodeURIComponent(s.email)}`)).body;
    expect(csv.split('\n')[0]).toContain(',payment_status,test_payment,created_at');
    expect(csv.split('\n')[1]).toContain(',paid,yes,');
  });
});

describe('production on the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it("without PAYMENTS_TEST_MODE, says at start that no gateway is configured, and checkout answers 503 'Payments are not configured yet' and places nothing", async () => {
    const { lines, log } = logged();
    expect(await warnAboutPayments({ db: t.db, config: t.config, log })).toBe('no-gateway');
    expect(lines).toEqual([noGatewayWarning]);
    const shop = await twoShops(t, { stockA: 3 });
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.a.id }]);
    expect((await s.client.get('/api/checkout/summary')).json()).toMatchObject({ gateway: 'none' });
    const res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(checkoutMessages.paymentsNotConfigured);
    expect(await count(t, sql`select count(*)::int as n from payments where customer_id = ${s.userId}`)).toBe(0);
    expect(await count(t, sql`select count(*)::int as n from orders where customer_id = ${s.userId}`)).toBe(0);
    expect(await stockOf(t, shop.a.id)).toBe(3);
  });

  it('refuses to sign a test payment started before, so no order is placed through the test gateway', async () => {
    const shop = await twoShops(t);
    const s = await newShopper(t);
    const { paymentId } = await testPaymentStartedBefore(t, s.userId, shop.a.id);
    const pay = await s.client.post(`/api/payments/${paymentId}/test-pay`);
    expect(pay.statusCode, pay.body).toBe(503);
    expect(pay.json().error.message).toBe(checkoutMessages.paymentsNotConfigured);
    expect(await count(t, sql`select count(*)::int as n from orders where payment_id = ${paymentId}`)).toBe(0);
  });

  it('throttles failed sign-ins with 429 after LOGIN_MAX_FAILURES', async () => {
    const input = customerInput();
    const c = new TestClient(t.app, '10.71.0.1');
    await c.post('/api/auth/register', input);
    const codes: number[] = [];
    for (let i = 0; i <= t.config.LOGIN_MAX_FAILURES; i++)
      codes.push((await c.post('/api/auth/login', { email: input.email, password: `wrong-${i}-password` })).statusCode);
    expect(codes).toEqual([...Array(t.config.LOGIN_MAX_FAILURES).fill(401), 429]);
    // Even the right password is refused while the throttle lasts.
    expect((await c.post('/api/auth/login', { email: input.email, password: input.password })).statusCode).toBe(429);
  });

  it('sets every session cookie (customer, super admin, employee) httpOnly, SameSite=Lax and Secure', async () => {
    const input = customerInput();
    const c = new TestClient(t.app, '10.71.0.2');
    await c.post('/api/auth/register', input);
    const cookies = [
      String((await c.post('/api/auth/login', { email: input.email, password: input.password })).headers['set-cookie']),
    ];
    const { secret } = await signInSuperAdmin(t, '10.71.0.3');
    const admin = new TestClient(t.app, '10.71.0.4');
    expect((await admin.post('/api/admin/login', TEST_ADMIN)).json()).toEqual({ next: '2fa' });
    cookies.push(
      String((await admin.post('/api/admin/2fa/verify', { code: await freshCode(t, secret) })).headers['set-cookie']),
    );
    const employee = await signedInEmployee(t);
    const erp = new TestClient(t.app, '10.71.0.5');
    cookies.push(
      String(
        (await erp.post('/api/erp/login', { email: employee.email, password: 'secret123' })).headers['set-cookie'],
      ),
    );
    expect(cookies[0]).toMatch(/^haat_session=/);
    expect(cookies[1]).toMatch(/(^|,)haat_admin_session=[^;,]+;/);
    expect(cookies[2]).toMatch(/^haat_erp_session=/);
    for (const cookie of cookies) {
      // Only the session cookie itself (the admin's answer also clears its pending sign-in cookie).
      expect(cookie).toMatch(/haat_(admin_|erp_)?session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax/i);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
    }
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says which proxy to believe', async () => {
    const input = customerInput();
    await new TestClient(t.app, '10.71.0.6').post('/api/auth/register', input);
    const codes: number[] = [];
    for (let i = 0; i <= t.config.LOGIN_MAX_FAILURES; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.71.0.7',
        headers: { 'x-requested-with': 'haat', 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { email: input.email, password: 'wrong-password' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.at(-1)).toBe(429);
    expect(t.config.TRUST_PROXY).toBe(false);
  });
});

describe('production on the embedded database with PAYMENTS_TEST_MODE=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' });
  });
  afterAll(() => t.close());

  it('takes a test payment end to end, warns at start, and the order is marked as a test payment', async () => {
    const { lines, log } = logged();
    expect(await warnAboutPayments({ db: t.db, config: t.config, log })).toBe('test-gateway');
    expect(lines).toEqual([testPaymentsWarning]);
    const shop = await twoShops(t);
    const s = await newShopper(t);
    await fillCart(s, [{ productId: shop.b.id }]);
    const c = (await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 })).json();
    const placed = await payWithTestGateway(s, c);
    expect(placed.statusCode).toBe(200);
    const [order] = await queryRows<{ test_payment: boolean }>(
      t.db,
      sql`select test_payment from orders where id = ${placed.json().orderId}`,
    );
    expect(order.test_payment).toBe(true);
  });
});
