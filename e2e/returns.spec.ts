import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiLogin, checkoutAsShown, CSRF, expectAccessible, uniqueEmail, vendorProduct } from './helpers';

// Returns and refunds: a customer's order from the demo's Jaipur Handloom House is paid
// through the test gateway and delivered; the customer asks to return it from the order's details
// (reason, comment, a photo); the shop approves it in its Returns tab and marks it received; the
// customer's order then says it was refunded to the original payment method. At 375 px the request
// and the returns section. These run against the second e2e server, whose return window is 7 days
// (the main one runs with RETURN_WINDOW_DAYS=0, where nothing can be returned).

const baseURL = `http://127.0.0.1:${process.env.E2E_RETURNS_PORT}`;
test.use({ baseURL });

const VENDOR = { email: 'vendor2@haat.test', password: 'Vendor@123' };
const DUPATTA = 'Hand block printed cotton dupatta.';

const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Record<string, unknown>> => {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
};

const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(paise / 100);

/**
 * A new customer (signed in on `customer`) buys the product through the test gateway, and the
 * vendor (signed in on `vendor`) ships and delivers it through its API.
 */
async function deliveredPurchase(
  customer: APIRequestContext,
  vendor: APIRequestContext,
  productId: string,
): Promise<{ orderId: string; paidPaise: number }> {
  const email = uniqueEmail('meera');
  const password = 'Meera-Secret-1';
  await ok(
    await customer.post('/api/auth/register', {
      headers: CSRF,
      data: {
        role: 'customer',
        firstName: 'Meera',
        lastName: 'Iyer',
        phoneNumber: '9847011122',
        email,
        password,
        confirmPassword: password,
      },
    }),
  );
  await apiLogin(customer, email, password);
  const address = await ok(
    await customer.post('/api/addresses', {
      headers: CSRF,
      data: {
        type: 'home',
        streetAddress: '8 Temple Street',
        city: 'Jaipur',
        state: 'Rajasthan',
        postalCode: '302001',
        isDefault: true,
      },
    }),
  );
  await ok(await customer.post('/api/cart/items', { headers: CSRF, data: { productId, quantity: 1 } }));
  const checkout = (await ok(await checkoutAsShown(customer, { addressId: String(address.id) }))) as {
    status: string;
    paymentId: string;
    amountPaise: number;
  };
  expect(checkout.status).toBe('payment_required');
  const signed = await ok(await customer.post(`/api/payments/${checkout.paymentId}/test-pay`, { headers: CSRF }));
  const { orderId } = (await ok(
    await customer.post('/api/payments/verify', { headers: CSRF, data: { paymentId: checkout.paymentId, ...signed } }),
  )) as { orderId: string };
  const parts = (await (await vendor.get('/api/vendor/orders?pageSize=100')).json()) as {
    items: { orderId: string; partId: string }[];
  };
  const part = parts.items.find((p) => p.orderId === orderId)!;
  for (const status of ['shipped', 'delivered'])
    await ok(await vendor.patch(`/api/vendor/orders/parts/${part.partId}/status`, { headers: CSRF, data: { status } }));
  return { orderId, paidPaise: checkout.amountPaise };
}

/** The order's details dialog on /orders. */
async function openDetails(page: Page, name: string) {
  await page.goto('/orders');
  const card = page.getByRole('article').filter({ hasText: name });
  await card.getByRole('button', { name: /View Details/ }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByRole('heading', { name: 'Returns' })).toBeVisible();
  return details;
}

