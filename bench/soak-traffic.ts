// The soak's people and what they do: shoppers browse, search, fill carts and pay through the test
// gateway; vendors move their parts of orders along; the super admin reads the admin lists.
import { nextPartStatus } from '../src/domain/vendor-fulfilment';
import { totpCode } from '../src/server/platform/totp';
import { Jar, type Client } from './soak-client';

export type Shopper = { jar: Jar; addressId: string };
export type Vendor = { jar: Jar; email: string; busy: Promise<void> };
export type World = {
  client: Client;
  shoppers: Shopper[];
  vendors: Vendor[];
  admin: Jar;
  /** What the visitors buy: each product with the variants on sale when it has sizes or colours ([] when it has none). */
  products: { id: string; variantIds: string[] }[];
  categories: string[];
};

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
const chance = (p: number) => Math.random() < p;
const WORDS = [
  'shirt',
  'cotton',
  'kurta',
  'saree',
  'phone',
  'tea',
  'spices',
  'silk',
  'shoes',
  'kurtha',
  'pashmina',
  'mobile',
  'headphones',
  'handloom',
];
const SORTS = ['relevance', 'price-low', 'price-high', 'rating', 'newest'];

/** Fails the set-up with the answer's status when a step that must work does not. */
function must<T>(a: { status: number; json<U>(): U } | null, what: string): T {
  if (!a) throw new Error(`set-up failed: ${what} (see the errors above)`);
  return a.json<T>();
}

/** Registers a customer through nginx, signs them in and saves a default address. */
export async function newShopper(client: Client, n: number, run: string): Promise<Shopper> {
  const jar = new Jar();
  const email = `soak.${run}.${n}@haat.example`;
  const password = 'Soak-Shopper-1';
  // Unique 10-digit mobile numbers starting with 9.
  const phoneNumber = `9${String((Number.parseInt(run, 36) * 1000 + n) % 1e9).padStart(9, '0')}`;
  must(
    await client.call('POST /api/auth/register', 'POST', '/api/auth/register', {
      json: {
        role: 'customer',
        firstName: 'Soak',
        lastName: `Shopper ${n}`,
        email,
        phoneNumber,
        password,
        confirmPassword: password,
      },
    }),
    `register ${email}`,
  );
  must(
    await client.call('POST /api/auth/login', 'POST', '/api/auth/login', { jar, json: { email, password } }),
    `sign in ${email}`,
  );
  const address = must<{ id: string }>(
    await client.call('POST /api/addresses', 'POST', '/api/addresses', {
      jar,
      json: {
        type: 'home',
        streetAddress: `${n} MG Road`,
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '411001',
        isDefault: true,
      },
    }),
    'address',
  );
  return { jar, addressId: address.id };
}

/** Signs a demo vendor in. */
export async function signInVendor(client: Client, email: string): Promise<Vendor> {
  const jar = new Jar();
  must(
    await client.call('POST /api/auth/login', 'POST', '/api/auth/login', {
      jar,
      json: { email, password: 'Vendor@123' },
    }),
    `sign in ${email}`,
  );
  return { jar, email, busy: Promise.resolve() };
}

/** Signs the super admin in as a browser does the first time: password, two-factor set-up, a code computed from the secret. */
export async function signInAdmin(client: Client, admin: { email: string; password: string }): Promise<Jar> {
  const jar = new Jar();
  const login = must<{ next: string }>(
    await client.call('POST /api/admin/login', 'POST', '/api/admin/login', { jar, json: admin }),
    'admin sign-in',
  );
  if (login.next !== 'setup2fa')
    throw new Error(`set-up failed: admin sign-in expected two-factor set-up, got ${login.next}`);
  const { secret } = must<{ secret: string }>(
    await client.call('POST /api/admin/2fa/setup', 'POST', '/api/admin/2fa/setup', { jar, json: {} }),
    'two-factor set-up',
  );
  must(
    await client.call('POST /api/admin/2fa/verify', 'POST', '/api/admin/2fa/verify', {
      jar,
      json: { code: totpCode(secret) },
    }),
    'two-factor code',
  );
  return jar;
}

type Scenario = (w: World, vu: number) => Promise<void>;

