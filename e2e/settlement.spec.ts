import { expect, test, type APIRequestContext } from '@playwright/test';
import { confirmWithCode, signInAdmin } from './admin-auth';
import { apiLogin, checkoutAsShown, CSRF, expectAccessible, uniqueEmail } from './helpers';

// Vendor settlement in the browser: the super admin sets a commission rate for a category with a
// fresh code; a customer buys from that category; the vendor delivers and reads its Earnings, with
// the commission, GST and TDS worked out by hand for that order; and enters its payout details.

const VENDOR = { email: 'vendor3@haat.test', password: 'Vendor@123', shop: 'Kerala Wellness Co.' };
const SOAP = 'Sandalwood Bath Soap, Pack of 4';

const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Record<string, string>> => {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, string>;
};

/** A new customer in Kochi who buys two packs of the soap (₹249 each) through the test gateway; answers the order id. */
async function customerBuysSoap(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('lakshmi');
  const password = 'Lakshmi-Secret-1';
  await ok(
    await request.post('/api/auth/register', {
      headers: CSRF,
      data: {
        role: 'customer',
        firstName: 'Lakshmi',
        lastName: 'Pillai',
        phoneNumber: '9847033344',
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
        streetAddress: '8 Broadway',
        city: 'Kochi',
        state: 'Kerala',
        postalCode: '682031',
        isDefault: true,
      },
    }),
  );
  const { items } = (await (await request.get(`/api/products?q=${encodeURIComponent(SOAP)}`)).json()) as {
    items: { id: string; name: string }[];
  };
  const soap = items.find((p) => p.name === SOAP)!;
  await ok(await request.post('/api/cart/items', { headers: CSRF, data: { productId: soap.id, quantity: 2 } }));
  const checkout = await ok(await checkoutAsShown(request, { addressId: address.id, pointsToUse: 0 }));
  const signed = await ok(await request.post(`/api/payments/${checkout.paymentId}/test-pay`, { headers: CSRF }));
  return (
    await ok(
      await request.post('/api/payments/verify', { headers: CSRF, data: { paymentId: checkout.paymentId, ...signed } }),
    )
  ).orderId;
}

test('the super admin sets a category commission; the vendor delivers an order and sees every deduction in Earnings, then gives its payout details', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const nextCode = await signInAdmin(page);
  await page.getByRole('tab', { name: 'Commission & tax' }).click();
  await page.getByRole('button', { name: 'Add rule' }).click();
  const form = page.getByRole('form', { name: 'Add a commission rule' });
  await form.getByLabel('Scope').selectOption('category');
  await form.getByLabel('Category').selectOption({ label: 'Health & Beauty' });
  await form.getByLabel('Rate (%)').fill('12');
  await form.getByRole('button', { name: 'Review and confirm' }).click();
  await confirmWithCode(page.getByRole('dialog', { name: 'Add commission rule' }), await nextCode(page));
  const rules = page.getByRole('table', { name: 'Commission rules' });
  await expect(rules.getByRole('row').filter({ hasText: 'Health & Beauty' }).filter({ hasText: '12%' })).toBeVisible();

  // The customer's order, placed after the rule: 2 x ₹249 = ₹498.
  const shopper = await browser.newContext();
  const orderId = await customerBuysSoap(shopper.request);
  await shopper.close();

  const vendorContext = await browser.newContext();
  const vendor = await vendorContext.newPage();
  try {
    await vendor.goto('/login');
    await vendor.getByLabel('Email').fill(VENDOR.email);
    await vendor.getByRole('textbox', { name: 'Password', exact: true }).fill(VENDOR.password);
    await vendor.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      vendor
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /Dashboard|Orders/ })
        .first(),
    ).toBeVisible();
    // Delivered through the vendor's API (the Orders tab's buttons are another spec's subject).
    const parts = (await (await vendor.request.get('/api/vendor/orders?pageSize=100')).json()) as {
      items: { orderId: string; partId: string }[];
    };
    const part = parts.items.find((p) => p.orderId === orderId)!;
    await ok(
      await vendor.request.patch(`/api/vendor/orders/parts/${part.partId}/status`, {
        headers: CSRF,
        data: { status: 'delivered' },
      }),
    );

    await vendor.goto('/vendor/dashboard?tab=earnings');
    await expect(vendor.getByRole('heading', { name: 'Statement' })).toBeVisible();
    // By hand: Kerala Wellness has no GSTIN, so it charges no GST (a bill of supply: GST ₹0) and no TCS;
    // commission 12 % of ₹498 = ₹59.76; no PAN, so TDS 5 % of the gross = ₹24.90; net 498 - 59.76 - 24.90 = ₹413.34.
    const row = vendor
      .getByRole('table', { name: /Your statement/ })
      .getByRole('row')
      .filter({ hasText: `#${orderId.slice(0, 8).toUpperCase()}` });
    await expect(row).toContainText('₹498');
    // The cells: order, status, gross, GST, commission, TCS, TDS, net.
    await expect(row.getByRole('cell').nth(3)).toHaveText('₹0');
    await expect(row).toContainText('₹59.76');
    await expect(row).toContainText('₹24.90');
    await expect(row).toContainText('₹413.34');
    await expect(row).toContainText(/Pending until|Payable/);
    await expectAccessible(vendor);

    // Payout details: a PAN from now on means TDS at 0.1 % on the next orders.
    await vendor.goto('/profile?tab=payouts');
    await vendor.getByRole('radio', { name: /UPI/ }).check();
    await vendor.getByLabel('UPI ID').fill('keralawellness@okhdfcbank');
    await vendor.getByLabel('PAN').fill('AAACK1234M');
    await vendor.getByLabel('Current password').fill(VENDOR.password);
    await vendor.getByRole('button', { name: /Save/ }).click();
    await expect(vendor.getByText('keralawellness@okhdfcbank').first()).toBeVisible();
  } finally {
    await vendorContext.close();
  }
});
