import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { gstinCheckChar } from '../src/domain/india-ids';
import { CSRF, expectAccessible, uniqueEmail } from './helpers';

// The vendor's journey: a new vendor opens a shop and lists a product with two pictures; the demo
// customer buys it together with another shop's product; the vendor ships its own part; the
// customer sees that part shipped and the other still pending; the vendor withdraws the product.

const CUSTOMER = { email: 'customer@haat.test', password: 'Customer@123' };
// Sharma Electronics has a GSTIN, so it delivers to the demo customer in Bengaluru (a shop without one delivers only within its state).
const OTHER = { name: 'Wireless Earbuds with 40-Hour Playback', query: 'earbuds', shop: 'Sharma Electronics' };

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Dashboard|Orders/ })
      .first(),
  ).toBeVisible();
}

/** Two small PNG files (different colours) in a fresh temporary folder. */
async function twoPictures(): Promise<{ dir: string; files: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'haat-e2e-images-'));
  const files: string[] = [];
  for (const [i, colour] of [
    [1, { r: 180, g: 83, b: 9 }],
    [2, { r: 109, g: 40, b: 217 }],
  ] as const) {
    const file = join(dir, `kulhad-${i}.png`);
    await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
      .png()
      .toFile(file);
    files.push(file);
  }
  return { dir, files };
}

async function addToCartFromSearch(page: Page, query: string, name: string) {
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  await page.getByRole('link', { name, exact: true }).first().click();
  // The product page itself (React keeps the search page, whose heading quotes the name, until the next page is ready).
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('link', { name: 'Go to Cart' })).toBeVisible();
}

