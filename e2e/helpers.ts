import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The header every state-changing API call carries (the server's CSRF check). */
export const CSRF = { 'x-requested-with': 'haat' };

let n = 0;
/** A unique email for one run. */
export const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}${n++}@example.in`;

/** No serious or critical accessibility violations on the current page (axe-core). */
export async function expectAccessible(page: Page) {
  // A toast fading in or out is half transparent for 0.4 s, and axe would judge its contrast at that
  // moment. Wait for the state a person sees once it settles: every toast mounted and not leaving (the
  // toaster sets data-mounted / data-removed a frame after the change), each toast and part wholly
  // shown or hidden, and no transition or finite animation running. Reading the computed styles
  // first flushes pending style changes, so a transition that has just been triggered is among the
  // page's animations when they are read.
  await page.waitForFunction(() => {
    const toasts = [...document.querySelectorAll('[data-sonner-toast]')];
    if (toasts.some((t) => t.getAttribute('data-mounted') !== 'true' || t.getAttribute('data-removed') === 'true'))
      return false;
    const settled = [...document.querySelectorAll('[data-sonner-toast], [data-sonner-toast] *')].every((el) =>
      ['0', '1'].includes(getComputedStyle(el).opacity),
    );
    const still = document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
    return settled && still;
  });
  // A toast whose time runs out while axe is reading the page (about a second) would start fading
  // then: for the reading, a leaving toast is hidden at once instead of fading.
  const quietToasts = await page.addStyleTag({
    content:
      '[data-sonner-toast], [data-sonner-toast] * { transition: none !important; animation: none !important } [data-sonner-toast][data-removed="true"] { visibility: hidden !important }',
  });
  const results = await new AxeBuilder({ page }).analyze();
  await quietToasts.evaluate((el) => el.parentNode?.removeChild(el));
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((x) => x.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Signs in through the API (for set-up steps that are not the subject of the test). */
export async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/login', { headers: CSRF, data: { email, password } });
  expect(res.status()).toBe(200);
  return res.json();
}

/**
 * POST /api/checkout as the checkout page sends it: what the customer chose and the total the
 * checkout summary shows for it now (the server charges only that total).
 */
export async function checkoutAsShown(
  request: APIRequestContext,
  data: { addressId: string; pointsToUse?: number; paymentMethod?: 'online' | 'cod' },
) {
  const summary = await request.get(`/api/checkout/summary?pointsToUse=${data.pointsToUse ?? 0}`);
  expect(summary.status(), await summary.text()).toBe(200);
  const { amounts } = (await summary.json()) as { amounts: { totalPaise: number } };
  return request.post('/api/checkout', { headers: CSRF, data: { ...data, expectedTotalPaise: amounts.totalPaise } });
}

/**
 * A new customer of their own, signed in on `request`, with a default address and at least `points`
 * available points, earned on an order that the demo vendor delivered (the e2e server's return window
 * is 0 days, so the wallet releases them at once). Journeys that spend points use this instead of the
 * demo customer, whose balance other specs also touch.
 */
export async function customerWithPoints(request: APIRequestContext, vendorRequest: APIRequestContext, points: number) {
  const email = uniqueEmail('shopper');
  const password = 'Shopper-Secret-1';
  const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Record<string, string>> => {
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()) as Record<string, string>;
  };
  await ok(
    await request.post('/api/auth/register', {
      headers: CSRF,
      data: {
        role: 'customer',
        firstName: 'Asha',
        lastName: 'Verma',
        phoneNumber: '9847022233',
        email,
        password,
        confirmPassword: password,
      },
    }),
  );
  await apiLogin(request, email, password);
  // In Kochi: the journeys buy from Kerala Wellness too, which has no GSTIN and so delivers only within Kerala.
  const address = await ok(
    await request.post('/api/addresses', {
      headers: CSRF,
      data: {
        type: 'home',
        streetAddress: '12 MG Road',
        city: 'Kochi',
        state: 'Kerala',
        postalCode: '682016',
        isDefault: true,
      },
    }),
  );
  // The demo vendor's (Sharma Electronics) product that earns the most points per unit; points are earned on
  // what is paid, so at its offer price when another story left a promotion on it.
  type Card = { id: string; storeName: string; pointsEarned: number; stockQuantity: number; delivers: boolean };
  const { items } = (await (await request.get('/api/products?sort=price-high&pageSize=100')).json()) as {
    items: (Card & { offer?: { pointsEarned: number } | null })[];
  };
  const earned = (p: (typeof items)[number]) => p.offer?.pointsEarned ?? p.pointsEarned;
  const product = items
    .filter((p) => p.storeName === 'Sharma Electronics' && p.delivers && earned(p) > 0)
    .sort((a, b) => earned(b) - earned(a))[0];
  const quantity = Math.ceil(points / earned(product));
  expect(product.stockQuantity).toBeGreaterThanOrEqual(quantity);
  await ok(await request.post('/api/cart/items', { headers: CSRF, data: { productId: product.id, quantity } }));
  const checkout = await ok(await checkoutAsShown(request, { addressId: address.id, pointsToUse: 0 }));
  const signed = await ok(await request.post(`/api/payments/${checkout.paymentId}/test-pay`, { headers: CSRF }));
  const { orderId } = await ok(
    await request.post('/api/payments/verify', { headers: CSRF, data: { paymentId: checkout.paymentId, ...signed } }),
  );
  await apiLogin(vendorRequest, 'vendor@haat.test', 'Vendor@123');
  const parts = (await (await vendorRequest.get('/api/vendor/orders?pageSize=100')).json()) as {
    items: { orderId: string; partId: string }[];
  };
  const part = parts.items.find((p) => p.orderId === orderId);
  expect(part).toBeDefined();
  await ok(
    await vendorRequest.patch(`/api/vendor/orders/parts/${part!.partId}/status`, {
      headers: CSRF,
      data: { status: 'delivered' },
    }),
  );
  const wallet = (await (await request.get('/api/wallet')).json()) as { availablePoints: number };
  expect(wallet.availablePoints).toBeGreaterThanOrEqual(points);
  return { email, password, availablePoints: wallet.availablePoints };
}

/**
 * The newest product of Sharma's shops (which deliver anywhere) without sizes or colours with more than `minStock` in stock (its Add to Cart
 * needs no choice): journeys about something else buy it, whatever products other specs added.
 */
export async function productWithoutOptions(
  request: APIRequestContext,
  minStock = 0,
): Promise<{ id: string; name: string }> {
  const { items } = (await (await request.get('/api/products?pageSize=100')).json()) as {
    items: { id: string; name: string; stockQuantity: number; storeName: string }[];
  };
  for (const p of items) {
    // Only Sharma's shops: the demo vendor with a GSTIN, who delivers to any state (the others deliver only within their own).
    if (p.stockQuantity <= minStock || !p.storeName.startsWith('Sharma ')) continue;
    const detail = (await (await request.get(`/api/products/${p.id}`)).json()) as { options: unknown[] };
    if (detail.options.length === 0) return p;
  }
  throw new Error(
    `No product of Sharma's shops without options with more than ${minStock} in stock among the newest 100`,
  );
}

