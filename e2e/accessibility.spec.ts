import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './helpers';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' })).toBeVisible();
}

test('storefront pages have no serious accessibility issue', async ({ page, request }) => {
  const list = await (await request.get('/api/products?pageSize=1')).json();
  for (const path of ['/search?q=cotton', `/product/${list.items[0].id}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  }
});

test("the customer's pages have no serious accessibility issue", async ({ page }) => {
  await signIn(page, 'customer@haat.test', 'Customer@123');
  for (const path of ['/cart', '/orders', '/wallet', '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
  }
});

test("the vendor's pages have no serious accessibility issue", async ({ page }) => {
  await signIn(page, 'vendor@haat.test', 'Vendor@123');
  for (const path of ['/vendor/dashboard', '/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
  }
});
