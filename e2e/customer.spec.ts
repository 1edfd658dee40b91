import { expect, test } from '@playwright/test';
import { expectAccessible, uniqueEmail } from './helpers';

test('a customer registers, signs in, sees the customer header and signs out', async ({ page }) => {
  const email = uniqueEmail('kavya');
  await page.goto('/register');
  await expectAccessible(page);
  await page.getByLabel('First name').fill('Kavya');
  await page.getByLabel('Last name').fill('Reddy');
  await page.getByLabel('Phone number').fill('9845012345');
  await page.getByLabel('Date of birth').fill('1996-08-15');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Address').fill('22 Jubilee Hills');
  await page.getByLabel('City').fill('Hyderabad');
  await page.getByLabel('State').selectOption('Telangana');
  await page.getByLabel('PIN code').fill('500033');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('kavya-secret');
  await page.getByLabel('Confirm password').fill('kavya-secret-typo');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm password').fill('kavya-secret');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully! You can now login.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The URL changes as soon as the sign-in page starts loading; fill its form, not the one still on screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('kavya-secret');
  await page.getByRole('button', { name: 'Sign In' }).click();

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of ['Cart', 'Wallet', 'Orders', 'Profile'])
    await expect(nav.getByRole('link', { name: link })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);

  // The session survives a reload: it lives on the server, in an httpOnly cookie.
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Wallet' })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'haat_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  // The address typed at sign-up is the first saved address, the default.
  await page.goto('/profile');
  const saved = page.getByRole('listitem').filter({ hasText: '22 Jubilee Hills' });
  await expect(saved).toContainText('Hyderabad, Telangana - 500033');
  await expect(saved).toContainText('Default');

  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Register' })).toBeVisible();
});

test('the header search goes to /search?q= only with a query', async ({ page }) => {
  await page.goto('/about');
  const search = page.getByRole('search').getByLabel('Search products').first();
  await search.press('Enter');
  await expect(page).toHaveURL(/\/about$/);
  await search.fill('  silk saree ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=silk%20saree$/);
});

test('the demo customer signs in and the header shows the customer links @phone', async ({ page, isMobile }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('customer@haat.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Customer@123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Wait for the signed-in page: the phone menu opened earlier is the guest's and closes on the redirect.
  await expect(page).not.toHaveURL(/\/login/);
  if (isMobile) {
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  }
  const nav = page.locator('nav[aria-label="Main"]:visible');
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  // Nothing overflows sideways on a 375 px phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  if (isMobile) {
    // Escape closes the menu and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
  }
});