test('a vendor opens a shop, lists a product with two images, ships its part of a shared order, and withdraws the product', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const shopName = `Kulhad Corner ${tag}`;
  const productName = `Terracotta Chai Kulhad Set ${tag}`;
  const vendorEmail = uniqueEmail('kumhar');
  const pictures = await twoPictures();

  const vendorContext = await browser.newContext();
  const customerContext = await browser.newContext();
  const vendor = await vendorContext.newPage();
  const customer = await customerContext.newPage();
  try {
    // 1. The vendor registers and signs in.
    await vendor.goto('/vendor/register');
    await vendor.getByLabel('First name').fill('Ramesh');
    await vendor.getByLabel('Last name').fill('Prajapati');
    await vendor.getByLabel('Business name').fill(`Prajapati Pottery ${tag}`);
    await vendor.getByLabel('Email').fill(vendorEmail);
    await vendor.getByLabel('Phone').fill('9829012345');
    await vendor.getByLabel('Business address').fill('12 Kumhar Mohalla, Jaipur');
    await vendor.getByRole('textbox', { name: 'Password', exact: true }).fill('pottery-secret');
    await vendor.getByLabel('Confirm password').fill('pottery-secret');
    await vendor.getByRole('button', { name: 'Create Vendor Account' }).click();
    await expect(vendor).toHaveURL(/\/login$/);
    await signIn(vendor, vendorEmail, 'pottery-secret');

    // 2. A shop, from /profile → My Shops → Create New Shop.
    await vendor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await vendor.getByRole('tab', { name: 'My Shops' }).click();
    await vendor.getByRole('button', { name: 'Create New Shop' }).first().click();
    const shopDialog = vendor.getByRole('dialog', { name: 'Create New Shop' });
    await shopDialog.getByLabel('Shop name').fill(shopName);
    await shopDialog.getByLabel('Description').fill('Hand-thrown clay cups from Jaipur.');
    // A new shop delivers, and the form says what customers pay for it: the rule checkout charges.
    await expect(shopDialog.getByLabel('We offer delivery')).toBeChecked();
    await expect(shopDialog).toContainText('Delivery ₹99 per order, free on orders above ₹999');
    await shopDialog.getByRole('button', { name: 'Create Shop' }).click();
    await expect(vendor.getByText('Shop created successfully!')).toBeVisible();
    await expect(shopDialog).toBeHidden();
    await expect(vendor.getByText(shopName).first()).toBeVisible();
    const shopCard = vendor.getByRole('listitem').filter({ hasText: shopName });
    await expect(shopCard).toContainText('Delivery ₹99 per order, free on orders above ₹999');
    await expect(shopCard).not.toContainText(' km');

    // Its PAN and a GSTIN (Payouts & tax, here through the API): registered for GST, it may deliver to any state.
    const first14 = '29ABCPP1234K1Z';
    const taxDetails = await vendor.request.put('/api/vendor/payout-details', {
      headers: CSRF,
      data: {
        method: 'upi',
        upiId: 'ramesh@okaxis',
        pan: 'ABCPP1234K',
        gstin: first14 + gstinCheckChar(first14),
        currentPassword: 'pottery-secret',
      },
    });
    expect(taxDetails.status(), await taxDetails.text()).toBe(200);

    // 3. A product with two images, in /vendor/dashboard → Products.
    await vendor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await vendor.getByRole('tab', { name: 'Products' }).click();
    await vendor.getByRole('button', { name: 'Add Product' }).first().click();
    const productDialog = vendor.getByRole('dialog', { name: 'Add New Product' });
    await productDialog.getByRole('textbox', { name: 'Product name', exact: true }).fill(productName);
    await productDialog
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Six hand-thrown kulhads for masala chai.');
    await productDialog.getByRole('spinbutton', { name: 'Price (₹)', exact: true }).fill('349');
    await productDialog.getByRole('spinbutton', { name: 'Original price (₹)', exact: true }).fill('499');
    await productDialog.getByRole('spinbutton', { name: 'Stock', exact: true }).fill('12');
    await productDialog
      .getByRole('combobox', { name: 'Category', exact: true })
      .selectOption({ label: 'Home & Living' });
    await productDialog.getByRole('combobox', { name: 'Shop', exact: true }).selectOption({ label: shopName });
    await productDialog.locator('input[type="file"]').setInputFiles(pictures.files);
    await expect(productDialog.getByRole('img', { name: 'Image 1 (main image)' })).toBeVisible();
    await expect(productDialog.getByRole('img', { name: 'Image 2' })).toBeVisible();
    await productDialog.getByRole('button', { name: 'Add Product' }).click();
    await expect(vendor.getByText('Product created successfully!')).toBeVisible();
    await expect(productDialog).toBeHidden();
    const listed = await (await vendor.request.get(`/api/vendor/products?q=${encodeURIComponent(productName)}`)).json();
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0].images).toHaveLength(2);
    expect(listed.items[0].imageUrl).toBe(listed.items[0].images[0]);

    // 4. It is in the storefront search at once.
    await vendor.goto(`/search?q=${encodeURIComponent(productName)}`);
    await expect(vendor.getByRole('link', { name: productName, exact: true }).first()).toBeVisible();

    // 5. The customer buys it together with another shop's product, through the test gateway.
    await signIn(customer, CUSTOMER.email, CUSTOMER.password);
    const cart = await (await customer.request.get('/api/cart')).json();
    for (const line of cart.items) await customer.request.delete(`/api/cart/items/${line.id}`, { headers: CSRF });
    await addToCartFromSearch(customer, productName, productName);
    await addToCartFromSearch(customer, OTHER.query, OTHER.name);
    await customer.getByRole('link', { name: 'Go to Cart' }).click();
    await customer.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await customer.getByRole('button', { name: /^Pay ₹/ }).click();
    const payment = customer.getByRole('dialog', { name: 'Test payment' });
    await payment.getByRole('button', { name: /^Pay ₹/ }).click();
    await expect(customer).toHaveURL(/\/orders$/);
    const card = customer.getByRole('article').first();
    await expect(card).toContainText(shopName);
    await expect(card).toContainText(OTHER.shop);
    const orderRef = ((await card.getByRole('heading').textContent()) ?? '').replace('Order ', '');
    expect(orderRef).toMatch(/^#[0-9A-Fa-f]{8}$/);
    const ref = `#${orderRef.slice(1).toLowerCase()}`;

    // 6. The vendor moves its part to shipped in the Orders tab.
    await vendor.goto('/vendor/dashboard?tab=orders');
    const row = vendor.getByRole('row').filter({ hasText: ref });
    await expect(row).toContainText(productName);
    await expect(row).toContainText('₹349');
    await expect(row).not.toContainText(OTHER.name);
    await expect(row).toContainText('Test payment: no money moved');
    await row.getByRole('button', { name: `Confirm order ${ref}` }).click();
    await expect(vendor.getByText('Order confirmed')).toBeVisible();
    await row.getByRole('button', { name: `Start processing order ${ref}` }).click();
    await expect(vendor.getByText('Order is now processing')).toBeVisible();
    await row.getByRole('button', { name: `Mark shipped order ${ref}` }).click();
    const ship = vendor.getByRole('dialog', { name: `Mark order ${ref} shipped` });
    await ship.getByLabel('Tracking note (optional)').fill('India Post EE123456789IN');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(vendor.getByText('Order marked as shipped')).toBeVisible();
    await expect(row).toContainText('Shipped');
    await expect(row).toContainText('Tracking: India Post EE123456789IN');
    await expect(vendor.getByText('Order marked as shipped')).toBeHidden({ timeout: 8000 });
    await expectAccessible(vendor);

    // 7. The customer sees that part shipped and the other shop's part still pending.
    await customer.goto('/orders');
    const shops = customer.getByRole('article').first().getByRole('list', { name: 'Shops in this order' });
    await expect(shops.getByRole('listitem').filter({ hasText: shopName })).toContainText('Shipped');
    await expect(shops.getByRole('listitem').filter({ hasText: OTHER.shop })).toContainText('Pending');

    // 8. The vendor deactivates the product, and it leaves the search.
    await vendor.goto('/vendor/dashboard?tab=products');
    await vendor.getByRole('button', { name: `Deactivate ${productName}` }).click();
    await expect(vendor.getByText('Product deactivated successfully')).toBeVisible();
    await customer.goto(`/search?q=${encodeURIComponent(productName)}`);
    // Wait until the search has answered (no results, or other products' cards), then check ours is gone.
    await expect(
      customer
        .getByRole('heading', { name: 'No products found' })
        .or(customer.locator('main a[href^="/product/"]').first()),
    ).toBeVisible();
    await expect(customer.getByRole('link', { name: productName, exact: true })).toHaveCount(0);
  } finally {
    await vendorContext.close();
    await customerContext.close();
    rmSync(pictures.dir, { recursive: true, force: true });
  }
});

