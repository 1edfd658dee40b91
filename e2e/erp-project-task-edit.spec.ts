import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { confirmWithCode, signInAdmin } from './admin-auth';
import { CSRF, expectAccessible, uniqueEmail } from './helpers';

// An employee (on a 375 px phone) edits a task's title and priority and sees
// the change, and deletes a project of theirs that has no hours; the super admin marks that employee
// inactive, and the employee's next page load in the ERP goes to the sign-in page, where signing in
// is refused.

test.use({ timezoneId: 'Asia/Kolkata' });

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<{ id: string }> {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { id: string };
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('an employee edits a task and deletes a project of theirs; marked inactive, their next page load goes to the sign-in', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const email = uniqueEmail('meher');
  const password = 'meher-secret-1';
  const name = `Meher Gill ${suffix}`;
  await ok(
    await page.request.post('/api/erp/register', {
      headers: CSRF,
      data: {
        firstName: 'Meher',
        lastName: `Gill ${suffix}`,
        email,
        phone: '9811098110',
        password,
        confirmPassword: password,
        department: 'Engineering',
        designation: 'QA Engineer',
      },
    }),
  );

  // The super admin approves the registration.
  const nextCode = await signInAdmin(page);
  await page.getByRole('tab', { name: 'Employees' }).click();
  await page.getByLabel('Search by name, email, employee id or id').fill(email);
  await page.getByRole('button', { name: `Approve ${name}` }).click();
  await confirmWithCode(page.getByRole('dialog', { name: 'Approve employee' }), await nextCode(page));
  await expect(page.getByText('Employee approved successfully')).toBeVisible();

  // The employee, on a phone, signs in; a project with a task, and a second project with one task, are set up.
  const phone = await browser.newContext({
    timezoneId: 'Asia/Kolkata',
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const erp = await phone.newPage();
  await erp.goto('/erp');
  await signIn(erp, email, password);
  await expect(erp).toHaveURL(/\/erp\/dashboard$/);
  const kept = await ok(
    await erp.request.post('/api/erp/projects', {
      headers: CSRF,
      data: { name: `Pilot stores ${suffix}`, startDate: new Date().toISOString().slice(0, 10) },
    }),
  );
  await ok(
    await erp.request.post('/api/erp/tasks', {
      headers: CSRF,
      data: { title: `Check the till ${suffix}`, projectId: kept.id, priority: 'low' },
    }),
  );
  const doomedName = `Scrapped idea ${suffix}`;
  const doomed = await ok(
    await erp.request.post('/api/erp/projects', {
      headers: CSRF,
      data: { name: doomedName, startDate: new Date().toISOString().slice(0, 10) },
    }),
  );
  await ok(
    await erp.request.post('/api/erp/tasks', {
      headers: CSRF,
      data: { title: `Sketch it ${suffix}`, projectId: doomed.id },
    }),
  );

  // Edit Task, prefilled: a new title and priority, shown on the card.
  await erp.getByRole('tab', { name: 'My Tasks' }).click();
  await erp.getByRole('button', { name: `Edit Check the till ${suffix}` }).click();
  const form = erp.getByRole('dialog', { name: 'Edit Task' });
  await expect(form.getByLabel('Task title')).toHaveValue(`Check the till ${suffix}`);
  await expect(form.getByLabel('Project')).toBeDisabled();
  await form.getByLabel('Task title').fill(`Check the till and the scanner ${suffix}`);
  await form.getByLabel('Priority').selectOption('urgent');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(erp.getByText('Task updated successfully!')).toBeVisible();
  await expect(form).toHaveCount(0);
  const card = erp.getByRole('listitem').filter({ hasText: `Check the till and the scanner ${suffix}` });
  await expect(card.getByText('Urgent')).toBeVisible();
  await expect(card).toContainText(`Pilot stores ${suffix}`);
  await expectAccessible(erp);

  // Delete Project: the dialog names what goes with it.
  await erp.getByRole('tab', { name: 'Projects' }).click();
  await erp.getByRole('button', { name: `Delete ${doomedName}` }).click();
  const confirm = erp.getByRole('dialog', { name: 'Delete project?' });
  await expect(confirm.getByText('Deleted with it: 1 task and no timesheet entries.')).toBeVisible();
  await expectAccessible(erp);
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  await expect(erp.getByText('Project deleted')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  const projects = erp.getByRole('list', { name: 'Projects' });
  await expect(projects.getByText(`Pilot stores ${suffix}`)).toBeVisible();
  await expect(projects.getByText(doomedName)).toHaveCount(0);

  // The super admin marks the employee inactive.
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: `Mark inactive: ${name}` }).click();
  await confirmWithCode(page.getByRole('dialog', { name: 'Mark employee inactive' }), await nextCode(page));
  await expect(page.getByText('Employee marked inactive')).toBeVisible();
  await expect(row).toContainText('Inactive');
  await expect(row.getByRole('button', { name: `Mark active: ${name}` })).toBeVisible();

  // The employee's next page load goes to the sign-in, and signing in is refused.
  await erp.reload();
  await expect(erp).toHaveURL(/\/erp$/);
  await expect(erp.getByRole('heading', { level: 1, name: 'Employee Login' })).toBeVisible();
  await signIn(erp, email, password);
  await expect(erp.getByText('Invalid credentials or account not approved')).toBeVisible();
  await phone.close();
});
