import { expect, test } from '@playwright/test';
import { CSRF, expectAccessible, mailedLinkFor, uniqueEmail } from './helpers';

// A forgotten password is reset from /login with a single-use link (the mail lands
// in DATA_DIR/outbox when no SMTP server is configured), and customers change their password and
// email from /profile.

/** The reset link in the newest mail to this address, from the e2e server's outbox. */
const resetLinkFor = (email: string) => mailedLinkFor(email, /https?:\/\/\S+\/reset-password\?token=[0-9a-f]{64}/);

async function registerCustomer(
  request: import('@playwright/test').APIRequestContext,
  email: string,
  password: string,
) {
  const res = await request.post('/api/auth/register', {
    headers: CSRF,
    data: {
      role: 'customer',
      firstName: 'Meera',
      lastName: 'Iyer',
      phoneNumber: '9840012345',
      email,
      password,
      confirmPassword: password,
    },
  });
  expect(res.status()).toBe(201);
}

test('a customer who forgot the password resets it from /login through the mailed link, once @phone', async ({
  page,
}) => {
  const email = uniqueEmail('meera');
  await registerCustomer(page.request, email, 'old-secret-1');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that email, we have sent it a link')).toBeVisible();

  await expect.poll(() => resetLinkFor(email)).not.toBeNull();
  const link = new URL(resetLinkFor(email)!);
  await page.goto(link.pathname + link.search);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('new-secret-2');
  await page.getByLabel('Confirm password').fill('new-secret-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been reset. Please sign in with your new password.')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('new-secret-2');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back, Meera Iyer!')).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(200);

  // The same link a second time: it says so, and offers a new one.
  await page.goto(link.pathname + link.search);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('third-secret-3');
  await page.getByLabel('Confirm password').fill('third-secret-3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText('This reset link has expired or has already been used. Please ask for a new one.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send me a new link' })).toBeVisible();
});

test('a customer changes the password and the email from /profile', async ({ page }) => {
  const email = uniqueEmail('farhan');
  await registerCustomer(page.request, email, 'first-secret-1');
  await page.request.post('/api/auth/login', { headers: CSRF, data: { email, password: 'first-secret-1' } });
  await page.goto('/profile');
  const settings = page.getByRole('region', { name: 'Account settings' });

  await settings.getByRole('button', { name: 'Change password' }).click();
  await settings.getByLabel('Current password').fill('first-secret-1');
  await settings.getByLabel(/^New password/).fill('second-secret-2');
  await settings.getByLabel('Confirm new password').fill('second-secret-2');
  await settings.getByRole('button', { name: 'Change password' }).click();
  await expect(settings.getByText('Password changed successfully!')).toBeVisible();

  const newEmail = uniqueEmail('farhan.new');
  await settings.getByRole('button', { name: 'Change email' }).click();
  await settings.getByLabel('New email').fill(newEmail);
  await settings.getByLabel('Current password').fill('second-secret-2');
  await settings.getByRole('button', { name: 'Update email' }).click();
  await expect(page.getByText('Email updated successfully!')).toBeVisible();
  await expect(settings).toContainText(newEmail);

  const signIn = await page.request.post('/api/auth/login', {
    headers: CSRF,
    data: { email: newEmail, password: 'second-secret-2' },
  });
  expect(signIn.status()).toBe(200);
});
