import { expect, test, type APIRequestContext } from '@playwright/test';
import { confirmWithCode, signInAdmin } from './admin-auth';
import { checkoutAsShown, CSRF, customerWithPoints, expectAccessible, productWithoutOptions } from './helpers';

// In the browser: the super admin deletes a customer's order with a fresh code.
// Its open part is cancelled and refunded as the customer's own cancel would be, and the order
// leaves the Orders tab and the customer's Orders page; the customer gets their points back.

const POINTS = 50;

const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Record<string, string>> => {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, string>;
};

test('the super admin deletes an order: it is cancelled and refunded, and gone from the admin list and the customer’s orders', async ({
  page,
  browser,
}) => {
  // Sign-in and the delete each take a code of a new time step: the authenticator may wait.
  test.setTimeout(120_000);
  const shopper = await browser.newContext();
  const vendor = await browser.newContext();
  try {
    // A customer with points of their own buys something, using some of them, through the test gateway.
    const customer = await customerWithPoints(shopper.request, vendor.request, POINTS);
    const { request } = shopper;
    const product = await productWithoutOptions(request);
    const [address] = ((await (await request.get('/api/addresses')).json()) as { items: { id: string }[] }).items;
    await ok(await request.post('/api/cart/items', { headers: CSRF, data: { productId: product.id, quantity: 1 } }));
    const checkout = await ok(await checkoutAsShown(request, { addressId: address.id, pointsToUse: POINTS }));
    const signed = await ok(await request.post(`/api/payments/${checkout.paymentId}/test-pay`, { headers: CSRF }));
    const { orderId } = await ok(
      await request.post('/api/payments/verify', { headers: CSRF, data: { paymentId: checkout.paymentId, ...signed } }),
    );
    const ref = `#${orderId.slice(0, 8).toUpperCase()}`;

    // The customer sees the order, and the points it used gone from the wallet.
    const mine = await shopper.newPage();
    await mine.goto('/orders');
    await expect(mine.getByRole('article', { name: `Order ${ref}` })).toBeVisible();
    await mine.goto('/wallet');
    const available = mine.getByRole('region', { name: 'Balances' }).getByText('Available points').locator('..');
    await expect(available).toContainText((customer.availablePoints - POINTS).toLocaleString('en-IN'));

    // The super admin finds it on the Orders tab and deletes it with a fresh code.
    const nextCode = await signInAdmin(page);
    await page.getByRole('tab', { name: 'Orders' }).click();
    const search = page.getByLabel('Search by customer, email or order id');
    await search.fill(orderId);
    await search.press('Enter');
    await expect(page.getByText('1 order part (one row per shop)')).toBeVisible();
    const orders = page.getByRole('table', { name: 'Orders' });
    const row = orders.getByRole('row').filter({ hasText: `#${orderId.slice(0, 8)}` });
    await expect(row).toContainText(product.name);
    await expectAccessible(page);
    await row.getByRole('button', { name: /^Delete Order #/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete order' });
    // The dialog says what will happen before it asks for the code.
    await expect(dialog).toContainText('Every part not yet shipped is cancelled');
    await expect(dialog).toContainText('its history, payments and ledgers are kept');
    await confirmWithCode(dialog, await nextCode(page));
    await expect(
      page
        .getByText(
          'Order deleted successfully. Its open parts were cancelled and refunded; its history and ledger are kept.',
        )
        .first(),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Nothing matches the search.')).toBeVisible();
    await expect(row).toHaveCount(0);

    // The customer's Orders page no longer lists it; their points are back, and they are told what comes back.
    await mine.goto('/orders');
    await expect(mine.getByRole('heading', { name: /^Order #/ }).first()).toBeVisible();
    await expect(mine.getByRole('article', { name: `Order ${ref}` })).toHaveCount(0);
    await mine.goto('/wallet');
    await expect(available).toContainText(customer.availablePoints.toLocaleString('en-IN'));
    await expect(mine.getByText(`Points used on cancelled order ${ref} refunded`)).toBeVisible();
    await mine.goto('/notifications');
    const notice = mine.getByRole('link', { name: new RegExp(`Order ${ref} cancelled at`) });
    await expect(notice).toContainText('is refunded to the way you paid');
    await expect(notice).toContainText(`${POINTS} points are back in your wallet`);
  } finally {
    await shopper.close();
    await vendor.close();
  }
});
