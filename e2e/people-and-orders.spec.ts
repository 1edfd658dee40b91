import { expect, test, type APIRequestContext } from '@playwright/test';
import { confirmWithCode, signInAdmin } from './admin-auth';
import { apiLogin, checkoutAsShown, CSRF, expectAccessible, productWithoutOptions, uniqueEmail } from './helpers';

// In the browser: the super admin's Users and Orders tabs (search, the
// count, suspend and reactivate, change an order's status), each action with a fresh code.

/** The answer of a request that must succeed; the fields read here (ids, the signed payment) are strings. */
const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Record<string, string>> => {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, string>;
};

/** A new customer who orders the newest product without sizes or colours and pays for it through the test gateway, all through the API. */
async function customerWithAnOrder(request: APIRequestContext, email: string, password: string) {
  await ok(
    await request.post('/api/auth/register', {
      headers: CSRF,
      data: {
        role: 'customer',
        firstName: 'Devika',
        lastName: 'Nambiar',
        phoneNumber: '9847011122',
        email,
        password,
        confirmPassword: password,
      },
    }),
  );
  await apiLogin(request, email, password);
  const address = await ok(
    await request.post('/api/addresses', {
      headers: CSRF,
      data: {
        type: 'home',
        streetAddress: '4 Marine Drive',
        city: 'Kochi',
        state: 'Kerala',
        postalCode: '682031',
        isDefault: true,
      },
    }),
  );
  const product = await productWithoutOptions(request);
  await ok(await request.post('/api/cart/items', { headers: CSRF, data: { productId: product.id, quantity: 1 } }));
  const checkout = await ok(await checkoutAsShown(request, { addressId: address.id, pointsToUse: 0 }));
  const signed = await ok(await request.post(`/api/payments/${checkout.paymentId}/test-pay`, { headers: CSRF }));
  const paid = await ok(
    await request.post('/api/payments/verify', { headers: CSRF, data: { paymentId: checkout.paymentId, ...signed } }),
  );
  return { orderId: paid.orderId, product };
}

test('the super admin finds a customer on the Users tab, suspends and reactivates them, and moves their order on from the Orders tab', async ({
  page,
  browser,
}) => {
  // Three confirmed actions, each with a code of a new time step: the authenticator may wait.
  test.setTimeout(180_000);
  const email = uniqueEmail('devika');
  const password = 'Devika-Secret-1';
  const shopper = await browser.newContext();
  const { orderId, product } = await customerWithAnOrder(shopper.request, email, password);

  const nextCode = await signInAdmin(page);
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('Search by name, email or id').fill(email);
  await page.getByLabel('Search by name, email or id').press('Enter');
  const users = page.getByRole('table', { name: 'Users' });
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  const row = users.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Devika Nambiar');
  await expect(row).toContainText('Customer');
  await expect(row).toContainText('Active');
  await expectAccessible(page);

  // Suspend: the customer's session ends at once, and signing in again is refused with the reason.
  await row.getByRole('button', { name: `Suspend ${email}` }).click();
  const suspend = page.getByRole('dialog', { name: 'Suspend user' });
  await confirmWithCode(suspend, await nextCode(page));
  await expect(page.getByText('User suspended successfully').first()).toBeVisible();
  await expect(row).toContainText('Suspended');
  expect((await shopper.request.get('/api/me')).status()).toBe(401);
  const refused = await shopper.request.post('/api/auth/login', { headers: CSRF, data: { email, password } });
  expect(refused.status()).toBe(403);
  expect(JSON.stringify(await refused.json())).toContain('Your account has been suspended. Please contact support.');

  await row.getByRole('button', { name: `Reactivate ${email}` }).click();
  const reactivate = page.getByRole('dialog', { name: 'Reactivate user' });
  await confirmWithCode(reactivate, await nextCode(page));
  await expect(page.getByText('User reactivated successfully').first()).toBeVisible();
  await expect(row).toContainText('Active');
  await apiLogin(shopper.request, email, password);

  // The Orders tab finds the order by the customer's email, one row per shop's part.
  await page.getByRole('tab', { name: 'Orders' }).click();
  await page.getByLabel('Search by customer, email or order id').fill(email);
  await page.getByLabel('Search by customer, email or order id').press('Enter');
  await expect(page.getByText('1 order part (one row per shop)')).toBeVisible();
  const orders = page.getByRole('table', { name: 'Orders' });
  const part = orders.getByRole('row').filter({ hasText: email });
  await expect(part).toContainText(`#${orderId.slice(0, 8)}`);
  await expect(part).toContainText(product.name);
  await expect(part).toContainText('Pending');
  await expect(part).toContainText('Test payment: no money moved');
  await expectAccessible(page);

  await part.getByRole('button', { name: /^Change status: order / }).click();
  const change = page.getByRole('dialog', { name: 'Update order status' });
  await change.getByLabel('New status').selectOption('confirmed');
  await confirmWithCode(change, await nextCode(page));
  await expect(page.getByText('Order status updated successfully').first()).toBeVisible();
  await expect(part).toContainText('Confirmed');
  // The customer sees it on their own order at once.
  const mine = (await (await shopper.request.get(`/api/orders/${orderId}`)).json()) as { parts: { status: string }[] };
  expect(mine.parts.map((p) => p.status)).toEqual(['confirmed']);
  await shopper.close();
});
