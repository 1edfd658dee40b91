import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAdmin } from './admin-auth';
import { apiLogin, CSRF, expectAccessible, uniqueEmail } from './helpers';

// Sizes and colours: a vendor adds a kurta in three sizes through the product form; a
// customer chooses a size on the product page, buys it, and sees the size in the cart, at checkout
// and on the order; the vendor's and the super admin's Orders tabs name the size and the SKU.

const VENDOR = { email: 'vendor2@haat.test', password: 'Vendor@123' };

const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Record<string, string>> => {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, string>;
};

/** A new customer with a default address, signed in on `request`. */
async function newCustomer(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('kavya');
  const password = 'Kavya-Secret-1';
  await ok(
    await request.post('/api/auth/register', {
      headers: CSRF,
      data: {
        role: 'customer',
        firstName: 'Kavya',
        lastName: 'Menon',
        phoneNumber: '9847011122',
        email,
        password,
        confirmPassword: password,
      },
    }),
  );
  await apiLogin(request, email, password);
  await ok(
    await request.post('/api/addresses', {
      headers: CSRF,
      data: {
        type: 'home',
        streetAddress: '7 Marine Drive',
        city: 'Jaipur',
        state: 'Rajasthan',
        postalCode: '302001',
        isDefault: true,
      },
    }),
  );
  return { email, password };
}

/** A kurta in S, M (its own price ₹949) and L (sold out) of the vendor's first shop, made through the vendor's API; answers its id. */
async function kurtaThroughApi(request: APIRequestContext, name: string): Promise<string> {
  await apiLogin(request, VENDOR.email, VENDOR.password);
  const shops = (await (await request.get('/api/vendor/shops')).json()) as
    { id: string }[] | { items: { id: string }[] };
  const shopId = (Array.isArray(shops) ? shops : shops.items)[0].id;
  const categories = (await (await request.get('/api/categories')).json()) as
    { id: string; name: string }[] | { items: { id: string; name: string }[] };
  const fashion = (Array.isArray(categories) ? categories : categories.items).find((c) => c.name === 'Fashion')!;
  const created = await ok(
    await request.post('/api/vendor/products', {
      headers: CSRF,
      data: {
        name,
        description: 'Hand block printed cotton kurta.',
        price: 899,
        categoryId: fashion.id,
        storeId: shopId,
        options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
        variants: [
          { option1Value: 'S', option2Value: null, sku: 'E2E-KUR-S', stockQuantity: 4 },
          { option1Value: 'M', option2Value: null, sku: 'E2E-KUR-M', stockQuantity: 2, price: 949 },
          { option1Value: 'L', option2Value: null, sku: 'E2E-KUR-L', stockQuantity: 0 },
        ],
      },
    }),
  );
  return (created as unknown as { product: { id: string } }).product.id;
}

/** On the product page: Add to Cart asks for a size first; L says it is sold out; M shows its own price and goes to the cart. */
async function chooseSizeAndAdd(page: Page) {
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByText('Please choose a size')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'L (sold out)' })).toBeAttached();
  await page.getByText('M', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
  await expect(page.getByText('₹949').first()).toBeVisible();
  await expect(page).toHaveURL(/[?&]size=M/);
  await expect(page.getByText('Please choose a size')).toBeHidden();
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByText('Product added to cart!')).toBeVisible();
}

