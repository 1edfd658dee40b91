import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatRupees } from '../src/domain/money';
import { authenticator, codeFor, confirmWithCode, newStaffMember, signInAdmin } from './admin-auth';
import { apiLogin, customerBuysBottle, JAIPUR_VENDOR, mailedLinkFor, uniqueEmail, vendorMovesPart } from './helpers';

// The operator's staff: the owner invites a person by email, who joins on a phone with their own
// authenticator and sees only their role's tabs, and pays a vendor's payout; a Support member never
// reaches the payouts.

/** The invitation link in the newest mail to this address (as a path). */
const invitePathFor = (email: string) => mailedLinkFor(email, /\/admin\/invite\?token=[0-9a-f]{64}/);

/** The tabs the signed-in staff member's panel shows. */
const tabsOf = (page: Page) => page.getByRole('tab').allTextContents();

/**
 * The Finance person pays a vendor: a customer buys from Jaipur Handloom House and the vendor delivers (the
 * e2e server's return window is 0 days, so the sale is payable at once); in Payouts they settle the
 * vendor's balance and mark the payout paid with a UPI reference, each with a fresh code of their own.
 * Two people for money out is off (the default), so one person pays.
 */
async function financePaysPayout(person: Page, nextCode: (page: Page) => Promise<string>, browser: Browser) {
  const name = JAIPUR_VENDOR.name;
  type Payable = { businessName: string; payablePaise: number; openPayout: unknown };
  const payable = async (): Promise<Payable> => {
    const res = await person.request.get(`/api/admin/payables?q=${encodeURIComponent(name)}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { items: Payable[] }).items.find((r) => r.businessName === name)!;
  };
  const before = await payable();
  expect(before.openPayout).toBeNull();
  const shopper = await browser.newContext();
  const vendor = await browser.newContext();
  try {
    const { orderId } = await customerBuysBottle(shopper.request);
    await apiLogin(vendor.request, JAIPUR_VENDOR.email, JAIPUR_VENDOR.password);
    await vendorMovesPart(vendor.request, orderId, [{ status: 'delivered' }]);
  } finally {
    await shopper.close();
    await vendor.close();
  }
  await expect.poll(async () => (await payable()).payablePaise).toBeGreaterThan(before.payablePaise);
  const amount = (await payable()).payablePaise;

  await person.goto('/admin/dashboard?tab=payouts');
  // A table on wide screens, a list of cards on phones.
  const entries = (region: string) => {
    const r = person.getByRole('region', { name: region });
    return r.getByRole('row').or(r.getByRole('listitem'));
  };
  const row = entries('Payable per vendor').filter({ hasText: name });
  await expect(row).toContainText(formatRupees(amount));
  await row.getByRole('button', { name: `Settle ${name}` }).click();
  const settle = person.getByRole('dialog', { name: `Settle ${name}` });
  await expect(settle).toContainText(formatRupees(amount));
  await confirmWithCode(settle, await nextCode(person));
  await expect(settle).toBeHidden();

  const reference = `6${Date.now().toString().slice(-11)}`;
  const payoutRow = entries('Payouts')
    .filter({ hasText: name })
    .filter({ hasText: formatRupees(amount) });
  await payoutRow.getByRole('button', { name: `Mark paid: ${name}` }).click();
  const pay = person.getByRole('dialog', { name: 'Mark payout as paid' });
  await pay.getByLabel('UPI transaction reference').fill(reference);
  await confirmWithCode(pay, await nextCode(person));
  await expect(pay).toBeHidden();
  await expect(entries('Payouts').filter({ hasText: reference })).toContainText(formatRupees(amount));
  expect((await payable()).payablePaise).toBe(0);
}

const invitesFinance =
  'the owner invites a Finance person, who joins on a phone with their own authenticator and pays a vendor at 375 px';
test(invitesFinance, async ({ page, browser }) => {
  test.setTimeout(180_000);
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
  const theirCode = authenticator(((await key.textContent()) ?? '').trim());
  await person.getByRole('textbox', { name: 'Authentication code' }).fill(await theirCode(person));
  await person.getByRole('button', { name: 'Verify & Finish Setup' }).click();
  await expect(person).toHaveURL(/\/admin\/dashboard$/);
  await expect(person.getByRole('tab', { name: 'Payouts' })).toBeVisible();
  expect(await tabsOf(person)).not.toContain('Orders');
  expect(await tabsOf(person)).not.toContain('Staff');
  await person.getByRole('tab', { name: 'Payouts' }).click();
  await expect(person.getByRole('heading', { name: 'Payouts', exact: true })).toBeVisible();
  await financePaysPayout(person, theirCode, browser);
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

const financePays =
  'a Finance member pays a vendor at 1280 px: settles its balance and marks the payout paid ' +
  'with a reference and a fresh code';
test(financePays, async ({ page, browser }) => {
  test.setTimeout(180_000);
  const next = await signInAdmin(page);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const { nextCode } = await newStaffMember(page, next, desk.request, 'Finance');
    const person = await desk.newPage();
    await person.goto('/admin/dashboard');
    await expect(person.getByRole('tab', { name: 'Payouts' })).toBeVisible();
    await financePaysPayout(person, nextCode, browser);
  } finally {
    await desk.close();
  }
});
