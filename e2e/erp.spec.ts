import { expect, test, type Page } from '@playwright/test';
import { codeFor, confirmWithCode, signInAdmin } from './admin-auth';
import { expectAccessible, uniqueEmail } from './helpers';

// An employee registers, cannot sign in until the super admin approves them,
// signs in, turns on two-factor and signs in again with a code, creates a project managed by the
// demo manager, creates and assigns a task and moves it to in progress, logs an overnight entry
// (22:00 to 02:00 = 4.00 hrs) and submits it; the manager approves it and it counts in Hours This Week.

// The dates the ERP shows and counts are India's: the browser lives there too.
test.use({ timezoneId: 'Asia/Kolkata' });

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('an employee registers, is approved, turns on two-factor, runs a project and a task, logs overnight time that the manager approves, and sees it in Hours This Week', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Without an employee session the dashboard sends to the sign-in page.
  await page.goto('/erp/dashboard');
  await expect(page).toHaveURL(/\/erp$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Employee Login' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Register here' }).click();
  await expect(page).toHaveURL(/\/erp-register$/);
  const email = uniqueEmail('ishaan');
  const suffix = Date.now().toString(36);
  const form = page.getByRole('form', { name: 'Employee registration' });
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await form.getByLabel('First name').fill('Ishaan');
  await form.getByLabel('Last name').fill(`Verma ${suffix}`);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone', { exact: true }).fill('9811234567');
  await form.getByLabel('Department').selectOption('Design');
  await form.getByLabel('Designation').fill('UX Designer');
  await expect(form.getByLabel('Date of joining')).not.toHaveValue('');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('ishaan-secret');
  await form.getByLabel('Confirm password').fill('ishaan-secret');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByText('Registration successful! Please wait for admin approval to access your account.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in here' })).toBeVisible();
  // After 3 seconds the page goes to the sign-in.
  await expect(page).toHaveURL(/\/erp$/, { timeout: 6000 });

  // Not approved yet: the one answer for every refusal.
  await signIn(page, email, 'ishaan-secret');
  await expect(page.getByText('Invalid credentials or account not approved')).toBeVisible();

  // The super admin approves the registration (a fresh code).
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  const nextCode = await signInAdmin(adminPage);
  await adminPage.getByRole('tab', { name: 'Employees' }).click();
  await adminPage.getByLabel('Approval').selectOption('pending');
  await adminPage.getByRole('button', { name: `Approve Ishaan Verma ${suffix}` }).click();
  const approve = adminPage.getByRole('dialog', { name: 'Approve employee' });
  await confirmWithCode(approve, await nextCode(adminPage));
  await expect(adminPage.getByText('Employee approved successfully')).toBeVisible();
  await admin.close();

  // Now the employee signs in and sees the dashboard's counters.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/erp\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ERP Dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome, Ishaan Verma ${suffix} · UX Designer, Design`)).toBeVisible();
  const counters = page.getByRole('region', { name: 'Counters' });
  for (const label of ['Total Employees', 'Active Projects', 'Completed Tasks', 'Pending Tasks', 'Hours This Week'])
    await expect(counters.getByText(label)).toBeVisible();
  await expect(counters.getByText('0.00')).toBeVisible();
  await expect(page.getByText('No tasks assigned to you yet')).toBeVisible();
  await expectAccessible(page);
  // /erp with a session goes to the dashboard.
  await page.goto('/erp');
  await expect(page).toHaveURL(/\/erp\/dashboard$/);

  // Two-factor from the settings: the QR code and its secret, on only after a valid code.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(settings.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await settings.getByTestId('erp-2fa-secret').innerText()).replace(/\s/g, '');
  await settings.getByLabel('Authentication code').fill('000000');
  await settings.getByRole('button', { name: 'Enable' }).click();
  await expect(settings.getByText('Invalid 2FA code')).toBeVisible();
  await settings.getByLabel('Authentication code').fill(codeFor(secret));
  await settings.getByRole('button', { name: 'Enable' }).click();
  await expect(
    settings.getByText('Two-factor authentication is on. You will be asked for a code when you sign in.'),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/erp$/);
  await page.goto('/erp/dashboard');
  await expect(page).toHaveURL(/\/erp$/);

  // Signing in again asks for the code.
  await signIn(page, email, 'ishaan-secret');
  await expect(page.getByText('Please enter your 2FA code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try different account' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/erp\/dashboard$/);

  // A project managed by the demo manager, from the Quick Actions.
  await page.getByRole('button', { name: 'New Project' }).click();
  const projectForm = page.getByRole('dialog', { name: 'Create New Project' });
  await expect(projectForm.getByRole('button', { name: 'Create Project' })).toBeDisabled();
  const projectName = `Festive storefront ${suffix}`;
  await projectForm.getByLabel('Project name').fill(projectName);
  await projectForm.getByLabel('Budget (₹)').fill('1,50,000');
  await projectForm.getByLabel('Manager').selectOption({ label: 'Arjun Menon' });
  await projectForm.getByLabel('Client name').fill('Sharma Textiles');
  await projectForm.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('Project created successfully!')).toBeVisible();
  await page.getByRole('tab', { name: 'Projects' }).click();
  const projectsTable = page.getByRole('table', { name: 'Projects' });
  const projectRow = projectsTable.getByRole('row').filter({ hasText: projectName });
  await expect(projectRow).toContainText('Arjun Menon');
  await expect(projectRow).toContainText('₹1,50,000');

  // A task of that project, assigned to themself, moved to in progress.
  await page.getByRole('tab', { name: 'My Tasks' }).click();
  await page.getByRole('button', { name: 'New Task' }).click();
  const taskForm = page.getByRole('dialog', { name: 'Create New Task' });
  const taskTitle = `Banner for the sale ${suffix}`;
  await taskForm.getByLabel('Task title').fill(taskTitle);
  await taskForm.getByLabel('Project').selectOption({ label: projectName });
  await taskForm.getByLabel('Assignee').selectOption({ label: `Ishaan Verma ${suffix}` });
  await taskForm.getByLabel('Estimated hours').fill('4.5');
  await taskForm.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: taskTitle });
  await card.getByLabel('Status').selectOption('in_progress');
  await expect(page.getByText('Task status updated!')).toBeVisible();
  await expect(card.getByText('In Progress').first()).toBeVisible();

  // The header's search finds the project by name and opens its tab.
  const search = page.getByRole('combobox', { name: 'Search projects and tasks' });
  await search.fill(`storefront ${suffix}`);
  await page.getByRole('option', { name: new RegExp(projectName) }).click();
  await expect(page.getByRole('tab', { name: 'Projects' })).toHaveAttribute('aria-selected', 'true');

  // An overnight entry: 22:00 to 02:00 is 4.00 hrs, on that task; then submitted.
  await page.getByRole('tab', { name: 'Timesheets' }).click();
  await page.getByRole('button', { name: 'Log Time' }).click();
  const entryForm = page.getByRole('dialog', { name: 'Log Work Time' });
  await expect(entryForm.getByRole('button', { name: 'Create Entry' })).toBeDisabled();
  await entryForm.getByLabel('Start time').fill('22:00');
  await entryForm.getByLabel('End time').fill('02:00');
  await expect(entryForm.getByText('4.00 hrs (ends the next day)')).toBeVisible();
  await entryForm.getByLabel('Project').selectOption({ label: projectName });
  await entryForm.getByLabel('Task').selectOption({ label: taskTitle });
  await entryForm.getByLabel('Description').fill('Banner drafts for the festive sale');
  await entryForm.getByRole('button', { name: 'Create Entry' }).click();
  await expect(page.getByText('Timesheet entry created successfully!')).toBeVisible();
  const entries = page.getByRole('table', { name: 'My timesheet entries' });
  const entryRow = entries.getByRole('row').filter({ hasText: 'Banner drafts for the festive sale' });
  await expect(entryRow).toContainText('4.00 hrs');
  await expect(entryRow).toContainText('Draft');
  await entryRow.getByRole('button', { name: /^Submit/ }).click();
  await expect(entryRow).toContainText('Submitted');
  await expect(entryRow.getByRole('button', { name: /^Edit/ })).toHaveCount(0);

  // The manager approves it.
  const manager = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
  const managerPage = await manager.newPage();
  await managerPage.goto('/erp');
  await signIn(managerPage, 'arjun@haat.test', 'Employee@123');
  await expect(managerPage).toHaveURL(/\/erp\/dashboard$/);
  await managerPage.getByRole('tab', { name: 'Timesheets' }).click();
  const waiting = managerPage.getByRole('table', { name: 'Timesheet entries awaiting your approval' });
  const waitingRow = waiting.getByRole('row').filter({ hasText: 'Banner drafts for the festive sale' });
  await expect(waitingRow).toContainText(`Ishaan Verma ${suffix}`);
  await waitingRow.getByRole('button', { name: /^Approve/ }).click();
  await expect(managerPage.getByText('Timesheet entry approved')).toBeVisible();
  await expect(waitingRow).toHaveCount(0);
  await manager.close();

  // It counts in Hours This Week, and the approval is among the notifications.
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Counters' }).getByText('4.00')).toBeVisible();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(
    page.getByText(/Arjun Menon approved your timesheet entry of .* \(4\.00 hrs, Festive storefront/),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/erp$/);
});