test('a vendor adds a kurta in three sizes; a customer chooses M, buys it and sees the size in the cart, at checkout and on the order; the vendor and the super admin see size and SKU', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Indigo Block Print Kurta ${Date.now().toString(36)}`;

  // The vendor's product form: Size with S, M, L; SKUs filled; M at its own price; L sold out.
  const vendor = await browser.newContext();
  const customer = await browser.newContext();
  try {
    const v = await vendor.newPage();
    await apiLogin(v.request, VENDOR.email, VENDOR.password);
    await v.goto('/vendor/dashboard?tab=products');
    await v.getByRole('button', { name: 'Add Product' }).first().click();
    const form = v.getByRole('dialog', { name: 'Add New Product' });
    await form.getByRole('textbox', { name: 'Product name', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Hand block printed cotton kurta.');
    await form.getByRole('spinbutton', { name: 'Price (₹)', exact: true }).first().fill('899');
    await form.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: 'Fashion' });
    await form.getByRole('combobox', { name: 'Shop', exact: true }).selectOption({ index: 1 });
    await form.getByRole('button', { name: 'Add sizes or colours' }).click();
    await form.getByRole('textbox', { name: 'Option 1 name' }).fill('Size');
    const values = form.getByLabel('Size values');
    for (const size of ['S', 'M', 'L']) {
      await values.fill(size);
      await values.press('Enter');
    }
    await expect(form.getByText('3 combinations')).toBeVisible();
    await form.getByRole('button', { name: 'Fill SKUs' }).click();
    const row = (label: string) => form.getByRole('group', { name: label });
    await row('Size: S').getByRole('spinbutton', { name: 'Stock', exact: true }).fill('4');
    await row('Size: M').getByRole('spinbutton', { name: 'Stock', exact: true }).fill('2');
    await row('Size: M').getByRole('spinbutton', { name: 'Price (₹)', exact: true }).fill('949');
    await row('Size: L').getByRole('spinbutton', { name: 'Stock', exact: true }).fill('0');
    await expect(row('Size: M').getByRole('textbox', { name: 'SKU' })).not.toHaveValue('');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expect(v.getByText('Product created successfully!')).toBeVisible();
    await expect(form).toBeHidden();
    const listed = (await (await v.request.get(`/api/vendor/products?q=${encodeURIComponent(name)}`)).json()) as {
      items: {
        id: string;
        stockQuantity: number;
        variants: { label: string; sku: string; stockQuantity: number; pricePaise: number | null }[];
      }[];
    };
    const product = listed.items[0];
    expect(product.stockQuantity).toBe(6);
    expect(product.variants.map((x) => [x.label, x.stockQuantity, x.pricePaise])).toEqual([
      ['Size: S', 4, null],
      ['Size: M', 2, 94900],
      ['Size: L', 0, null],
    ]);
    const skuM = product.variants[1].sku;

    // The customer: product page, size M, cart, checkout through the test gateway, the order.
    const { email } = await newCustomer(customer.request);
    const c = await customer.newPage();
    await c.goto(`/product/${product.id}`);
    await expect(c.getByRole('heading', { name })).toBeVisible();
    await chooseSizeAndAdd(c);
    await c.goto('/cart');
    await expect(c.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
    await expect(c.getByText('Size: M').first()).toBeVisible();
    await c.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(c.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect(c.getByText('Size: M').first()).toBeVisible();
    await c.getByRole('button', { name: /^Pay ₹/ }).click();
    await c
      .getByRole('dialog', { name: 'Test payment' })
      .getByRole('button', { name: /^Pay ₹/ })
      .click();
    await expect(c).toHaveURL(/\/orders$/);
    const card = c.getByRole('article').first();
    await expect(card).toContainText(`${name} (Size: M)`);
    await card.getByRole('button', { name: 'View Details' }).click();
    const details = c.getByRole('dialog', { name: /^Order #/ });
    await expect(details).toContainText('Size: M');
    await expect(details).toContainText('₹949');
    await details.getByRole('button', { name: 'Close' }).click();
    // M's stock went down by one; the product's is the sizes' sum.
    const after = (await (await c.request.get(`/api/products/${product.id}`)).json()) as {
      stockQuantity: number;
      variants: { label: string; stockQuantity: number }[];
    };
    expect(after.variants.find((x) => x.label === 'Size: M')!.stockQuantity).toBe(1);
    expect(after.stockQuantity).toBe(5);

    // The vendor's Orders tab names the size and the SKU.
    await v.goto('/vendor/dashboard?tab=orders');
    await expect(v.getByRole('row').filter({ hasText: name })).toContainText(`Size: M · SKU ${skuM}`);

    // The super admin's Orders tab too.
    await signInAdmin(page);
    await page.getByRole('tab', { name: 'Orders' }).click();
    const search = page.getByLabel('Search by customer, email or order id');
    await search.fill(email);
    await search.press('Enter');
    const adminRow = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: name });
    await expect(adminRow).toContainText('Size: M');
    await expect(adminRow).toContainText(skuM);
  } finally {
    await vendor.close();
    await customer.close();
  }
});

test('on a 375 px phone, a customer chooses a size and the cart names it @phone', async ({ page }) => {
  const name = `Maroon Cotton Kurta ${Date.now().toString(36)}`;
  const vendor = await page.context().browser()!.newContext();
  let productId: string;
  try {
    productId = await kurtaThroughApi(vendor.request, name);
  } finally {
    await vendor.close();
  }
  await newCustomer(page.request);
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await chooseSizeAndAdd(page);
  // Reloading keeps the choice (it is in the address).
  await page.reload();
  await expect(page.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
  await page.goto('/cart');
  await expect(page.getByText('Size: M').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expect(page.getByText('Product added to cart!')).toBeHidden({ timeout: 8000 });
  await expectAccessible(page);
});
