import { expect, test, type APIRequestContext } from '@playwright/test';
import { confirmWithCode, signInAdmin } from './admin-auth';
import { apiLogin, CSRF, expectAccessible, uniqueEmail } from './helpers';

// In the browser: the super admin edits a customer's and a merchant's details
// in the Edit dialog of the Users and Merchants tabs (the owner's own form, then a fresh code); the
// lists, the owners and the audit log show the change.

async function register(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post('/api/auth/register', { headers: CSRF, data });
  expect(res.status(), await res.text()).toBe(201);
  await apiLogin(request, data.email as string, data.password as string);
}

test("the super admin edits a customer's name on the Users tab with a fresh code; the customer and the audit log see it", async ({
  page,
  browser,
}) => {
  // One confirmed action with a code of a new time step: the authenticator may wait.
  test.setTimeout(120_000);
  const email = uniqueEmail('devika');
  const password = 'Devika-Secret-1';
  const shopper = await browser.newContext();
  await register(shopper.request, {
    role: 'customer',
    firstName: 'Devika',
    lastName: 'Nambiar',
    phoneNumber: '9847011122',
    email,
    password,
    confirmPassword: password,
  });

  const nextCode = await signInAdmin(page);
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('Search by name, email or id').fill(email);
  await page.getByLabel('Search by name, email or id').press('Enter');
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Devika Nambiar');

  await row.getByRole('button', { name: `Edit Devika Nambiar (${email})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit user details' });
  // The customer's own form, filled with what they saved.
  await expect(dialog.getByLabel('Last name')).toHaveValue('Nambiar');
  await expect(dialog.getByLabel('Phone number')).toHaveValue('9847011122');
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  // The same rules as their own form: a bad phone number is refused under the field.
  await dialog.getByLabel('Phone number').fill('12345');
  await dialog.getByLabel('Last name').fill('Menon');
  await expect(dialog.getByText('Please enter a valid 10-digit mobile number')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Phone number').fill('98470 11133');
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The code step lists the changes, what the form keeps (the phone without its space).
  await expect(dialog.getByRole('list', { name: 'Changes' })).toContainText('Last name: Nambiar → Menon');
  await expect(dialog.getByRole('list', { name: 'Changes' })).toContainText('Phone number: 9847011122 → 9847011133');
  await confirmWithCode(dialog, await nextCode(page));
  await expect(page.getByText('User details updated').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Devika Menon');

  // The customer's own profile says so.
  const me = (await (await shopper.request.get('/api/me')).json()) as {
    id: string;
    lastName: string;
    phoneNumber: string;
  };
  expect(me).toMatchObject({ lastName: 'Menon', phoneNumber: '9847011133' });
  await shopper.close();

  // The audit log: the edit, with the old and new values (in the order the database keeps the keys).
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const entry = page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: 'User details edited' })
    .filter({ hasText: me.id });
  await expect(entry).toContainText(/"lastName":\{("from":"Nambiar","to":"Menon"|"to":"Menon","from":"Nambiar")\}/);
  await expect(entry).toContainText(
    /"phoneNumber":\{("from":"9847011122","to":"9847011133"|"to":"9847011133","from":"9847011122")\}/,
  );
});

test("on a 375 px phone, the super admin edits a merchant's business name; the merchant's dashboard shows it @phone", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const email = uniqueEmail('lakshmi');
  const password = 'Lakshmi-Secret-1';
  const owner = await browser.newContext();
  await register(owner.request, {
    role: 'merchant',
    businessName: 'Lakshmi Stores',
    mobileNumber: '9988776655',
    upiId: 'lakshmi@okicici',
    email,
    password,
    confirmPassword: password,
  });

  const nextCode = await signInAdmin(page);
  await page.getByRole('tab', { name: 'Merchants' }).click();
  const search = page.getByLabel('Search by business, name, email, referral code or id');
  await search.fill(email);
  await search.press('Enter');
  // A phone shows one card per merchant.
  const card = page.getByRole('list', { name: 'Merchants' }).getByRole('listitem').filter({ hasText: email });
  await expect(card).toContainText('Lakshmi Stores');

  await card.getByRole('button', { name: `Edit merchant: Lakshmi Stores (${email})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit merchant details' });
  await expect(dialog.getByLabel('Business name')).toHaveValue('Lakshmi Stores');
  await expect(dialog.getByLabel('UPI ID')).toHaveValue('lakshmi@okicici');
  await dialog.getByLabel('Business name').fill('Lakshmi General Stores');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('list', { name: 'Changes' })).toContainText(
    'Business name: Lakshmi Stores → Lakshmi General Stores',
  );
  await confirmWithCode(dialog, await nextCode(page));
  await expect(page.getByText('Merchant details updated').first()).toBeVisible();
  await expect(card).toContainText('Lakshmi General Stores');

  const dashboard = (await (await owner.request.get('/api/merchant/dashboard')).json()) as {
    profile: { businessName: string; upiId: string };
  };
  expect(dashboard.profile).toMatchObject({ businessName: 'Lakshmi General Stores', upiId: 'lakshmi@okicici' });
  await owner.close();
});