/** Product list, a product page, sometimes a category and the reviews; half of them signed in. */
const browse: Scenario = async ({ client, shoppers, products, categories }, vu) => {
  const jar = chance(0.5) ? shoppers[vu].jar : undefined;
  if (chance(0.2)) await client.call('GET /api/categories', 'GET', '/api/categories', { jar });
  await client.call(
    'GET /api/products (list)',
    'GET',
    `/api/products?page=${1 + Math.floor(Math.random() * 4)}&sort=${pick(SORTS)}`,
    { jar },
  );
  const id = pick(products).id;
  await client.call('GET /api/products/:id', 'GET', `/api/products/${id}`, { jar });
  if (chance(0.3))
    await client.call(
      'GET /api/products?category',
      'GET',
      `/api/products?category=${encodeURIComponent(pick(categories))}`,
      { jar },
    );
  if (chance(0.2)) await client.call('GET /api/products/:id/reviews', 'GET', `/api/products/${id}/reviews`, { jar });
};

const search: Scenario = async ({ client, shoppers }, vu) => {
  const jar = chance(0.5) ? shoppers[vu].jar : undefined;
  const q = encodeURIComponent(pick(WORDS));
  await client.call('GET /api/products?q', 'GET', `/api/products?q=${q}`, { jar });
  if (chance(0.3)) await client.call('GET /api/products?q', 'GET', `/api/products?q=${q}&page=2`, { jar });
};

/** A cart line for a product, with one of its sizes or colours chosen when it has them. */
function lineOf(
  product: World['products'][number],
  quantity: number,
): { productId: string; variantId?: string; quantity: number } {
  return product.variantIds.length
    ? { productId: product.id, variantId: pick(product.variantIds), quantity }
    : { productId: product.id, quantity };
}

type Cart = { items: { id: string; quantity: number }[]; availablePoints: number };

/** Reads the cart, then adds a product, changes a quantity or removes a line (at most 3 lines). */
const cart: Scenario = async ({ client, shoppers, products }, vu) => {
  const { jar } = shoppers[vu];
  const read = await client.call('GET /api/cart', 'GET', '/api/cart', { jar });
  if (!read) return;
  const { items } = read.json<Cart>();
  if (items.length >= 3) {
    await client.call('DELETE /api/cart/items/:id', 'DELETE', `/api/cart/items/${items[0].id}`, { jar });
  } else if (items.length > 0 && chance(0.3)) {
    await client.call('PATCH /api/cart/items/:id', 'PATCH', `/api/cart/items/${pick(items).id}`, {
      jar,
      json: { quantity: 1 + Math.floor(Math.random() * 3) },
    });
  } else {
    await client.call('POST /api/cart/items', 'POST', '/api/cart/items', {
      jar,
      json: lineOf(pick(products), 1 + Math.floor(Math.random() * 2)),
    });
  }
};

/**
 * A checkout of what the cart holds (a product added when empty), sometimes spending points: the
 * summary, the order, then the test gateway's Pay (or, 1 in 15, a failed payment); 1 in 20 orders
 * is cancelled by the customer at once (refused when a vendor shipped it meanwhile).
 */
const checkout: Scenario = async ({ client, shoppers, products }, vu) => {
  const { jar, addressId } = shoppers[vu];
  const read = await client.call('GET /api/cart', 'GET', '/api/cart', { jar });
  if (!read) return;
  if (
    read.json<Cart>().items.length === 0 &&
    !(await client.call('POST /api/cart/items', 'POST', '/api/cart/items', { jar, json: lineOf(pick(products), 1) }))
  )
    return;
  const summary = await client.call('GET /api/checkout/summary', 'GET', '/api/checkout/summary?pointsToUse=0', { jar });
  if (!summary) return;
  // Half of those with points spend some, a third of them as many as the order takes (then nothing is due).
  type Summary = { maxPointsUsable: number; amounts: { totalPaise: number } };
  const { maxPointsUsable: max } = summary.json<Summary>();
  const pointsToUse = max > 0 && chance(0.5) ? (chance(1 / 3) ? max : 1 + Math.floor(Math.random() * max)) : 0;
  const shown =
    pointsToUse > 0
      ? await client.call('GET /api/checkout/summary', 'GET', `/api/checkout/summary?pointsToUse=${pointsToUse}`, {
          jar,
        })
      : summary;
  if (!shown) return;
  // Checkout charges only the total the shopper saw (as the checkout page sends it with Pay).
  const expectedTotalPaise = shown.json<Summary>().amounts.totalPaise;
  const started = await client.call('POST /api/checkout', 'POST', '/api/checkout', {
    jar,
    json: { addressId, pointsToUse, expectedTotalPaise },
  });
  if (!started) return;
  const result = started.json<
    { status: 'placed'; orderId: string } | { status: 'payment_required'; paymentId: string }
  >();
  let orderId: string;
  if (result.status === 'placed') {
    orderId = result.orderId;
  } else {
    if (chance(1 / 15)) {
      await client.call('POST /api/payments/:id/fail', 'POST', `/api/payments/${result.paymentId}/fail`, {
        jar,
        json: { reason: 'cancelled' },
      });
      return;
    }
    const signed = await client.call(
      'POST /api/payments/:id/test-pay',
      'POST',
      `/api/payments/${result.paymentId}/test-pay`,
      { jar },
    );
    if (!signed) return;
    const verified = await client.call('POST /api/payments/verify', 'POST', '/api/payments/verify', {
      jar,
      json: { paymentId: result.paymentId, ...signed.json<Record<string, string>>() },
    });
    if (!verified) return;
    orderId = verified.json<{ orderId: string }>().orderId;
  }
  if (chance(1 / 20))
    await client.call('POST /api/orders/:id/cancel', 'POST', `/api/orders/${orderId}/cancel`, { jar, refusals: [409] });
  await client.call('GET /api/orders', 'GET', '/api/orders', { jar });
};

