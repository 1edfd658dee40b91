import { expect, test } from '@playwright/test';
import { apiLogin, expectAccessible, uniqueEmail } from './helpers';

test('a merchant registers through a ?ref= link and the referral is recorded', async ({ page, request }) => {
  const referrer = await apiLogin(request, 'merchant@haat.test', 'Merchant@123');
  expect(referrer.referralCode).toMatch(/^MERCH[A-Z0-9]{6}$/);

  const email = uniqueEmail('dosa');
  await page.goto(`/merchant/register?ref=${referrer.referralCode}`);
  await expectAccessible(page);
  const code = page.getByLabel('Referral code');
  await expect(code).toHaveValue(referrer.referralCode);
  await expect(code).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Cashback percentage')).toHaveValue('2');

  await page.getByLabel('Business name').fill('Dosa Corner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile number').fill('9700012345');
  await page.getByLabel('UPI ID').fill('dosacorner@okhdfc');
  await page.getByLabel('Website').fill('dosa corner');
  await page.getByLabel('Cashback percentage').fill('150');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('dosa1');
  await page.getByLabel('Confirm password').fill('dosa1');
  await page.getByRole('button', { name: 'Create Merchant Account' }).click();
  await expect(page.getByText('Cashback must be between 0 and 100')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await expect(page.getByText('Please enter a valid website address')).toBeVisible();

  await page.getByLabel('Website').fill('www.dosacorner.in');
  await page.getByLabel('Cashback percentage').fill('3.5');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('dosa-secret');
  await page.getByLabel('Confirm password').fill('dosa-secret');
  await page.getByRole('button', { name: 'Create Merchant Account' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const me = await apiLogin(request, email, 'dosa-secret');
  expect(me).toMatchObject({ role: 'merchant', businessName: 'Dosa Corner' });
  expect(me.referralCode).toMatch(/^MERCH[A-Z0-9]{6}$/);
});

test('an unknown referral code is refused with a clear message', async ({ page }) => {
  await page.goto('/merchant/register?ref=MERCHNOPE00');
  await page.getByLabel('Business name').fill('Ghost Shop');
  await page.getByLabel('Email').fill(uniqueEmail('ghost'));
  await page.getByLabel('Mobile number').fill('9700099999');
  await page.getByLabel('UPI ID').fill('ghost@okaxis');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('ghost-secret');
  await page.getByLabel('Confirm password').fill('ghost-secret');
  await page.getByRole('button', { name: 'Create Merchant Account' }).click();
  await expect(page.getByText('This referral code is not valid').first()).toBeVisible();
  await expect(page).toHaveURL(/\/merchant\/register/);
});
