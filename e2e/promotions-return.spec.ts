import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatRupees } from '../src/domain/money';
import { apiLogin, CSRF, entriesOf, expectAccessible, newCustomer, vendorMovesPart, vendorProduct } from './helpers';

// A return of one of two discounted items refunds exactly that item's share of what was paid, on a
// phone and on a laptop. Jaipur Handloom House gives 20 % off its dupatta with its own coupon; a shopper
// buys two at ₹450 (₹180 off, ₹720 for the two), returns one, and is refunded ₹360: the item's price
// less its half of the discount. On the second e2e server, whose return window is 7 days.

const baseURL = `http://127.0.0.1:${process.env.E2E_RETURNS_PORT}`;
test.use({ baseURL });

const VENDOR = { email: 'vendor2@haat.test', password: 'Vendor@123' };

const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>) => {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
};

/** The details dialog of the shopper's order holding `name`, opened from /orders. */
async function orderDetails(page: Page, name: string) {
  await page.goto('/orders');
  await page
    .getByRole('article')
    .filter({ hasText: name })
    .getByRole('button', { name: /View Details/ })
    .click();
  return page.getByRole('dialog');
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('returning one of two discounted dupattas refunds exactly its share of what was paid', async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      const stamp = `${width}${Date.now().toString().slice(-7)}`;
      const name = `Bagru dupatta ${stamp}`;
      const code = `JAIPUR${stamp}`;
      const vendor = await browser.newContext({ baseURL });
      const v = vendor.request;
      try {
        const { id: vendorId } = (await apiLogin(v, VENDOR.email, VENDOR.password)) as { id: string };
        const { id: productId } = await vendorProduct(v, { name, price: 450 });
        const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
        await ok(
          await v.post('/api/vendor/promotions', {
            headers: CSRF,
            data: {
              name: `Jaipur favourites ${stamp}`,
              kind: 'coupon',
              couponCode: code,
              scope: 'products',
              productIds: [productId],
              benefitType: 'percent',
              percent: '20',
              fundedBy: 'vendor',
              vendorId,
              startsOn: today,
            },
          }),
        );

        // The shopper (in Jaipur: the shop delivers within Rajasthan) buys two with the code.
        const { addressId } = await newCustomer(
          page.request,
          { firstName: 'Meera', lastName: 'Iyer', phoneNumber: '9847011122' },
          { streetAddress: '8 Temple Street', city: 'Jaipur', state: 'Rajasthan', postalCode: '302001' },
        );
        await ok(await page.request.post('/api/cart/items', { headers: CSRF, data: { productId, quantity: 2 } }));
        const summary = await ok(await page.request.get(`/api/checkout/summary?pointsToUse=0&couponCode=${code}`));
        const { amounts } = summary as { amounts: { totalPaise: number; discountPaise?: number } };
        const checkout = (await ok(
          await page.request.post('/api/checkout', {
            headers: CSRF,
            data: { addressId, couponCode: code, expectedTotalPaise: amounts.totalPaise },
          }),
        )) as { paymentId: string };
        const signed = await ok(
          await page.request.post(`/api/payments/${checkout.paymentId}/test-pay`, { headers: CSRF }),
        );
        const { orderId } = (await ok(
          await page.request.post('/api/payments/verify', {
            headers: CSRF,
            data: { paymentId: checkout.paymentId, ...signed },
          }),
        )) as { orderId: string };
        await vendorMovesPart(v, orderId, [{ status: 'shipped' }, { status: 'delivered' }]);

        // From the order's details: return one of the two.
        const details = await orderDetails(page, name);
        await expect(details.getByText(`−${formatRupees(18_000)}`).first()).toBeVisible();
        await details.getByRole('button', { name: 'Return items' }).click();
        const form = page.getByRole('dialog', { name: 'Return items' });
        await form.getByRole('checkbox', { name: new RegExp(name) }).check();
        const howMany = form.getByRole('spinbutton', { name: `How many of ${name}` });
        await howMany.fill('1');
        await howMany.press('Enter');
        await expect(howMany).toHaveValue('1');
        await form.getByLabel('Reason').selectOption('Damaged or defective');
        await form.getByLabel('Comment').fill('One has a torn edge.');
        await expectAccessible(page);
        await form.getByRole('button', { name: 'Request return' }).click();
        await expect(page.getByText('Return requested. The shop will reply soon.')).toBeVisible();
        await expect(form).toBeHidden();

        // The shop approves the return and marks the item received.
        const returns = entriesOf<{ id: string; orderId: string; items: { quantity: number }[] }>(
          await (await v.get('/api/vendor/returns?pageSize=100')).json(),
        );
        const asked = returns.find((r) => r.orderId === orderId)!;
        expect(asked.items.map((i) => i.quantity)).toEqual([1]);
        await ok(await v.post(`/api/vendor/returns/${asked.id}/approve`, { headers: CSRF }));
        await ok(await v.post(`/api/vendor/returns/${asked.id}/received`, { headers: CSRF }));

        // ₹450 less its half of the ₹180 discount: ₹360, to the original payment method.
        const after = await orderDetails(page, name);
        await expect(after.getByText('Refunded', { exact: true }).first()).toBeVisible();
        await expect(after).toContainText(`${formatRupees(36_000)} refunded to your original payment method`);
        // The other dupatta can still be returned.
        await after.getByRole('button', { name: 'Return items' }).click();
        await expect(page.getByRole('dialog', { name: 'Return items' })).toContainText('1 of 2 can be returned');
      } finally {
        await vendor.close();
      }
    });
  });
}
