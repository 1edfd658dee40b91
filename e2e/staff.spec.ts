import { expect, test, type Page } from '@playwright/test';
import { codeFor, confirmWithCode, signInAdmin } from './admin-auth';
import { mailedLinkFor, uniqueEmail } from './helpers';

// The operator's staff: the owner invites a person by email, who joins on a phone with their own
// authenticator and sees only their role's tabs; a Support member never reaches the payouts.

/** The invitation link in the newest mail to this address (as a path). */
const invitePathFor = (email: string) => mailedLinkFor(email, /\/admin\/invite\?token=[0-9a-f]{64}/);

/** The tabs the signed-in staff member's panel shows. */
const tabsOf = (page: Page) => page.getByRole('tab').allTextContents();

test('the owner invites a Finance person, who joins on a phone with their own authenticator and sees the Payouts tab', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('finance');
  const next = await signInAdmin(page);
  await page.goto('/admin/dashboard?tab=staff');
  await page.getByRole('button', { name: 'Invite a person' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a staff member' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Finance').check();
  await confirmWithCode(invite, await next(page));
  await expect(invite).toBeHidden();
  await expect(page.getByText(`${email} as Finance`).first()).toBeVisible();

  // The email goes out through the notifications job (every few seconds) to the outbox folder.
  await expect.poll(() => invitePathFor(email), { timeout: 30_000 }).not.toBeNull();
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const person = await phone.newPage();
  await person.goto(invitePathFor(email)!);
  await expect(person.getByRole('heading', { name: 'Join the admin team' })).toBeVisible();
  await expect(person.getByText('You are joining as Finance').first()).toBeVisible();
  await person.getByLabel('Your name').fill('Farida Finance');
  await person.getByRole('textbox', { name: 'Password', exact: true }).fill('finance-pass-1');
  await person.getByLabel('Confirm password').fill('finance-pass-1');
  await person.getByRole('button', { name: 'Continue to the authenticator' }).click();
  const key = person.getByLabel('Secret key');
  await expect(key).toBeVisible();
  const secret = ((await key.textContent()) ?? '').trim();
  await person.getByRole('textbox', { name: 'Authentication code' }).fill(codeFor(secret));
  await person.getByRole('button', { name: 'Verify & Finish Setup' }).click();
  await expect(person).toHaveURL(/\/admin\/dashboard$/);
  await expect(person.getByRole('tab', { name: 'Payouts' })).toBeVisible();
  expect(await tabsOf(person)).not.toContain('Orders');
  expect(await tabsOf(person)).not.toContain('Staff');
  await person.getByRole('tab', { name: 'Payouts' }).click();
  await expect(person.getByRole('heading', { name: 'Payouts', exact: true })).toBeVisible();
  await phone.close();

  // The owner sees the new member in the team.
  await page.reload();
  await expect(page.getByText('Farida Finance').first()).toBeAttached();
});

test('a Support member does not see Payouts, at 1280 and 375 px, and the payouts API refuses them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill('support@haat.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Staff@123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const key = page.getByLabel('Secret key');
  await expect(key).toBeVisible();
  const secret = ((await key.textContent()) ?? '').trim();
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(codeFor(secret));
  await page.getByRole('button', { name: 'Verify & Finish Setup' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('tab', { name: 'Orders' })).toBeVisible();
  expect(await tabsOf(page)).toEqual(['Overview', 'Users', 'Orders', 'Returns', 'Messages', 'Notifications']);

  // Typing the tab's address shows the first tab of their own instead.
  await page.goto('/admin/dashboard?tab=payouts');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  const refused = await page.request.get('/api/admin/payouts');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toContain('Vendor payouts');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Orders' })).toBeVisible();
  expect(await tabsOf(page)).not.toContain('Payouts');
});
