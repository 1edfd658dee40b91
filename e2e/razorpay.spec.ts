import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { FakeRazorpay } from '../src/server/test/fake-razorpay';
import { signInAdmin } from './admin-auth';
import { apiLogin, CSRF, uniqueEmail } from './helpers';

// The browser side of Razorpay. The super admin enables Razorpay with the keys
// of a local fake of Razorpay's API (the e2e server's RAZORPAY_API_BASE points at it, see
// playwright.config.ts); the browser gets a stub checkout.js from page.route whose checkout either
// pays (signed with the fake's key secret, as Razorpay signs it) or fails and is closed. Razorpay
// is disabled again after the last test, so the other specs keep paying through the test gateway.

const CHECKOUT_JS = 'https://checkout.razorpay.com/v1/checkout.js';
const DECLINE = 'Your card was declined by the bank.';
const fake = new FakeRazorpay();
let admin: { context: BrowserContext; page: Page; nextCode: (page: Page) => Promise<string> } | null = null;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  // Two-factor codes are single use: signing in and saving may wait for the next 30 s step.
  test.setTimeout(120_000);
  await fake.start(Number(process.env.E2E_RAZORPAY_PORT));
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  admin = { context, page, nextCode: await signInAdmin(page) };
  const res = await page.request.put('/api/admin/settings/payment', {
    headers: CSRF,
    data: { keyId: fake.keyId, keySecret: fake.keySecret, isEnabled: true, code: await admin.nextCode(page) },
  });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ keyId: fake.keyId, isEnabled: true, hasKeySecret: true });
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  try {
    if (admin) {
      const res = await admin.page.request.put('/api/admin/settings/payment', {
        headers: CSRF,
        data: { keyId: fake.keyId, isEnabled: false, code: await admin.nextCode(admin.page) },
      });
      expect(res.status()).toBe(200);
      expect(await res.json()).toMatchObject({ isEnabled: false });
    }
  } finally {
    await admin?.context.close();
    await fake.stop();
  }
});

/**
 * A stand-in for Razorpay's checkout.js: `window.Razorpay` keeps the options it was opened with;
 * 'pay' answers the handler with a response the test process signs, 'fail' reports a declined
 * payment and then closes the checkout, as a customer closing it after a failure does.
 */
const stubCheckout = (mode: 'pay' | 'fail') => `
(function () {
  function Razorpay(options) { this.options = options; this.failed = []; }
  Razorpay.prototype.on = function (event, cb) { if (event === 'payment.failed') this.failed.push(cb); };
  Razorpay.prototype.open = function () {
    var o = this.options, failed = this.failed;
    (window.__razorpayOpened = window.__razorpayOpened || []).push({ key: o.key, amount: o.amount, currency: o.currency, orderId: o.order_id, email: o.prefill && o.prefill.email });
    setTimeout(function () {
      if (${JSON.stringify(mode)} === 'pay') {
        window.__razorpaySign(o.order_id).then(function (response) { o.handler(response); });
      } else {
        failed.forEach(function (cb) { cb({ error: { code: 'BAD_REQUEST_ERROR', description: ${JSON.stringify(DECLINE)}, reason: 'payment_failed' } }); });
        o.modal.ondismiss();
      }
    }, 0);
  };
  window.Razorpay = Razorpay;
})();
`;

type Opened = { key: string; amount: number; currency: string; orderId: string; email: string };
const opened = (page: Page) =>
  page.evaluate(() => (window as unknown as { __razorpayOpened?: Opened[] }).__razorpayOpened ?? []);

/** A new customer, signed in, with a default address and one unit of a demo product in the cart. */
async function customerWithCart(page: Page, who: string) {
  const email = uniqueEmail(who);
  const password = 'razorpay-e2e-secret';
  const reg = await page.request.post('/api/auth/register', {
    headers: CSRF,
    data: {
      role: 'customer',
      firstName: 'Asha',
      lastName: 'Nair',
      phoneNumber: '9840012345',
      email,
      password,
      confirmPassword: password,
    },
  });
  expect(reg.status()).toBe(201);
  await apiLogin(page.request, email, password);
  const address = await page.request.post('/api/addresses', {
    headers: CSRF,
    data: {
      type: 'home',
      streetAddress: '12 MG Road',
      city: 'Kochi',
      state: 'Kerala',
      postalCode: '682016',
      isDefault: true,
    },
  });
  expect(address.status()).toBe(201);
  const found = await (await page.request.get('/api/products?q=face%20oil')).json();
  const product = (found.items as { id: string; stockQuantity: number; delivers: boolean }[]).find(
    (p) => p.stockQuantity > 0 && p.delivers,
  );
  expect(product).toBeDefined();
  const added = await page.request.post('/api/cart/items', {
    headers: CSRF,
    data: { productId: product!.id, quantity: 1 },
  });
  expect(added.status()).toBe(201);
  return { email, productId: product!.id };
}

