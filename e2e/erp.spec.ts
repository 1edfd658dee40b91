import { expect, test, type Page } from '@playwright/test';
import { signInAdmin } from './admin-auth';
import { expectAccessible, uniqueEmail } from './helpers';

// Issue 10, points 1 and 2 (first slice): an employee registers, cannot sign in until the super
// admin approves them, then signs in to the ERP dashboard and out again.

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('an employee registers, waits for approval, signs in to the ERP dashboard and logs out', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Without an employee session the dashboard sends to the sign-in page.
  await page.goto('/erp/dashboard');
  await expect(page).toHaveURL(/\/erp$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Employee Login' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Register here' }).click();
  await expect(page).toHaveURL(/\/erp-register$/);
  const email = uniqueEmail('arjun');
  const suffix = Date.now().toString(36);
  const form = page.getByRole('form', { name: 'Employee registration' });
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await form.getByLabel('First name').fill('Arjun');
  await form.getByLabel('Last name').fill(`Menon ${suffix}`);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone', { exact: true }).fill('9811234567');
  await form.getByLabel('Department').selectOption('Design');
  await form.getByLabel('Designation').fill('UX Designer');
  await expect(form.getByLabel('Date of joining')).not.toHaveValue('');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('arjun-secret');
  await form.getByLabel('Confirm password').fill('arjun-secret');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration successful! Please wait for admin approval to access your account.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in here' })).toBeVisible();
  // After 3 seconds the page goes to the sign-in.
  await expect(page).toHaveURL(/\/erp$/, { timeout: 6000 });

  // Not approved yet: the one answer for every refusal.
  await signIn(page, email, 'arjun-secret');
  await expect(page.getByText('Invalid credentials or account not approved')).toBeVisible();

  // The super admin approves the registration (a fresh code).
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  const nextCode = await signInAdmin(adminPage);
  await adminPage.getByRole('tab', { name: 'Employees' }).click();
  await adminPage.getByLabel('Approval').selectOption('pending');
  await adminPage.getByRole('button', { name: `Approve Arjun Menon ${suffix}` }).click();
  const approve = adminPage.getByRole('dialog', { name: 'Approve employee' });
  await approve.getByRole('textbox', { name: 'Authentication code' }).fill(await nextCode(adminPage));
  await approve.getByRole('button', { name: 'Verify & Proceed' }).click();
  await expect(adminPage.getByText('Employee approved successfully')).toBeVisible();
  await admin.close();

  // Now the employee signs in and sees the dashboard's counters.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/erp\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ERP Dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome, Arjun Menon ${suffix} · UX Designer, Design`)).toBeVisible();
  const counters = page.getByRole('region', { name: 'Counters' });
  for (const label of ['Total Employees', 'Active Projects', 'Completed Tasks', 'Pending Tasks', 'Hours This Week']) await expect(counters.getByText(label)).toBeVisible();
  await expect(counters.getByText('0.00')).toBeVisible();
  await expect(page.getByText('No tasks assigned to you yet')).toBeVisible();
  await expectAccessible(page);
  // /erp with a session goes to the dashboard.
  await page.goto('/erp');
  await expect(page).toHaveURL(/\/erp\/dashboard$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/erp$/);
  await page.goto('/erp/dashboard');
  await expect(page).toHaveURL(/\/erp$/);
});
