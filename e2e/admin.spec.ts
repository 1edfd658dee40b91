import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from './helpers';

// The super admin's first sign-in with two-factor set up on the spot, then a normal sign-in (issue 8, point 1).
// The e2e server creates the super admin from ADMIN_EMAIL and ADMIN_PASSWORD (playwright.config.ts).

const ADMIN = { email: 'superadmin@haat.test', password: 'Sup3r-Secret-Admin!' };
/** What an authenticator app would show for this secret, `stepsAhead` periods from now. */
const codeFor = (secret: string, stepsAhead = 0) =>
  new TOTP({ issuer: 'Haat', algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

async function credentials(page: Page) {
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('the super admin signs in for the first time, sets up two-factor, signs out, and signs in again with a code', async ({ page }) => {
  // Without an admin session, the panel sends to the sign-in page.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Login' })).toBeVisible();

  // Wrong password: SPEC.md's message.
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();

  // The right one: two-factor is not set up yet, so the setup step shows the QR code, the key and 8 backup codes.
  await credentials(page);
  const qr = page.getByRole('img', { name: 'QR code to add Haat to your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('width')).toBe('300');
  const secret = ((await page.getByLabel('Secret key').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(8);
  await expectAccessible(page);

  // The button waits for six digits; letters are not typed in.
  const code = page.getByRole('textbox', { name: 'Authentication code' });
  const finish = page.getByRole('button', { name: 'Verify & Finish Setup' });
  await code.fill('12a');
  await expect(code).toHaveValue('12');
  await expect(finish).toBeDisabled();
  // A wrong code: SPEC.md's message, and the key stays on screen to try again.
  await code.fill(codeFor(secret, -10));
  await finish.click();
  await expect(page.getByText('Invalid or expired 2FA code. Please try again with the current code.')).toBeVisible();
  await code.fill(codeFor(secret));
  await finish.click();

  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${ADMIN.email}`)).toBeVisible();
  // The Overview tab: the figures, and this sign-in as the latest activity.
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText('Products')).toBeVisible();
  await expect(totals.getByText('Pending approvals')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').first()).toContainText('Super admin signed in');
  await expectAccessible(page);
  const header = page.getByRole('banner');
  await expect(header.getByText('Super Admin')).toBeVisible();
  // With a session, /admin/login and /admin lead to the dashboard.
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Logout goes to /admin, which is the sign-in page without a session.
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The next sign-in asks for the code; Back returns to the credentials.
  await credentials(page);
  await expect(page.getByText('Two-factor authentication is on for this account.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await credentials(page);
  // The code used at setup is refused a second time; the next one works.
  const verify = page.getByRole('button', { name: 'Verify', exact: true });
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(codeFor(secret));
  await verify.click();
  await expect(page.getByText('Invalid or expired 2FA code. Please try again with the current code.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(codeFor(secret, 1));
  await verify.click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