const stockOf = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/products/${id}`)).json()).stockQuantity as number;
const ordersOf = async (page: Page) =>
  (await (await page.request.get('/api/orders')).json()) as { total: number; items: { id: string }[] };
const cartLines = async (page: Page) =>
  ((await (await page.request.get('/api/cart')).json()).items as { productId: string }[]).map((l) => l.productId);

async function openCheckout(page: Page) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Delivery address' })).not.toHaveValue('');
}

test('a customer pays through Razorpay checkout: the signed response is verified and exactly one order is placed', async ({
  page,
}) => {
  const { email } = await customerWithCart(page, 'razorpay.pay');
  // The test process signs with the fake's key secret, as Razorpay's checkout signs its response.
  await page.exposeFunction('__razorpaySign', (orderId: string) => fake.pay(orderId));
  await page.route(CHECKOUT_JS, (route) =>
    route.fulfill({ contentType: 'application/javascript', body: stubCheckout('pay') }),
  );
  const fakeOrdersBefore = fake.orders.length;

  await openCheckout(page);
  const verified = page.waitForResponse(
    (r) => r.url().endsWith('/api/payments/verify') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  expect((await verified).status()).toBe(200);
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  // The checkout was opened with the public key and the Razorpay order the server created at the fake.
  const [checkout, ...more] = await opened(page);
  expect(more).toEqual([]);
  const created = fake.orders.slice(fakeOrdersBefore);
  expect(created).toHaveLength(1);
  expect(checkout).toMatchObject({
    key: fake.keyId,
    orderId: created[0].id,
    amount: created[0].amount,
    currency: 'INR',
    email,
  });

  const orders = await ordersOf(page);
  expect(orders.total).toBe(1);
  expect(orders.items).toHaveLength(1);
  expect(await cartLines(page)).toEqual([]);
});

test('a Razorpay payment that fails and is then closed shows the failure, is recorded as failed and places no order', async ({
  page,
}) => {
  const { productId } = await customerWithCart(page, 'razorpay.fail');
  await page.route(CHECKOUT_JS, (route) =>
    route.fulfill({ contentType: 'application/javascript', body: stubCheckout('fail') }),
  );
  const stockBefore = await stockOf(page, productId);

  await openCheckout(page);
  const failed = page.waitForResponse(
    (r) => /\/api\/payments\/[^/]+\/fail$/.test(r.url()) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  const message = `Payment failed: ${DECLINE.replace(/\.$/, '')}. Please try again.`;
  await expect(page.getByText(message)).toBeVisible();

  // The browser reported the failure with the provider's reason, and the server recorded it as failed.
  const res = await failed;
  expect(res.request().postDataJSON()).toEqual({ reason: 'failed', detail: DECLINE });
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'failed', message });

  // Still on checkout, ready for another try; the held unit is back on sale, nothing was ordered.
  await expect(page.getByRole('button', { name: /^Pay ₹/ })).toBeEnabled();
  expect(await opened(page)).toHaveLength(1);
  expect(await stockOf(page, productId)).toBe(stockBefore);
  expect((await ordersOf(page)).total).toBe(0);
  expect(await cartLines(page)).toEqual([productId]);
});

test("when Razorpay's checkout script does not load, the customer is told and no order is placed", async ({ page }) => {
  const { productId } = await customerWithCart(page, 'razorpay.noscript');
  await page.route(CHECKOUT_JS, (route) => route.abort());

  await openCheckout(page);
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByText('Failed to load payment gateway')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay ₹/ })).toBeEnabled();
  expect((await ordersOf(page)).total).toBe(0);
  expect(await cartLines(page)).toEqual([productId]);
});
