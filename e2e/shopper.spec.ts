import { expect, test, type Browser, type Page } from '@playwright/test';
import { customerWithPoints, expectAccessible } from './helpers';

// The shopper's journeys on the demo data. The journeys that spend points use a customer
// of their own (points earned on a delivered order, a default address), so they hold whatever other
// specs did with the demo customer (customer@haat.test), who only opens the orders page here.

const CUSTOMER = { email: 'customer@haat.test', password: 'Customer@123' };
const OIL = 'Kumkumadi Face Oil, 30 ml';
const CONTROLLER = 'Wireless Game Controller for PC and Android';

const pts = (n: number) => n.toLocaleString('en-IN');

async function signIn(page: Page, who: { email: string; password: string } = CUSTOMER) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A new customer with at least `points` available points, set up in contexts of its own (the page stays a guest's). */
async function ownCustomer(browser: Browser, points: number) {
  const [setup, vendor] = [await browser.newContext(), await browser.newContext()];
  try {
    return await customerWithPoints(setup.request, vendor.request, points);
  } finally {
    await setup.close();
    await vendor.close();
  }
}

async function searchAndOpen(page: Page, query: string, name: string) {
  const search = page.getByRole('search').getByLabel('Search products').first();
  await search.fill(query);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(query)}`));
  await page.getByRole('link', { name, exact: true }).first().click();
  // Exact: the search page (kept by React until the product page is ready) names the query in its heading.
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  return page.url().split('/product/')[1];
}

const stockOf = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/products/${id}`)).json()).stockQuantity as number;
const availablePoints = async (page: Page) =>
  (await (await page.request.get('/api/wallet')).json()).availablePoints as number;
const balances = (page: Page) => page.getByRole('region', { name: 'Balances' });

