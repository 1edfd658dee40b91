import { expect, test } from '@playwright/test';
import { expectAccessible, uniqueEmail } from './helpers';

test('a vendor registers, signs in and sees the vendor header', async ({ page }) => {
  const email = uniqueEmail('arjun');
  await page.goto('/vendor/register');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Vendor Account' }).click();
  await expect(page.getByText('Business name is required')).toBeVisible();

  await page.getByLabel('First name').fill('Arjun');
  await page.getByLabel('Last name').fill('Mehta');
  await page.getByLabel('Business name').fill('Mehta Spices');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('9822012345');
  await page.getByLabel('Business address').fill('7 Spice Market, Kochi');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('mehta-secret');
  await page.getByLabel('Confirm password').fill('mehta-secret');
  await page.getByRole('button', { name: 'Create Vendor Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The URL changes as soon as the sign-in page starts loading; fill its form, not the one still on screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('mehta-secret');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('registering with a taken email says so and keeps what was typed', async ({ page }) => {
  await page.goto('/vendor/register');
  await page.getByLabel('Business name').fill('Second Sharma Shop');
  await page.getByLabel('Email').fill('vendor@haat.test');
  await page.getByLabel('Phone').fill('9822012399');
  await page.getByLabel('Business address').fill('1 Chandni Chowk, Delhi');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret-123');
  await page.getByLabel('Confirm password').fill('secret-123');
  await page.getByRole('button', { name: 'Create Vendor Account' }).click();
  await expect(page.getByText('An account with this email already exists').first()).toBeVisible();
  await expect(page.getByLabel('Business name')).toHaveValue('Second Sharma Shop');
});
