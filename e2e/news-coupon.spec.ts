import { expect, test } from '@playwright/test';
import { confirmWithCode, signInAdmin } from './admin-auth';
import { CSRF, newCustomer, productWithoutOptions } from './helpers';

// The super admin sends news with a coupon code; a shopper opens it in the inbox and taps Apply code:
// checkout opens with the code applied. A shopper who must sign in first comes back to it.

test('news with a coupon code: the shopper taps Apply code and checkout applies it', async ({ page, browser }) => {
  // Three of the super admin's authenticator codes (sign-in and two sends), each maybe waiting for its next
  // 30-second step while other stories use the same authenticator.
  test.setTimeout(180_000);
  const code = `NEWS${Date.now().toString().slice(-8)}`;
  const shopper = await newCustomer(
    page.request,
    { firstName: 'Meera', lastName: 'Iyer', phoneNumber: '9845098765' },
    { streetAddress: '4 Residency Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560025' },
  );
  const product = await productWithoutOptions(page.request, 5);
  const added = await page.request.post('/api/cart/items', { headers: CSRF, data: { productId: product.id } });
  expect(added.status()).toBeLessThan(300);

  const admin = await browser.newPage();
  try {
    const nextCode = await signInAdmin(admin);
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const created = await admin.request.post('/api/admin/promotions', {
      headers: CSRF,
      data: {
        name: 'News offer',
        kind: 'coupon',
        couponCode: code,
        benefitType: 'fixed',
        amount: '50',
        scope: 'cart',
        fundedBy: 'haat',
        startsOn: today,
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await admin.goto('/admin/dashboard?tab=notifications');
    const form = admin.getByRole('form', { name: 'Send news' });
    await form.getByLabel('Send to').selectOption('customers');
    await form.getByRole('textbox', { name: 'Title' }).fill('Weekend offer');
    await form.getByRole('textbox', { name: 'Message' }).fill('₹50 off your next order this weekend.');
    // A code no promotion has is refused under the field once the code is confirmed.
    const coupon = form.getByRole('textbox', { name: 'Coupon code (optional)' });
    await coupon.fill('nosuch123');
    await form.getByRole('button', { name: 'Review and send' }).click();
    let dialog = admin.getByRole('dialog', { name: 'Send news' });
    await confirmWithCode(dialog, await nextCode(admin));
    await expect(coupon).toHaveAccessibleDescription(/No promotion that has not ended has the coupon code NOSUCH123/);

    await coupon.fill(code.toLowerCase());
    await form.getByRole('button', { name: 'Review and send' }).click();
    dialog = admin.getByRole('dialog', { name: 'Send news' });
    await expect(dialog.getByText(`With the button Apply code ${code}`)).toBeVisible();
    await confirmWithCode(dialog, await nextCode(admin));
    await expect(admin.getByText(/^News sent to [\d,]+ accounts?$/)).toBeVisible();
  } finally {
    await admin.close();
  }

  await page.goto('/notifications');
  await expect(page.getByText('Weekend offer')).toBeVisible();
  await page.getByRole('button', { name: `Apply code ${code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/cart\\?coupon=${code}$`));
  const field = page.getByRole('textbox', { name: 'Coupon code' });
  await expect(field).toHaveValue(code);
  await expect(field).toHaveAccessibleDescription(`${code} applied`);
  await expect(page.getByRole('list', { name: 'Offers applied' })).toContainText(`${code} · You save ₹50`);

  // Signed out, the same link goes through sign-in and comes back to checkout with the code.
  const guest = await browser.newPage();
  try {
    await guest.goto(`/cart?coupon=${code}`);
    await expect(guest).toHaveURL(/\/login\?next=/);
    await guest.getByLabel('Email').fill(shopper.email);
    await guest.getByRole('textbox', { name: 'Password', exact: true }).fill(shopper.password);
    await guest.getByRole('button', { name: 'Sign In' }).click();
    const again = guest.getByRole('textbox', { name: 'Coupon code' });
    await expect(again).toHaveAccessibleDescription(`${code} applied`);
  } finally {
    await guest.close();
  }
});
