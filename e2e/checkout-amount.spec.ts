import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { formatRupees } from '../src/domain/money';
import { orderTotals } from '../src/domain/pricing';
import { apiLogin, CSRF, productWithoutOptions, uniqueEmail } from './helpers';

// The amount on Pay is the amount charged. A customer changes a quantity and goes straight to
// checkout while the cart's save is still on a slow connection: checkout says 'Updating total…' and
// Pay waits until the save has landed, then shows the new total, which is what the order costs. A
// total that moves after it was shown (another tab) is refused, and the page shows the new one.

const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Record<string, unknown>> => {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
};

/** A new customer with a default address, signed in on the page, and `quantity` of a product in the cart; answers the product. */
async function shopperWithCart(page: Page, quantity: number) {
  const email = uniqueEmail('meera');
  const password = 'Meera-Secret-1';
  await ok(
    await page.request.post('/api/auth/register', {
      headers: CSRF,
      data: {
        role: 'customer',
        firstName: 'Meera',
        lastName: 'Iyer',
        phoneNumber: '9847044455',
        email,
        password,
        confirmPassword: password,
      },
    }),
  );
  await apiLogin(page.request, email, password);
  await ok(
    await page.request.post('/api/addresses', {
      headers: CSRF,
      data: {
        type: 'home',
        streetAddress: '21 Beach Road',
        city: 'Chennai',
        state: 'Tamil Nadu',
        postalCode: '600001',
        isDefault: true,
      },
    }),
  );
  const { id, name } = await productWithoutOptions(page.request, 10);
  const product = (await (await page.request.get(`/api/products/${id}`)).json()) as {
    pricePaise: number;
    rewardPercentage: number;
  };
  await ok(await page.request.post('/api/cart/items', { headers: CSRF, data: { productId: id, quantity } }));
  return { id, name, ...product };
}

/** What the order costs at this quantity, worked out as the server does (no points used). */
const totalFor = (p: { pricePaise: number; rewardPercentage: number }, quantity: number) =>
  formatRupees(orderTotals([{ ...p, quantity }]).totalPaise);

/**
 * A slow connection for the cart's quantity saves: each PATCH waits until `release()`, so the test
 * sees what the customer sees while a save is on its way. `sent` resolves at the first save sent.
 */
async function slowCartSaves(page: Page) {
  const held: Route[] = [];
  let released = false;
  let firstSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => (firstSent = resolve));
  await page.route('**/api/cart/items/*', async (route) => {
    if (route.request().method() !== 'PATCH' || released) return route.continue();
    held.push(route);
    firstSent();
  });
  return {
    sent,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Pays through the test gateway and answers the order's total as the orders page shows it. */
async function payAndReadOrderTotal(page: Page, payLabel: string) {
  await page.getByRole('button', { name: payLabel }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  // The gateway is asked for the amount the page showed.
  await dialog.getByRole('button', { name: payLabel }).click();
  await expect(page).toHaveURL(/\/orders$/);
  // The order as My Orders lists it (the 'Order placed successfully!' toast comes and goes on its own
  // clock, so on a slow machine it may be gone before the page is read; the order stays).
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  return card.getByText('Total', { exact: true }).locator('..').locator('dd');
}

/** Checkout while the cart's save is on its way: 'Updating total…' and no amount, no points earned and no Pay to press. */
async function expectUpdating(page: Page) {
  await expect(page.getByText('Updating total…').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay ₹/ })).toHaveCount(0);
  await expect(page.getByText('You will earn')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCount(0);
}

const checkoutReady = async (page: Page) => {
  const pay = page.getByRole('button', { name: /^Pay ₹/ });
  await expect(pay).toBeEnabled();
  return (await pay.textContent())!.trim();
};

test('raising a quantity and going straight to checkout: Pay waits for the save, and its amount is the order total', async ({
  page,
}) => {
  const product = await shopperWithCart(page, 1);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  const slow = await slowCartSaves(page);

  // Quick taps, 1 to 3, then checkout at once, while the save waits its pause or is on its way.
  const increase = page.getByRole('button', { name: 'Increase' });
  await increase.click();
  await increase.click();
  await expect(page.getByLabel(`Quantity of ${product.name}`)).toHaveValue('3');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  await slow.sent;
  await expectUpdating(page);
  await slow.release();
  const payLabel = await checkoutReady(page);
  expect(payLabel).toBe(`Pay ${totalFor(product, 3)}`);
  await expect(page.getByRole('region', { name: /Items/ })).toContainText('× 3');
  await expect(page.getByText('Updating total…')).toHaveCount(0);

  const orderTotal = await payAndReadOrderTotal(page, payLabel);
  await expect(orderTotal).toHaveText(payLabel.replace('Pay ', ''));
});

test('lowering a quantity on a slow connection and going straight to checkout: the amount shown is the amount charged', async ({
  page,
}) => {
  const product = await shopperWithCart(page, 8);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  const slow = await slowCartSaves(page);

  // Down from 8 to 2 with an extra step up on the way, and checkout only once the save is on the wire.
  const decrease = page.getByRole('button', { name: 'Decrease' });
  for (let i = 0; i < 7; i++) await decrease.click();
  await page.getByRole('button', { name: 'Increase' }).click();
  await expect(page.getByLabel(`Quantity of ${product.name}`)).toHaveValue('2');
  // The cart's own summary does not show the old total either.
  await expect(page.getByRole('region', { name: 'Order Summary' }).getByText('Updating total…')).toBeVisible();
  await slow.sent;
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  await expectUpdating(page);
  await slow.release();

  const payLabel = await checkoutReady(page);
  expect(payLabel).toBe(`Pay ${totalFor(product, 2)}`);
  await expect(page.getByRole('region', { name: /Items/ })).toContainText('× 2');
  const orderTotal = await payAndReadOrderTotal(page, payLabel);
  await expect(orderTotal).toHaveText(payLabel.replace('Pay ', ''));
  const orders = (await (await page.request.get('/api/orders')).json()) as { items: { totalAmountPaise: number }[] };
  expect(formatRupees(orders.items[0].totalAmountPaise)).toBe(payLabel.replace('Pay ', ''));
});

test('a total changed in another tab after it was shown: Pay is refused with the new amount, which the page then shows and charges', async ({
  page,
}) => {
  const product = await shopperWithCart(page, 1);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const shown = await checkoutReady(page);
  expect(shown).toBe(`Pay ${totalFor(product, 1)}`);

  // Another tab raises the quantity to 2.
  const [line] = ((await (await page.request.get('/api/cart')).json()) as { items: { id: string }[] }).items;
  await ok(await page.request.patch(`/api/cart/items/${line.id}`, { headers: CSRF, data: { quantity: 2 } }));

  await page.getByRole('button', { name: shown }).click();
  const now = totalFor(product, 2);
  await expect(
    page.getByText(`The amount to pay has changed to ${now}. Please check the new total and pay again.`),
  ).toBeVisible();
  const payLabel = await checkoutReady(page);
  expect(payLabel).toBe(`Pay ${now}`);
  await expect(page.getByRole('dialog', { name: 'Test payment' })).toHaveCount(0);

  const orderTotal = await payAndReadOrderTotal(page, payLabel);
  await expect(orderTotal).toHaveText(now);
});