test('the super admin rejects a submitted timesheet entry with a reason and edits a project from the ERP tab', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const nextCode = await signInAdmin(page);
  await page.getByRole('tab', { name: 'ERP' }).click();
  const entries = page.getByRole('table', { name: 'Timesheet entries' });
  const row = entries.getByRole('row').filter({ hasText: 'Reviewed the vendor offer emails' });
  await expect(row).toContainText('Arjun Menon');
  await row.getByRole('button', { name: /^Reject Arjun Menon's entry/ }).click();
  // The reason and a fresh code, in the step-up dialog: no reason, no Verify & Proceed.
  const reject = page.getByRole('dialog', { name: 'Reject Timesheet Entry' });
  await reject.getByRole('textbox', { name: 'Authentication code' }).fill('123456');
  await expect(reject.getByRole('button', { name: 'Verify & Proceed' })).toBeDisabled();
  await reject.getByLabel('Reason').fill('Log it against the offer emails task');
  await confirmWithCode(reject, await nextCode(page));
  await expect(page.getByText('Timesheet entry rejected').first()).toBeVisible();
  await expect(reject).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await page.getByLabel('Status').selectOption('rejected');
  await expect(entries.getByRole('row').filter({ hasText: 'Reviewed the vendor offer emails' })).toContainText(
    'Log it against the offer emails task',
  );

  const projects = page.getByRole('table', { name: 'ERP projects' });
  await projects.getByRole('button', { name: 'Edit Vendor Onboarding Portal' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Project' });
  await expect(edit.getByLabel('Project name')).toHaveValue('Vendor Onboarding Portal');
  await edit.getByLabel('Status').selectOption('completed');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  // Save Changes asks for a fresh code; cancelling it saves nothing and keeps what was typed.
  const confirm = page.getByRole('dialog', { name: 'Save Project Changes' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(edit.getByText('Failed to update project: the changes were not confirmed with a code')).toBeVisible();
  await expect(edit.getByLabel('Status')).toHaveValue('completed');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await confirmWithCode(confirm, await nextCode(page));
  await expect(page.getByText('Project updated successfully!').first()).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(projects.getByRole('row').filter({ hasText: 'Vendor Onboarding Portal' })).toContainText('Completed');
  await expectAccessible(page);
});