/**
 * The link matching `link` in the newest mail to this address in the e2e server's outbox (as a path), or
 * null while none has been sent: emails go out through the notifications job, every few seconds.
 */
export function mailedLinkFor(email: string, link: RegExp): string | null {
  const outbox = join(process.env.HAAT_E2E_DATA!, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox).sort();
  } catch {
    return null;
  }
  for (const f of files.reverse()) {
    const mail = readFileSync(join(outbox, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (mail.includes(`To: ${email}`)) return mail.match(link)?.[0] ?? null;
  }
  return null;
}

const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Record<string, string>> => {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, string>;
};

/** A new customer, signed in on `request`, with this default home address; answers the sign-in and the address id. */
export async function newCustomer(
  request: APIRequestContext,
  who: { firstName: string; lastName: string; phoneNumber: string },
  address: { streetAddress: string; city: string; state: string; postalCode: string },
): Promise<{ email: string; password: string; addressId: string }> {
  const email = uniqueEmail(who.firstName.toLowerCase());
  const password = `${who.firstName}-Secret-1`;
  await ok(
    await request.post('/api/auth/register', {
      headers: CSRF,
      data: { role: 'customer', ...who, email, password, confirmPassword: password },
    }),
  );
  await apiLogin(request, email, password);
  const { id } = await ok(
    await request.post('/api/addresses', { headers: CSRF, data: { type: 'home', ...address, isDefault: true } }),
  );
  return { email, password, addressId: id };
}

/**
 * The signed-in customer buys `quantity` of one product (alone in the cart) through the test gateway;
 * answers the order id.
 */
export async function buyAndPay(
  request: APIRequestContext,
  a: { addressId: string; productId: string; quantity?: number },
): Promise<string> {
  await ok(
    await request.post('/api/cart/items', {
      headers: CSRF,
      data: { productId: a.productId, quantity: a.quantity ?? 1 },
    }),
  );
  const checkout = await ok(await checkoutAsShown(request, { addressId: a.addressId, pointsToUse: 0 }));
  const signed = await ok(await request.post(`/api/payments/${checkout.paymentId}/test-pay`, { headers: CSRF }));
  const { orderId } = await ok(
    await request.post('/api/payments/verify', { headers: CSRF, data: { paymentId: checkout.paymentId, ...signed } }),
  );
  return orderId;
}

/**
 * Jaipur Handloom House (demo vendor2): no GSTIN, so it delivers within Rajasthan only; a PAN and UPI
 * payout details.
 */
export const JAIPUR_VENDOR = {
  email: 'vendor2@haat.test',
  password: 'Vendor@123',
  name: 'Jaipur Handloom House',
  pan: 'BKMPM2468L',
};
export const JAIPUR_BOTTLE = 'Pure Copper Water Bottle, 1 Litre';

/** A new customer in Jaipur who buys Jaipur Handloom House's copper bottle through the test gateway. */
export async function customerBuysBottle(
  request: APIRequestContext,
): Promise<{ orderId: string; email: string; password: string }> {
  const customer = await newCustomer(
    request,
    { firstName: 'Neha', lastName: 'Kapoor', phoneNumber: '9810033344' },
    { streetAddress: '14 C-Scheme', city: 'Jaipur', state: 'Rajasthan', postalCode: '302001' },
  );
  const { items } = (await (await request.get(`/api/products?q=${encodeURIComponent(JAIPUR_BOTTLE)}`)).json()) as {
    items: { id: string; name: string }[];
  };
  const bottle = items.find((p) => p.name === JAIPUR_BOTTLE)!;
  const orderId = await buyAndPay(request, { addressId: customer.addressId, productId: bottle.id });
  return { orderId, email: customer.email, password: customer.password };
}

/** The vendor signed in on `vendorRequest` moves its part of the order through `statuses` with its API. */
export async function vendorMovesPart(
  vendorRequest: APIRequestContext,
  orderId: string,
  statuses: { status: string; trackingNote?: string }[],
) {
  const parts = (await (await vendorRequest.get('/api/vendor/orders?pageSize=100')).json()) as {
    items: { orderId: string; partId: string }[];
  };
  const part = parts.items.find((p) => p.orderId === orderId);
  expect(part).toBeDefined();
  for (const data of statuses)
    await ok(await vendorRequest.patch(`/api/vendor/orders/parts/${part!.partId}/status`, { headers: CSRF, data }));
}

/** Lists answer either an array or a page of `items`: the entries either way. */
export const entriesOf = <T>(body: unknown): T[] => (Array.isArray(body) ? body : (body as { items: T[] }).items);

/**
 * A new product in the first shop of the vendor signed in on `request` (in Fashion, 5 in stock, unless told),
 * made through the vendor's API; answers its id and the shop's.
 */
export async function vendorProduct(
  request: APIRequestContext,
  product: { name: string; price: number; description?: string } & Record<string, unknown>,
): Promise<{ id: string; shopId: string }> {
  const shop = entriesOf<{ id: string }>(await (await request.get('/api/vendor/shops')).json())[0];
  const categories = entriesOf<{ id: string; name: string }>(await (await request.get('/api/categories')).json());
  const fashion = categories.find((c) => c.name === 'Fashion') ?? categories[0];
  const created = await ok(
    await request.post('/api/vendor/products', {
      headers: CSRF,
      data: {
        description: 'Hand block printed cotton, made in India.',
        categoryId: fashion.id,
        storeId: shop.id,
        stockQuantity: 5,
        ...product,
      },
    }),
  );
  return { id: (created as unknown as { product: { id: string } }).product.id, shopId: shop.id };
}
