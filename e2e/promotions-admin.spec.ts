import { expect, test, type Page } from '@playwright/test';
import { promotionMessages } from '../src/contracts/promotions.contract';
import { signInAdmin } from './admin-auth';
import { expectAccessible, JAIPUR_BOTTLE } from './helpers';

// The super admin's Promotions tab on a phone: a coupon refused until filled in, created, found by its
// code, paused, resumed, a second promotion refused the same code, then ended after asking.

test.use({ viewport: { width: 375, height: 812 } });

/** The promotion's entry in the list: a card on a phone. */
const entry = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Promotions' }).getByRole('listitem').filter({ hasText: name });

test('the super admin creates, pauses, resumes and ends a coupon on a phone', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/dashboard?tab=promotions');
  await expect(page.getByRole('heading', { name: 'Promotions', exact: true })).toBeVisible();
  const code = `E2E${Date.now().toString().slice(-8)}`;
  const name = `Save ten ${code}`;

  await page.getByRole('button', { name: 'New promotion' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promotion' });
  await expect(dialog).toContainText('Paid by Haat');
  await dialog.getByRole('button', { name: 'Create the promotion' }).click();
  await expect(dialog.getByText(promotionMessages.name)).toBeVisible();
  await expect(dialog.getByText(promotionMessages.codeRequired)).toBeVisible();
  await expect(dialog.getByText(promotionMessages.percent)).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Coupon code' }).fill(code.toLowerCase());
  await dialog.getByLabel('Percentage off (%)').fill('10');
  await dialog.getByLabel('Most it takes off (₹)').fill('300');
  await dialog.getByRole('button', { name: 'Create the promotion' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search by name or code' }).fill(code);
  const card = entry(page, name);
  await expect(card).toContainText(code);
  await expect(card).toContainText('10% off, up to ₹300');
  await expect(card).toContainText('Active');
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card).toContainText('Paused');
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card).toContainText('Active');

  // The same code on a second promotion while the first has not ended: said under the code.
  await page.getByRole('button', { name: 'New promotion' }).click();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Another ${code}`);
  await dialog.getByRole('textbox', { name: 'Coupon code' }).fill(code);
  await dialog.getByRole('radio', { name: 'A fixed amount off' }).check();
  await dialog.getByLabel('Amount off (₹)').fill('100');
  await dialog.getByRole('button', { name: 'Create the promotion' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Coupon code' })).toHaveAccessibleDescription(
    new RegExp(`${code}.*already used`),
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: 'End' }).click();
  const confirm = page.getByRole('dialog', { name: `End ${name}` });
  await expect(confirm).toContainText(`The code ${code} stops working at once`);
  await confirm.getByRole('button', { name: 'End the promotion' }).click();
  await expect(card).toContainText('Ended');
  await expect(card.getByRole('button', { name: 'End' })).toHaveCount(0);
});

test('a scheduled automatic promotion on chosen categories and products is edited before it starts', async ({
  page,
}) => {
  await signInAdmin(page);
  await page.goto('/admin/dashboard?tab=promotions');
  const name = `Festive ${Date.now().toString().slice(-8)}`;
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);

  await page.getByRole('button', { name: 'New promotion' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promotion' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('radio', { name: 'Automatic (applies by itself)' }).check();
  await expect(dialog.getByRole('textbox', { name: 'Coupon code' })).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'A fixed amount off' }).check();
  await dialog.getByLabel('Amount off (₹)').fill('100');
  await dialog.getByLabel('Covers').selectOption('categories');
  await dialog.getByRole('button', { name: 'Create the promotion' }).click();
  await expect(dialog.getByText(promotionMessages.chooseCategories)).toBeVisible();
  const categories = dialog.getByRole('group', { name: 'Categories' });
  await categories.getByRole('checkbox').first().check();
  await dialog.getByLabel('First day').fill(tomorrow);
  await dialog.getByLabel('Budget', { exact: true }).selectOption('uses');
  await dialog.getByLabel('Budget (uses)').fill('50');
  await dialog.getByRole('checkbox', { name: /Combines with other offers/ }).check();
  await dialog.getByRole('button', { name: 'Create the promotion' }).click();
  await expect(dialog).toBeHidden();

  const card = entry(page, name);
  await expect(card).toContainText('Scheduled');
  await expect(card).toContainText('1 category');
  await expect(card).toContainText('50 uses');

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Amount off (₹)')).toHaveValue('100');
  await expect(edit.getByRole('group', { name: 'Categories' }).getByRole('checkbox', { checked: true })).toHaveCount(1);
  await edit.getByLabel('Covers').selectOption('products');
  await edit.getByLabel('Find products by name').fill('Copper Water Bottle');
  await edit.getByRole('checkbox', { name: new RegExp(`^${JAIPUR_BOTTLE} · `) }).check();
  await expect(edit.getByRole('list', { name: 'Products chosen' }).getByRole('listitem')).toHaveCount(1);
  await edit.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} edited`);
  await edit.getByRole('button', { name: 'Save the promotion' }).click();
  await expect(edit).toBeHidden();
  const edited = entry(page, `${name} edited`);
  await expect(edited).toContainText('1 product');
  await expect(edited).toContainText('Scheduled');
});