/** From the order's details: Return items, the product ticked, a reason, a comment and a photo, sent. */
async function requestReturn(page: Page, name: string) {
  const details = await openDetails(page, name);
  await details.getByRole('button', { name: 'Return items' }).click();
  const form = page.getByRole('dialog', { name: 'Return items' });
  await expect(form).toContainText('Return by');
  // Sending without a reason is refused next to the field.
  await form.getByRole('checkbox', { name: new RegExp(name) }).check();
  await form.getByRole('button', { name: 'Request return' }).click();
  await expect(form.getByText('Please choose a reason for the return')).toBeVisible();
  await form.getByLabel('Reason').selectOption('Damaged or defective');
  await form.getByLabel('Comment').fill('The print has smudged along one edge.');
  const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 180, g: 40, b: 60 } } })
    .png()
    .toBuffer();
  await form.locator('input[type="file"]').setInputFiles({ name: 'smudge.png', mimeType: 'image/png', buffer: photo });
  await expect(form.getByRole('button', { name: 'Remove Photo 1' })).toBeVisible();
  await expect(form.getByRole('progressbar')).toHaveCount(0);
  await form.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByText('Return requested. The shop will reply soon.')).toBeVisible();
  await expect(form).toBeHidden();
}

async function vendorContext(browser: Browser) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await apiLogin(page.request, VENDOR.email, VENDOR.password);
  return { context, page };
}

test('a customer returns a delivered item; the shop approves it and marks it received; the customer is refunded to the original payment method', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Bagru Print Dupatta ${Date.now().toString(36)}`;
  const { context, page: v } = await vendorContext(browser);
  try {
    const { id: productId } = await vendorProduct(v.request, { name, price: 450, description: DUPATTA });
    const { orderId, paidPaise } = await deliveredPurchase(page.request, v.request, productId);
    await requestReturn(page, name);
    const details = await openDetails(page, name);
    await expect(details.getByText('Return requested', { exact: true }).first()).toBeVisible();
    await expect(details.getByText('Waiting for the shop to reply')).toBeVisible();

    // The shop's Returns tab: approve, then the item comes back: mark it received.
    const ref = `#${orderId.slice(0, 8).toUpperCase()}`;
    await v.goto('/vendor/dashboard?tab=returns');
    const card = v.getByRole('listitem', { name: `Order ${ref}` });
    await expect(card).toContainText('Damaged or defective');
    await expect(card).toContainText('The print has smudged along one edge.');
    await expect(card.getByRole('link', { name: /Photo 1/ })).toBeVisible();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(v.getByText('Return approved: collect the item, then mark it received')).toBeVisible();
    await card.getByRole('button', { name: 'Mark received' }).click();
    const receive = v.getByRole('dialog', { name: 'Mark received' });
    await receive.getByRole('button', { name: 'Yes, received' }).click();
    await expect(v.getByText('Item received back: the customer is refunded')).toBeVisible();
    await expect(receive).toBeHidden();
    await expect(card).toContainText('Refunded');

    // The stock is back, and the customer reads the refund on the order.
    expect(
      ((await (await page.request.get(`/api/products/${productId}`)).json()) as { stockQuantity: number })
        .stockQuantity,
    ).toBe(5);
    const after = await openDetails(page, name);
    await expect(after.getByText('Refunded', { exact: true }).first()).toBeVisible();
    // The item's price comes back (₹450 of the ₹549 paid: delivery was done, and is not refunded).
    expect(paidPaise).toBe(54_900);
    await expect(after).toContainText(`${rupees(45_000)} refunded to your original payment method`);
  } finally {
    await context.close();
  }
});

test('on a 375 px phone, a customer asks to return a delivered item and follows it @phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Sanganeri Table Runner ${Date.now().toString(36)}`;
  const { context, page: v } = await vendorContext(browser);
  try {
    const { id: productId } = await vendorProduct(v.request, { name, price: 450, description: DUPATTA });
    await deliveredPurchase(page.request, v.request, productId);
  } finally {
    await context.close();
  }
  await requestReturn(page, name);
  const details = await openDetails(page, name);
  await expect(details.getByText('Return requested', { exact: true }).first()).toBeVisible();
  await expect(details.getByRole('list', { name: 'Return progress' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.mouse.move(0, 0);
  await expect(page.getByText('Return requested. The shop will reply soon.')).toBeHidden({ timeout: 8000 });
  await expectAccessible(page);
});
