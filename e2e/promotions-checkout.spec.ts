import { expect, test, type Page } from '@playwright/test';
import { formatRupees } from '../src/domain/money';
import { signInAdmin } from './admin-auth';
import { CSRF, newCustomer, productWithoutOptions } from './helpers';

// A shopper on a phone types a coupon at checkout: a wrong code is refused under the field, the right
// one shows what it saves and the discount in the totals, and the order placed keeps the discount. An
// automatic promotion's offer price shows on the product's card and page.

test.use({ viewport: { width: 375, height: 812 } });

/** The signed-in super admin saves a coupon (unless told) paid by Haat on the whole cart (unless told) from today. */
async function saveCoupon(admin: Page, data: Record<string, string | string[]>): Promise<{ id: string }> {
  const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  const created = await admin.request.post('/api/admin/promotions', {
    headers: CSRF,
    data: { kind: 'coupon', scope: 'cart', fundedBy: 'haat', startsOn: today, ...data },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { promotion: { id: string } }).promotion;
}

/** The signed-in shopper puts `quantity` of a new product in the cart and opens checkout; answers Pay and its text. */
async function checkoutWithNewProduct(page: Page, quantity: number) {
  const product = await productWithoutOptions(page.request, 10);
  const added = await page.request.post('/api/cart/items', {
    headers: CSRF,
    data: { productId: product.id, quantity },
  });
  expect(added.status()).toBeLessThan(300);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const pay = page.getByRole('button', { name: /^Pay ₹/ });
  await expect(pay).toBeEnabled();
  return { pay, before: (await pay.textContent())!.trim() };
}

test('a shopper applies a coupon at checkout and the order shows the discount', async ({ page, browser }) => {
  // The super admin creates a 10% coupon on the whole cart, from today.
  const code = `TEN${Date.now().toString().slice(-8)}`;
  const admin = await browser.newPage();
  try {
    await signInAdmin(admin);
    await saveCoupon(admin, {
      name: 'Ten off',
      couponCode: code,
      benefitType: 'percent',
      percent: '10',
      // At most ₹1,000 off: above it, saving needs a fresh authenticator code.
      maxDiscount: '1000',
      budgetType: 'none',
    });
  } finally {
    await admin.close();
  }

  await newCustomer(
    page.request,
    { firstName: 'Kavya', lastName: 'Rao', phoneNumber: '9845012345' },
    { streetAddress: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' },
  );
  const { pay, before } = await checkoutWithNewProduct(page, 2);

  const field = page.getByRole('textbox', { name: 'Coupon code' });
  await field.fill('nope9999');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(field).toHaveAccessibleDescription('There is no coupon with the code NOPE9999: check the spelling');
  // Said once, under the field.
  await expect(page.getByText('There is no coupon with the code NOPE9999')).toHaveCount(1);

  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  const saved = page.getByRole('list', { name: 'Offers applied' }).getByRole('listitem');
  await expect(saved).toContainText(new RegExp(`^${code} · You save ₹`));
  await expect(field).toHaveAccessibleDescription(`${code} applied`);
  const discount = page.getByText('Discount', { exact: true }).locator('..').locator('dd');
  await expect(discount).toHaveText(/^−₹/);
  const discountText = (await discount.textContent())!.trim();
  await expect(pay).toBeEnabled();
  const after = (await pay.textContent())!.trim();
  expect(after).not.toBe(before);

  await pay.click();
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await dialog.getByRole('button', { name: after }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const card = page.getByRole('article').first();
  await expect(card.getByText('Total', { exact: true }).locator('..').locator('dd')).toHaveText(
    after.replace('Pay ', ''),
  );
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: /^Order #/ });
  const orderDiscount = details.getByText('Discount', { exact: true }).locator('..').locator('dd');
  await expect(orderDiscount).toHaveText(discountText);
  await expect(details.getByText(`${code} (Ten off)`)).toBeVisible();
});

test('a coupon paused after it was applied: Pay is refused, its reason under the field', async ({ page, browser }) => {
  const code = `OFF${Date.now().toString().slice(-8)}`;
  const admin = await browser.newPage();
  try {
    await signInAdmin(admin);
    const promotion = await saveCoupon(admin, {
      name: 'Flat 100',
      couponCode: code,
      benefitType: 'fixed',
      amount: '100',
    });

    await newCustomer(
      page.request,
      { firstName: 'Arjun', lastName: 'Nair', phoneNumber: '9847012345' },
      { streetAddress: '3 Marine Drive', city: 'Kochi', state: 'Kerala', postalCode: '682031' },
    );
    const { pay, before } = await checkoutWithNewProduct(page, 1);
    const field = page.getByRole('textbox', { name: 'Coupon code' });
    await field.fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(field).toHaveAccessibleDescription(`${code} applied`);
    await expect(pay).not.toHaveText(before);

    // The super admin pauses it while the shopper looks: a paused code answers as unknown.
    expect((await admin.request.post(`/api/admin/promotions/${promotion.id}/pause`, { headers: CSRF })).status()).toBe(
      200,
    );
    await pay.click();
    await expect(field).toHaveAccessibleDescription(new RegExp(code));
    await expect(page.getByRole('dialog', { name: 'Test payment' })).toHaveCount(0);
    // The summary read again prices the order without it.
    await expect(pay).toHaveText(before);
  } finally {
    await admin.close();
  }
});

test("a shopper sees an automatic promotion's offer price on the product card and page", async ({ page, browser }) => {
  const product = await productWithoutOptions(page.request);
  const { pricePaise } = (await (await page.request.get(`/api/products/${product.id}`)).json()) as {
    pricePaise: number;
  };
  // Five days from today, India time: 'Ends 4 Dec' style.
  const end = new Date(Date.now() + 5.5 * 3600_000 + 5 * 86_400_000);
  const endsOn = end.toISOString().slice(0, 10);
  const endsText = `Ends ${end.getUTCDate()} ${end.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })}`;
  const admin = await browser.newPage();
  let promotion: { id: string } | null = null;
  try {
    await signInAdmin(admin);
    // On this one product only, so no other story's prices change; ended below.
    promotion = await saveCoupon(admin, {
      kind: 'automatic',
      name: 'Card offer',
      scope: 'products',
      productIds: [product.id],
      benefitType: 'fixed',
      amount: '10',
      endsOn,
    });
    const said = `Offer price ${formatRupees(pricePaise - 1_000)}, was ${formatRupees(pricePaise)}`;

    await page.goto(`/search?q=${encodeURIComponent(product.name)}`);
    const card = page.getByRole('article', { name: product.name }).first();
    await expect(card.getByText(said)).toHaveCount(1);
    await expect(card.getByText(`Card offer · ${endsText}`)).toBeVisible();

    await card.getByRole('link', { name: product.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText(said)).toHaveCount(1);
    await expect(page.getByText(`Card offer · ${endsText}`)).toBeVisible();
  } finally {
    if (promotion) await admin.request.post(`/api/admin/promotions/${promotion.id}/end`, { headers: CSRF });
    await admin.close();
  }
});