type VendorParts = { items: { partId: string; status: string }[] };

/**
 * One vendor at a time per account (two would race for the same part): a page of its parts in one
 * status, then up to 5 of them moved on (a third straight to delivered, 1 in 25 cancelled while
 * still cancellable); a customer's cancel at the same moment makes the move a 409, which is allowed.
 */
const vendor: Scenario = async ({ client, vendors }, vu) => {
  const v = vendors[vu % vendors.length];
  const turn = v.busy.then(async () => {
    const list = await client.call(
      'GET /api/vendor/orders',
      'GET',
      `/api/vendor/orders?status=${pick(['pending', 'confirmed', 'processing', 'shipped'])}&pageSize=10`,
      { jar: v.jar },
    );
    if (!list) return;
    for (const part of list.json<VendorParts>().items.slice(0, 5)) {
      const next =
        ['pending', 'confirmed'].includes(part.status) && chance(1 / 25)
          ? 'cancelled'
          : chance(1 / 3)
            ? 'delivered'
            : nextPartStatus(part.status as never);
      if (!next) continue;
      await client.call(
        'PATCH /api/vendor/orders/parts/:partId/status',
        'PATCH',
        `/api/vendor/orders/parts/${part.partId}/status`,
        { jar: v.jar, json: { status: next }, refusals: [409] },
      );
    }
  });
  v.busy = turn.catch(() => {});
  await turn;
};

/** One of the super admin's lists, as the panel's tabs load them. */
const admin: Scenario = async ({ client, admin: jar }) => {
  const [route, path] = pick([
    ['GET /api/admin/overview', '/api/admin/overview'],
    ['GET /api/admin/users', `/api/admin/users?page=${1 + Math.floor(Math.random() * 3)}`],
    ['GET /api/admin/orders', `/api/admin/orders?page=${1 + Math.floor(Math.random() * 3)}`],
    ['GET /api/admin/products', `/api/admin/products?q=${pick(WORDS)}`],
    ['GET /api/admin/vendors', '/api/admin/vendors'],
  ] as const);
  await client.call(route, 'GET', path, { jar });
};

/** The wallet (which also releases points due). */
const wallet: Scenario = async ({ client, shoppers }, vu) => {
  await client.call('GET /api/wallet', 'GET', '/api/wallet', { jar: shoppers[vu].jar });
};

/** The mix: how often each kind of visit is chosen. */
export const MIX: { name: string; weight: number; run: Scenario }[] = [
  { name: 'browse', weight: 35, run: browse },
  { name: 'search', weight: 15, run: search },
  { name: 'cart', weight: 15, run: cart },
  { name: 'checkout', weight: 15, run: checkout },
  { name: 'vendor', weight: 8, run: vendor },
  { name: 'admin', weight: 5, run: admin },
  { name: 'wallet', weight: 7, run: wallet },
];

/** One visit of the mix, chosen by weight. */
export function nextVisit(): Scenario {
  let r = Math.random() * MIX.reduce((s, m) => s + m.weight, 0);
  for (const m of MIX) {
    r -= m.weight;
    if (r < 0) return m.run;
  }
  return MIX[0].run;
}