test("the product form's required-field messages, focus, and a server failure that keeps what was typed @phone", async ({
  page,
}) => {
  await page.request.post('/api/auth/login', {
    headers: CSRF,
    data: { email: 'vendor@haat.test', password: 'Vendor@123' },
  });
  await page.goto('/vendor/dashboard?tab=products');
  const add = page.getByRole('button', { name: 'Add Product' }).first();
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add New Product' });
  const name = dialog.getByRole('textbox', { name: 'Product name', exact: true });
  await expect(name).toBeFocused();
  await expect(dialog.getByRole('spinbutton', { name: 'Reward percentage', exact: true })).toHaveValue('5');

  // Nothing filled in: SPEC.md's two messages. The demo vendor has two shops, so none is chosen for it.
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Please fill in all required fields' }).first(),
  ).toBeVisible();
  await expect(dialog.getByText('Please select a shop for this product')).toBeVisible();

  // The server fails: 'Failed to save product: {msg}' with SPEC.md's fallback, and the form keeps its input.
  await page.route('**/api/vendor/products', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
          }),
        })
      : route.continue(),
  );
  await name.fill('Brass Diya, Set of 4');
  await dialog.getByRole('spinbutton', { name: 'Price (₹)', exact: true }).fill('449');
  await dialog.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: 'Home & Living' });
  await dialog.getByRole('combobox', { name: 'Shop', exact: true }).selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog.getByText('Failed to save product: Failed to create product')).toBeVisible();
  await expect(name).toHaveValue('Brass Diya, Set of 4');

  // Escape closes the dialog and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // Deleting asks first, naming the product.
  const firstCard = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Delete / }) })
    .first();
  const productName = (await firstCard.getByRole('heading').textContent()) ?? '';
  await firstCard.getByRole('button', { name: `Delete ${productName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete product?' });
  await expect(confirm).toContainText(productName);
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { name: productName, exact: true })).toBeVisible();
});

test("a vendor's failed profile save says why, in SPEC.md's words for vendors", async ({ page }) => {
  await page.request.post('/api/auth/login', {
    headers: CSRF,
    data: { email: 'vendor2@haat.test', password: 'Vendor@123' },
  });
  await page.goto('/profile');
  await page.route('**/api/me/profile', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
      }),
    }),
  );
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('First name').fill('Meenakshi');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Failed to update profile: Something went wrong on our side. Please try again.'),
  ).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Meenakshi');
});

test('a product whose picture is refused is not saved: the form keeps its input, the picture says why, one message', async ({
  page,
}) => {
  await page.request.post('/api/auth/login', {
    headers: CSRF,
    data: { email: 'vendor@haat.test', password: 'Vendor@123' },
  });
  const dir = mkdtempSync(join(tmpdir(), 'haat-e2e-bad-image-'));
  const fake = join(dir, 'not-really.png');
  writeFileSync(fake, 'this is text, not a picture');
  const productName = `Terracotta Planter ${Date.now().toString(36)}`;
  const found = async () =>
    (await (await page.request.get(`/api/vendor/products?q=${encodeURIComponent(productName)}&status=all`)).json())
      .items.length;
  try {
    await page.goto('/vendor/dashboard?tab=products');
    await page.getByRole('button', { name: 'Add Product' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Product' });
    await dialog.getByRole('textbox', { name: 'Product name', exact: true }).fill(productName);
    await dialog.getByRole('spinbutton', { name: 'Price (₹)', exact: true }).fill('599');
    await dialog.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: 'Home & Living' });
    await dialog.getByRole('combobox', { name: 'Shop', exact: true }).selectOption({ index: 1 });
    await dialog.locator('input[type="file"]').setInputFiles(fake);
    await dialog.getByRole('button', { name: 'Add Product' }).click();

    // The picture's own tile says why; the form says nothing was saved; one toast, no success beside it.
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'Please select a valid image file' }).first(),
    ).toBeVisible();
    await expect(dialog.getByText(/Nothing was saved/)).toBeVisible();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
    await expect(page.locator('[data-sonner-toast]')).toContainText(
      'Failed to save product: Please select a valid image file',
    );
    await expect(dialog.getByRole('textbox', { name: 'Product name', exact: true })).toHaveValue(productName);
    expect(await found()).toBe(0);

    // Removing the refused picture and saving again saves the product, and the success replaces the error.
    await dialog.getByRole('button', { name: 'Remove Image 1 (main image)' }).click();
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
    await expect(page.locator('[data-sonner-toast]')).toContainText('Product created successfully!');
    expect(await found()).toBe(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
