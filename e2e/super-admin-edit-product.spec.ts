import { expect, test, type APIRequestContext } from '@playwright/test';
import { confirmWithCode, signInAdmin } from './admin-auth';
import { apiLogin, CSRF } from './helpers';

// The super admin edits a product's details in its vendor's own form (checked by
// the same contract), confirms with a fresh code, and the Products list and the product page show
// the change. (The file sorts after admin.spec.ts, whose journey is the super admin's first sign-in.)

const VENDOR = { email: 'vendor2@haat.test', password: 'Vendor@123' };

/** A product of the demo vendor's first shop, made through the vendor's API: ₹799, 6 in stock; answers its id. */
async function productThroughApi(request: APIRequestContext, name: string): Promise<string> {
  await apiLogin(request, VENDOR.email, VENDOR.password);
  const shops = (await (await request.get('/api/vendor/shops')).json()) as { items: { id: string }[] };
  const categories = (await (await request.get('/api/categories')).json()) as { items: { id: string; name: string }[] };
  const res = await request.post('/api/vendor/products', {
    headers: CSRF,
    data: {
      name,
      description: 'Tie-dyed by hand in Bhuj.',
      price: 799,
      stockQuantity: 6,
      categoryId: categories.items.find((c) => c.name === 'Fashion')!.id,
      storeId: shops.items[0].id,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { product: { id: string } }).product.id;
}

test('the super admin edits a product’s name and price in the vendor’s form with a fresh code, and the list and the product page show them @phone', async ({
  page,
  request,
}) => {
  // Each confirmed action needs a code of a new time step: the journey may wait for the authenticator.
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const name = `Bandhani Silk Dupatta ${suffix}`;
  const renamed = `Bandhani Silk Dupatta, Maroon ${suffix}`;
  const id = await productThroughApi(request, name);

  const nextCode = await signInAdmin(page);
  await page.goto('/admin/dashboard?tab=products');
  await page.getByRole('searchbox', { name: 'Search by product name or id' }).fill(suffix);
  await page.getByRole('button', { name: `Edit ${name}` }).click();

  // The vendor's form, loaded with the product: pictures can be reordered or removed, not added.
  const form = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(form.getByRole('textbox', { name: 'Product name', exact: true })).toHaveValue(name);
  await expect(form.getByRole('spinbutton', { name: 'Price (₹)', exact: true })).toHaveValue('799');
  await expect(form.getByText('Only the vendor can add images.')).toBeVisible();

  // The same contract as the vendor's: a price is required, before any code is asked for.
  await form.getByRole('textbox', { name: 'Product name', exact: true }).fill(renamed);
  await form.getByRole('spinbutton', { name: 'Price (₹)', exact: true }).fill('');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('Please fill in all required fields').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Save product details' })).toBeHidden();

  await form.getByRole('spinbutton', { name: 'Price (₹)', exact: true }).fill('1249');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Save product details' });
  await expect(stepUp).toContainText(name);
  await confirmWithCode(stepUp, await nextCode(page));
  await expect(page.getByText('Product details updated')).toBeVisible();
  await expect(form).toBeHidden();

  // The Products list shows the new name and price.
  await page.getByRole('searchbox', { name: 'Search by product name or id' }).fill(suffix);
  await expect(page.getByRole('button', { name: `Edit ${renamed}` })).toBeVisible();
  const row = page.getByRole(page.viewportSize()!.width < 640 ? 'listitem' : 'row').filter({ hasText: renamed });
  await expect(row).toContainText('₹1,249');

  // The product page shows them to shoppers.
  await page.goto(`/product/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText('₹1,249').first()).toBeVisible();
});