test('a guest searches, signs in, buys from two shops with points through the test gateway, follows the order and cancels it', async ({
  page,
  browser,
}) => {
  const shopper = await ownCustomer(browser, 200);
  await page.goto('/');
  const oilId = await searchAndOpen(page, 'face oil', OIL);
  await expect(page.getByText('Kerala Wellness Co.').first()).toBeVisible();
  // What the product page says about delivery is what checkout charges.
  await expect(
    page.getByText('Inclusive of all taxes. Delivery ₹99 per order, free on orders above ₹999.'),
  ).toBeVisible();

  // A guest who adds to cart signs in first, then comes back to the product, with it in the cart.
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await signIn(page, shopper);
  await expect(page).toHaveURL(new RegExp(`/product/${oilId}$`));
  await expect(page.getByText('Product added to cart!')).toBeVisible();
  const afterSignIn = await (await page.request.get('/api/cart')).json();
  expect(afterSignIn.items.map((l: { productId: string }) => l.productId)).toContain(oilId);

  // Start from an empty cart, and note the stock and points before buying.
  const cart = await (await page.request.get('/api/cart')).json();
  for (const line of cart.items)
    await page.request.delete(`/api/cart/items/${line.id}`, { headers: { 'x-requested-with': 'haat' } });
  const pointsBefore = await availablePoints(page);
  expect(pointsBefore).toBe(shopper.availablePoints);

  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByText('Product added to cart!')).toBeVisible();
  const controllerId = await searchAndOpen(page, 'game controller', CONTROLLER);
  await expect(page.getByText('Sharma Electronics').first()).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('link', { name: 'Go to Cart' })).toBeVisible();
  const stockBefore = { oil: await stockOf(page, oilId), controller: await stockOf(page, controllerId) };

  // Cart: use 200 points, then check out.
  await page.getByRole('link', { name: 'Go to Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await page.getByLabel('Points', { exact: true }).fill('200');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Delivery address' })).not.toHaveValue('');
  await expect(page.getByRole('button', { name: 'Add new address' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Payment Summary' });
  await expect(summary).toContainText('−₹200');
  await expect(summary).toContainText('Test mode: no money moves');

  // The built-in test gateway: its own dialog, no real money.
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await expect(dialog).toContainText('no real money moves');
  await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText('Order placed successfully!')).toBeVisible();

  // The order, with one part per shop.
  const card = page.getByRole('article').first();
  await expect(card).toContainText('Kerala Wellness Co.');
  await expect(card).toContainText('Sharma Electronics');
  await expect(card).toContainText('Pending');
  await expect(card).toContainText('Test payment: no money moved');
  const orderRef = ((await card.getByRole('heading').textContent()) ?? '').replace('Order ', '');
  expect(orderRef).toMatch(/^#[0-9A-F]{8}$/);
  await expect(page.getByRole('tab', { name: /Processing/ })).toContainText(/\d/);
  // Checked once the toast (mid-animation it has too little contrast) has gone.
  await expect(page.getByText('Order placed successfully!')).toBeHidden({ timeout: 8000 });
  await expectAccessible(page);
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Order ${orderRef}` });
  await expect(details.getByRole('region', { name: 'From Kerala Wellness Co.' })).toContainText(OIL);
  await expect(details.getByRole('region', { name: 'From Sharma Electronics' })).toContainText(CONTROLLER);
  await expect(details).toContainText('−200 pts');
  await details.getByRole('button', { name: 'Close' }).click();
  await card.getByRole('button', { name: 'Track Order' }).click();
  await expect(page.getByRole('dialog', { name: `Track order ${orderRef}` })).toContainText('Order placed');
  await page.keyboard.press('Escape');
  expect(await stockOf(page, oilId)).toBe(stockBefore.oil - 1);

  // The wallet shows the points spent and the points earned (pending).
  await page.goto('/wallet');
  await expect(balances(page).getByText('Available points').locator('..')).toContainText(pts(pointsBefore - 200));
  await expect(page.getByText(`Used on order ${orderRef}`)).toBeVisible();
  await expect(page.getByText(`Earned on order ${orderRef} from Kerala Wellness Co.`)).toBeVisible();

  // Cancel: stock goes back and the points come back.
  await page.goto('/orders');
  await page.getByRole('article').first().getByRole('button', { name: 'Cancel Order' }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel order ${orderRef}?` });
  // The dialog names exactly what comes back: the money paid, the points used, the units.
  await expect(confirm).toContainText('Every item in this order is cancelled: ');
  await expect(confirm).toContainText(/₹[\d,]+ comes back to your original payment method/);
  await expect(confirm).toContainText('200 points you used come back to your wallet.');
  await expect(confirm).toContainText('2 items go back to the shops.');
  const refund = (
    (await confirm.getByText('comes back to your original payment method').locator('strong').textContent()) ?? ''
  ).trim();
  await confirm.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(
    page.getByText(
      `Your order has been cancelled: ${refund} to be refunded to your payment method, 200 points refunded, stock returned to the shops.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('article').first()).toContainText('Cancelled');
  await expect(page.getByRole('article').first()).toContainText(`Refund pending: ${refund}`);
  await expect(page.getByRole('article').first().getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);

  expect(await stockOf(page, oilId)).toBe(stockBefore.oil);
  expect(await stockOf(page, controllerId)).toBe(stockBefore.controller);
  await page.goto(`/product/${controllerId}`);
  await expect(
    page
      .getByText(`(${pts(stockBefore.controller)} available)`)
      .or(page.getByText(`Only ${stockBefore.controller} left`)),
  ).toBeVisible();
  await page.goto('/wallet');
  await expect(balances(page).getByText('Available points').locator('..')).toContainText(pts(pointsBefore));
  expect(await availablePoints(page)).toBe(pointsBefore);
});

test('a customer adds a delivery address and requests a withdrawal to UPI', async ({ page, browser }) => {
  const customer = await ownCustomer(browser, 100);
  await page.goto('/login?next=/profile');
  await signIn(page, customer);
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('button', { name: 'Add Address' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Address' });
  await modal.getByLabel('Work').check();
  await modal.getByLabel('Street address').fill('4th Floor, Prestige Tech Park, Marathahalli');
  await modal.getByLabel('City').fill('Bengaluru');
  await modal.getByLabel('State').selectOption('Karnataka');
  await modal.getByLabel('PIN code').fill('560103');
  await modal.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address added successfully!')).toBeVisible();
  await expect(page.getByText('4th Floor, Prestige Tech Park, Marathahalli').first()).toBeVisible();

  const before = await availablePoints(page);
  expect(before).toBe(customer.availablePoints);
  await page.goto('/wallet');
  await page.getByRole('button', { name: 'Withdraw to UPI' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw to UPI' });
  await withdraw.getByLabel('Points to withdraw').fill('50');
  await withdraw.getByLabel('UPI ID').fill('asha.verma@okaxis');
  await withdraw.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(withdraw.getByText('Minimum withdrawal is 100 points')).toBeVisible();
  await withdraw.getByLabel('Points to withdraw').fill('100');
  await withdraw.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(page.getByText('Withdrawal request submitted!').first()).toBeVisible();

  const requests = page.getByRole('region', { name: 'Withdrawal requests' });
  await expect(requests).toContainText('100 pts');
  await expect(requests).toContainText('asha.verma@okaxis');
  await expect(requests).toContainText(/pending/i);
  await expect(balances(page).getByText('Available points').locator('..')).toContainText(pts(before - 100));
  expect(await availablePoints(page)).toBe(before - 100);
});

test('on a 375 px phone, every tab of /orders shows without scrolling @phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/login?next=/orders');
  await signIn(page);
  await expect(page).toHaveURL(/\/orders$/);
  const tabs = page.getByRole('tablist', { name: 'Order status' }).getByRole('tab');
  await expect(tabs).toHaveCount(4);
  for (const name of ['All', 'Processing', 'Shipped', 'Delivered']) {
    await expect(tabs.filter({ hasText: name })).toBeInViewport({ ratio: 0.9 }); // the bottom pixel of the active border is clipped
  }
});

test("'Sold by' on a product page opens the shop's page, which lists only that shop's products @phone", async ({
  page,
}) => {
  await page.goto('/search?q=game%20controller');
  await page.getByRole('link', { name: CONTROLLER, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: CONTROLLER, exact: true })).toBeVisible();
  const soldBy = page.getByRole('main').getByText('Sold by').first().getByRole('link');
  const shopName = (await soldBy.textContent())?.trim() ?? '';
  expect(shopName).not.toBe('');
  await soldBy.click();

  await expect(page).toHaveURL(/\/shop\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: shopName, exact: true })).toBeVisible();
  const products = page.getByRole('region', { name: 'Products' }).getByRole('article');
  await expect(products.first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Products' }).getByRole('link', { name: CONTROLLER, exact: true }),
  ).toBeVisible();
  // Every card names this shop as its seller.
  const sellers = await products.evaluateAll((cards) =>
    cards.map((c) => c.querySelector('a[href^="/shop/"]')?.textContent?.trim()),
  );
  expect(new Set(sellers)).toEqual(new Set([shopName]));
  await expectAccessible(page);

  // An unknown shop says so.
  await page.goto('/shop/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop not found' })).toBeVisible();
});
