import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, CSRF, expectAccessible, uniqueEmail } from './helpers';

// Cash on delivery: a customer chooses Cash on delivery at checkout (the demo's Jaipur
// Handloom House offers it), the order is placed at once; the vendor ships it and marks it
// "Delivered and cash collected" with the cash received; the customer's order then says it was paid
// in cash. At 375 px the same checkout, and the order as the customer sees it.

const VENDOR = { email: 'vendor2@haat.test', password: 'Vendor@123' };

const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Record<string, unknown>> => {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
};

const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(paise / 100);

/** A new customer with a default address in Jaipur (the shop has no GSTIN: it delivers only within Rajasthan), signed in on `request`. */
async function newCustomer(request: APIRequestContext): Promise<void> {
  const email = uniqueEmail('anjali');
  const password = 'Anjali-Secret-1';
  await ok(
    await request.post('/api/auth/register', {
      headers: CSRF,
      data: {
        role: 'customer',
        firstName: 'Anjali',
        lastName: 'Nair',
        phoneNumber: '9847033344',
        email,
        password,
        confirmPassword: password,
      },
    }),
  );
  await apiLogin(request, email, password);
  await ok(
    await request.post('/api/addresses', {
      headers: CSRF,
      data: {
        type: 'home',
        streetAddress: '3 Fort Road',
        city: 'Jaipur',
        state: 'Rajasthan',
        postalCode: '302002',
        isDefault: true,
      },
    }),
  );
}

/** A ₹450 product without sizes in the vendor's first shop (which offers cash on delivery), made through the vendor's API; answers its id. */
async function productThroughApi(request: APIRequestContext, name: string): Promise<string> {
  await apiLogin(request, VENDOR.email, VENDOR.password);
  const shops = (await (await request.get('/api/vendor/shops')).json()) as
    { id: string; codEnabled: boolean }[] | { items: { id: string; codEnabled: boolean }[] };
  const shop = (Array.isArray(shops) ? shops : shops.items)[0];
  expect(shop.codEnabled).toBe(true);
  const categories = (await (await request.get('/api/categories')).json()) as
    { id: string; name: string }[] | { items: { id: string; name: string }[] };
  const fashion = (Array.isArray(categories) ? categories : categories.items).find((c) => c.name === 'Fashion')!;
  const created = await ok(
    await request.post('/api/vendor/products', {
      headers: CSRF,
      data: {
        name,
        description: 'Hand woven cotton stole.',
        price: 450,
        categoryId: fashion.id,
        storeId: shop.id,
        stockQuantity: 5,
      },
    }),
  );
  return (created as { product: { id: string } }).product.id;
}

/** From the product page to a placed cash on delivery order; answers the cash to pay as the checkout showed it. */
async function buyCashOnDelivery(page: Page, productId: string, name: string): Promise<string> {
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByText('Product added to cart!')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  const summary = (await (await page.request.get('/api/checkout/summary')).json()) as {
    amounts: { totalPaise: number };
    cod: { available: boolean };
  };
  expect(summary.cod.available).toBe(true);
  const cash = rupees(summary.amounts.totalPaise);
  const cod = page.getByRole('radio', { name: /Cash on delivery/ });
  await expect(cod).toBeEnabled();
  await cod.check();
  await expect(page.getByText(`Pay ${cash} in cash when it is delivered`)).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order placed! Pay in cash when it is delivered.')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  return cash;
}

test('a customer pays cash on delivery; the vendor ships it and records "Delivered and cash collected"; the order says it was paid in cash', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Kota Doria Stole ${Date.now().toString(36)}`;
  const vendor = await browser.newContext();
  try {
    const v = await vendor.newPage();
    const productId = await productThroughApi(v.request, name);

    await newCustomer(page.request);
    const cash = await buyCashOnDelivery(page, productId, name);
    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card).toContainText('Cash on delivery');
    await expect(card).toContainText(`Pay ${cash} in cash at delivery`);
    // Stock was taken when the order was placed.
    expect(
      ((await (await page.request.get(`/api/products/${productId}`)).json()) as { stockQuantity: number })
        .stockQuantity,
    ).toBe(4);

    // The vendor's Orders tab: the cash to collect; ship; then delivered with the cash received.
    await v.goto('/vendor/dashboard?tab=orders');
    const row = v.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(`Cash on delivery · collect ${cash}`);
    await row.getByRole('button', { name: /^Confirm order/ }).click();
    await expect(row.getByRole('button', { name: /^Start processing order/ })).toBeVisible();
    await row.getByRole('button', { name: /^Start processing order/ }).click();
    await row.getByRole('button', { name: /^Mark shipped order/ }).click();
    const ship = v.getByRole('dialog');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(ship).toBeHidden();
    await row.getByRole('button', { name: /^Delivered and cash collected order/ }).click();
    const collect = v.getByRole('dialog', { name: /delivered and cash collected/ });
    await expect(collect).toContainText(`Cash due: ${cash}`);
    // A short amount is refused next to the field; the full amount is recorded.
    await collect.getByLabel('Cash received (₹)').fill('100');
    await collect.getByRole('button', { name: 'Delivered and cash collected' }).click();
    await expect(collect.getByText(/The cash due for this part is/)).toBeVisible();
    await collect.getByLabel('Cash received (₹)').fill(cash.replace(/[₹,]/g, ''));
    await collect.getByRole('button', { name: 'Delivered and cash collected' }).click();
    await expect(v.getByText('Order marked delivered and cash collected')).toBeVisible();
    await expect(collect).toBeHidden();
    await expect(row).toContainText(`Cash collected ${cash}`);

    // The customer's order: delivered, paid in cash.
    await page.reload();
    await expect(card).toContainText(`Paid ${cash} in cash`);
    await expect(card).toContainText('Delivered');
  } finally {
    await vendor.close();
  }
});

test('on a 375 px phone, a customer chooses cash on delivery and follows the order @phone', async ({ page }) => {
  const name = `Sanganeri Cotton Stole ${Date.now().toString(36)}`;
  const vendor = await page.context().browser()!.newContext();
  let productId: string;
  try {
    productId = await productThroughApi(vendor.request, name);
  } finally {
    await vendor.close();
  }
  await newCustomer(page.request);
  const cash = await buyCashOnDelivery(page, productId, name);
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card).toContainText(`Pay ${cash} in cash at delivery`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // The toast stays while the pointer rests on it (where Place Order was): move away, as a person would, and it goes.
  await page.mouse.move(0, 0);
  await expect(page.getByText('Order placed! Pay in cash when it is delivered.')).toBeHidden({ timeout: 8000 });
  await expectAccessible(page);
});
