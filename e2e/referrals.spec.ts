import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { confirmWithCode, signInAdmin } from './admin-auth';
import { CSRF, expectAccessible, uniqueEmail } from './helpers';

// A customer's referral link brings in a new merchant; the super admin verifies
// it; the merchant records UPI payments from a customer, whose cashback is pending, then available
// (the e2e server runs with RETURN_WINDOW_DAYS=0); when the merchant reaches the referral thresholds
// (5 payments, ₹500: the defaults), the referring customer receives the referral reward.

// The referring customer registers for this journey, so the reward is read against a balance no other spec touches.
const REFERRER = { email: uniqueEmail('referrer'), password: 'Referrer-Secret-1' };

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

const wallet = async (request: APIRequestContext) =>
  (await (await request.get('/api/wallet')).json()) as { availablePoints: number; pendingPoints: number };

test('a customer refers a merchant, who is verified, records UPI payments with cashback, and qualifies the referral', async ({
  browser,
}) => {
  // The super admin's step-up codes may wait for the authenticator's next time step.
  test.setTimeout(240_000);

  // 1. A customer copies the referral link from /profile.
  const referrer = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const referrerPage = await referrer.newPage();
  const registered = await referrer.request.post('/api/auth/register', {
    headers: CSRF,
    data: {
      role: 'customer',
      firstName: 'Lakshmi',
      lastName: 'Iyer',
      phoneNumber: '9847033344',
      email: REFERRER.email,
      password: REFERRER.password,
      confirmPassword: REFERRER.password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await signIn(referrerPage, REFERRER.email, REFERRER.password);
  await referrerPage.goto('/profile');
  const referrals = referrerPage.getByRole('region', { name: 'Refer and earn' });
  const linkBox = referrals.getByLabel('Referral link');
  const link = await linkBox.inputValue();
  expect(link).toMatch(/\/register\?ref=CUST[A-Z0-9]{6}$/);
  await referrals.getByRole('button', { name: 'Copy link' }).click();
  await expect(referrerPage.getByText('Referral link copied')).toBeVisible();
  expect(await referrerPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(referrals.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(link).replace(/[.?]/g, '\\$&')}`),
  );
  await expect(referrals.getByRole('link', { name: 'Download QR (PNG)' })).toHaveAttribute('download', /\.png$/);
  const before = await wallet(referrer.request);
  expect(before.availablePoints).toBe(0);
  const code = new URL(link).searchParams.get('ref') ?? '';

  // 2. A new merchant opens the link and registers as a merchant through it: the code goes along, read-only.
  const merchant = await browser.newContext();
  const page = await merchant.newPage();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('link', { name: 'Register as a merchant' }).click();
  await expect(page).toHaveURL(new RegExp(`/merchant/register\\?ref=${code}$`));
  await expect(page.getByLabel('Referral code')).toHaveValue(code);
  await expect(page.getByLabel('Referral code')).toHaveAttribute('readonly', '');
  const business = `Udupi Tiffins ${Date.now().toString(36)}`;
  const email = uniqueEmail('udupi');
  await page.getByLabel('Business name').fill(business);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile number').fill('9700023456');
  await page.getByLabel('UPI ID').fill('udupitiffins@okaxis');
  await page.getByLabel('Cashback percentage').fill('5');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('udupi-secret');
  await page.getByLabel('Confirm password').fill('udupi-secret');
  await page.getByRole('button', { name: 'Create Merchant Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await referrerPage.reload();
  await expect(
    referrerPage
      .getByRole('region', { name: 'Refer and earn' })
      .getByRole('row')
      .filter({ hasText: 'Merchant' })
      .first(),
  ).toContainText('Waiting to qualify');

  // 3. The merchant signs in: the header leads to the dashboard, which says verification is pending.
  await signIn(page, email, 'udupi-secret');
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/merchant\/dashboard$/);
  await expect(page.getByText('Awaiting verification.')).toBeVisible();
  await expect(page.getByRole('img', { name: /UPI QR code to pay/ })).toBeVisible();
  await expectAccessible(page);

  // 4. A customer pays twice by UPI; the merchant records both payments.
  const payer = await browser.newContext();
  const payerEmail = uniqueEmail('sneha');
  const reg = await payer.request.post('/api/auth/register', {
    headers: CSRF,
    data: {
      role: 'customer',
      firstName: 'Sneha',
      lastName: 'Pillai',
      phoneNumber: '9700034567',
      email: payerEmail,
      password: 'sneha-secret',
      confirmPassword: 'sneha-secret',
    },
  });
  expect(reg.status()).toBe(201);
  await payer.request.post('/api/auth/login', { headers: CSRF, data: { email: payerEmail, password: 'sneha-secret' } });

  await page.getByRole('tab', { name: 'Payments' }).click();
  const form = page.getByRole('form', { name: 'Record payment' });
  const record = async (customer: string, amount: string, reference: string) => {
    await form.getByLabel("Customer's phone or email").fill(customer);
    await form.getByLabel('Amount (₹)').fill(amount);
    await form.getByLabel('UPI transaction reference').fill(reference);
    await form.getByRole('button', { name: 'Record payment' }).click();
  };
  const stamp = String(Date.now()).slice(-9);
  await record('+91 97000 34567', '240', `101${stamp}`);
  await expect(
    page.getByText('Payment recorded successfully! 12 cashback points are pending for the customer.'),
  ).toBeVisible();
  await record(payerEmail, '199.90', `102${stamp}`);
  await expect(
    page.getByText('Payment recorded successfully! 9 cashback points are pending for the customer.'),
  ).toBeVisible();
  // The same reference again is refused.
  await record(payerEmail, '50', `102${stamp}`);
  await expect(form.getByText('You already recorded a payment with this UPI transaction reference')).toBeVisible();
  const payments = page.getByRole('table', { name: 'Recorded UPI payments, newest first' });
  await expect(payments.getByRole('row')).toHaveCount(3);
  await expect(payments.getByRole('row').nth(1)).toContainText('S*** P***');
  await expect(payments.getByRole('row').nth(1)).toContainText('••••4567');
  await expect(payments.getByRole('row').nth(1)).toContainText('Pending');

  // 5. The paying customer's wallet shows the cashback pending, with the business's name.
  const payerPage = await payer.newPage();
  await payerPage.goto('/wallet');
  await expect(payerPage.getByText(`Cashback from ${business}`).first()).toBeVisible();
  expect(await wallet(payer.request)).toMatchObject({ pendingPoints: 21, availablePoints: 0 });

  // 6. The super admin verifies the merchant (a fresh code), which releases the cashback past the return window (0 days here).
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  const nextCode = await signInAdmin(adminPage);
  await adminPage.getByRole('tab', { name: 'Merchants' }).click();
  await adminPage.getByRole('searchbox', { name: /Search by business/ }).fill(business);
  await adminPage.getByRole('button', { name: `Verify merchant: ${business}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Verify merchant' });
  await confirmWithCode(dialog, await nextCode(adminPage));
  await expect(adminPage.getByRole('button', { name: `Unverify merchant: ${business}` })).toBeVisible();

  await page.reload();
  await expect(page.getByText('Verified business.')).toBeVisible();
  await payerPage.reload();
  await expect(payerPage.getByText(`Cashback from ${business}: now available`).first()).toBeVisible();
  expect(await wallet(payer.request)).toMatchObject({ pendingPoints: 0, availablePoints: 21 });

  // 7. Only payments recorded while the merchant is verified count toward a referral: five more of
  //    ₹100 reach the thresholds (5 payments, ₹500); the super admin processes qualifications.
  for (let i = 0; i < 5; i++) {
    await record(payerEmail, '100', `${103 + i}${stamp}`);
    await expect(payments.getByRole('row')).toHaveCount(4 + i);
  }
  await adminPage.getByRole('tab', { name: 'Settings' }).click();
  await adminPage.getByRole('button', { name: 'Process referral qualifications' }).click();
  const processing = adminPage.getByRole('dialog', { name: 'Process referral qualifications' });
  await confirmWithCode(processing, await nextCode(adminPage));
  // The qualification job (every 10 minutes) may have qualified it a moment before, and then this run finds
  // none new: the referrer's wallet below shows the reward either way.
  await expect(adminPage.getByText(/^Processed referrals: \d+ newly qualified$/)).toBeVisible();

  // 8. The referring customer's wallet shows the reward, with the merchant's name masked.
  await referrerPage.goto('/wallet');
  const initials = business
    .split(' ')
    .map((w) => `${w[0]}***`)
    .join(' ');
  await expect(referrerPage.getByText(`Referral reward: ${initials}`)).toBeVisible();
  expect((await wallet(referrer.request)).availablePoints).toBe(before.availablePoints + 100);
  await referrerPage.goto('/profile');
  await expect(
    referrerPage
      .getByRole('region', { name: 'Refer and earn' })
      .getByRole('row')
      .filter({ hasText: 'Merchant' })
      .first(),
  ).toContainText('Qualified');

  for (const context of [referrer, merchant, payer, admin]) await context.close();
});

test('a sign-up link with a mistyped referral code does not block sign-up: the person removes the code and registers without one', async ({
  page,
}) => {
  await page.goto('/merchant/register?ref=MERCH123QZX');
  await expect(page.getByLabel('Referral code')).toHaveValue('MERCH123QZX');
  const email = uniqueEmail('typo');
  await page.getByLabel('Business name').fill('Mysore Silks Corner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile number').fill('9700034567');
  await page.getByLabel('UPI ID').fill('mysoresilks@okaxis');
  await page.getByLabel('Cashback percentage').fill('3');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('mysore-secret');
  await page.getByLabel('Confirm password').fill('mysore-secret');
  await page.getByRole('button', { name: 'Create Merchant Account' }).click();
  await expect(page.getByText('This referral code is not valid').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Remove referral code' }).click();
  await expect(page.getByLabel('Referral code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Merchant Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
