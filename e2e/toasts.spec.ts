import { expect, test, type Page } from '@playwright/test';
import { CSRF, productWithoutOptions } from './helpers';

// Error toasts close when the action they report succeeds or the page changes, and never cover the
// header's search box or a dialog's title.

async function openAProduct(page: Page): Promise<string> {
  await page.request.post('/api/auth/login', {
    headers: CSRF,
    data: { email: 'customer@haat.test', password: 'Customer@123' },
  });
  const product = await productWithoutOptions(page.request, 5);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return product.id;
}

const toasts = (page: Page) => page.locator('[data-sonner-toast]');
const failAddOnce = (page: Page) =>
  page.route(
    '**/api/cart/items',
    (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }),
      }),
    { times: 1 },
  );

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('an error toast is replaced when the same action then succeeds, and closes when the page changes @phone', async ({
  page,
}) => {
  await openAProduct(page);
  const add = page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).first();

  await failAddOnce(page);
  await add.click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText('Failed to add product to cart');

  // It never covers the header's search box.
  const search = await page.getByRole('search').getByLabel('Search products').first().boundingBox();
  const toast = await toasts(page).first().boundingBox();
  if (search && toast) expect(overlaps(search, toast)).toBe(false);

  // Trying again and succeeding: the error gives way to the success.
  await add.click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText('Product added to cart!');

  // A new error, then another page: the error closes.
  await failAddOnce(page);
  await add.click();
  await expect(toasts(page).filter({ hasText: 'Failed to add product to cart' })).toHaveCount(1);
  await page.getByRole('link', { name: 'Haat' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page).filter({ hasText: 'Failed to add product to cart' })).toHaveCount(0);
});

test("a toast shown while a dialog is open covers neither the dialog's title nor its buttons @phone", async ({
  page,
}) => {
  await page.request.post('/api/auth/login', {
    headers: CSRF,
    data: { email: 'customer@haat.test', password: 'Customer@123' },
  });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Address' });
  await page.route('**/api/addresses', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }),
        })
      : route.continue(),
  );
  await dialog.getByLabel('Street address').fill('4 Residency Road');
  await dialog.getByLabel('City').fill('Bengaluru');
  await dialog.getByLabel('State').selectOption('Karnataka');
  await dialog.getByLabel('PIN code').fill('560025');
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(toasts(page)).toHaveCount(1);
  const title = await dialog.getByRole('heading', { name: 'Add Address' }).boundingBox();
  const toast = await toasts(page).first().boundingBox();
  expect(title && toast && overlaps(title, toast)).toBe(false);
  // Once the toast has slid into place, it lies above the buttons.
  for (const name of ['Cancel', 'Save Address']) {
    const button = dialog.getByRole('button', { name, exact: true });
    await expect
      .poll(
        async () => {
          const [b, t] = [await button.boundingBox(), await toasts(page).first().boundingBox()];
          return Boolean(b && t && overlaps(b, t));
        },
        { message: name },
      )
      .toBe(false);
  }
  // The buttons still answer a tap while the error shows.
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
});
