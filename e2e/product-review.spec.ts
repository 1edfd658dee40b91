import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newStaffMember, signInAdmin } from './admin-auth';
import { apiLogin, CSRF } from './helpers';

// Product review in the browser: the owner has the Books category reviewed (Settings → Product review,
// here through its API, and put back as it was after); the demo vendor lists a book, which waits as
// Pending review and is not in the search; a Catalog staff member approves it in the Review tab, and
// shoppers find it. No other spec lists products in Books, and the rules are put back at the end.

const VENDOR = { email: 'vendor@haat.test', password: 'Vendor@123', name: 'Sharma Electronics' };
type ReviewSettings = { allNewProducts: boolean; newVendorDays: number | null; categoryIds: string[] };

async function saveReviewSettings(owner: Page, code: string, settings: ReviewSettings) {
  const res = await owner.request.put('/api/admin/settings/product-review', {
    headers: CSRF,
    data: { ...settings, code },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The storefront's search for a product name, as a shopper reads it: answers whether the product is listed. */
async function searchFinds(page: Page, name: string): Promise<boolean> {
  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  // Wait until the search has answered (no results, or products' cards).
  await expect(
    page.getByRole('heading', { name: 'No products found' }).or(page.locator('main a[href^="/product/"]').first()),
  ).toBeVisible();
  return (await page.getByRole('link', { name, exact: true }).count()) > 0;
}

/** The vendor adds a book in its Products tab (its first shop). */
async function vendorListsBook(page: Page, request: APIRequestContext, name: string) {
  await apiLogin(request, VENDOR.email, VENDOR.password);
  await page.goto('/vendor/dashboard?tab=products');
  await expect(page.getByRole('heading', { name: 'Your products' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Product' });
  await dialog.getByRole('textbox', { name: 'Product name', exact: true }).fill(name);
  await dialog
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Short stories of a small town in Karnataka, in English translation.');
  await dialog.getByRole('spinbutton', { name: 'Price (₹)', exact: true }).fill('299');
  await dialog.getByRole('spinbutton', { name: 'Stock', exact: true }).fill('20');
  await dialog.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: 'Books' });
  await dialog.getByRole('combobox', { name: 'Shop', exact: true }).selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog).toBeHidden();
}

for (const width of [1280, 375]) {
  const title =
    "a reviewed category's new product waits for review; a Catalog staff member approves it and shoppers find it";
  test(`${title}, at ${width} px`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    const viewport = { width, height: 800 };
    const name = `Malgudi Days, Paperback ${Date.now().toString(36)}`;
    const nextCode = await signInAdmin(page);
    const before = (await (await page.request.get('/api/admin/settings/product-review')).json()) as ReviewSettings & {
      categories: { id: string; name: string }[];
    };
    const books = before.categories.find((c) => c.name === 'Books')!;
    const previous: ReviewSettings = {
      allNewProducts: before.allNewProducts,
      newVendorDays: before.newVendorDays,
      categoryIds: before.categoryIds,
    };
    const vendorContext = await browser.newContext({ viewport });
    const staffContext = await browser.newContext({ viewport });
    const shopperContext = await browser.newContext({ viewport });
    try {
      await saveReviewSettings(page, await nextCode(page), {
        ...previous,
        categoryIds: [...new Set([...previous.categoryIds, books.id])],
      });

      // The vendor lists the book: it waits for review, and shoppers do not find it.
      const vendor = await vendorContext.newPage();
      await vendorListsBook(vendor, vendorContext.request, name);
      const card = vendor.getByRole('listitem').filter({ has: vendor.getByRole('heading', { name, exact: true }) });
      await expect(card).toContainText('Pending review');
      const shopper = await shopperContext.newPage();
      expect(await searchFinds(shopper, name)).toBe(false);

      // A Catalog staff member opens the Review tab, reads the submission and approves it.
      await newStaffMember(page, nextCode, staffContext.request, 'Catalog');
      const staff = await staffContext.newPage();
      await staff.goto('/admin/dashboard?tab=review');
      await expect(staff.getByRole('tab', { name: 'Review' })).toHaveAttribute('aria-selected', 'true');
      const queue = staff.getByRole('region', { name: 'Review queue' });
      await queue.getByLabel('Category').selectOption({ label: 'Books' });
      const item = queue.getByRole('listitem').filter({ hasText: name });
      await expect(item).toContainText('New product');
      await expect(item).toContainText(`${VENDOR.name} · `);
      await item.getByRole('button', { name: 'Review' }).click();
      await expect(
        item.getByRole('table', { name: new RegExp(`^New product: ${name} — ${VENDOR.name}`) }),
      ).toBeVisible();
      await item.getByRole('button', { name: 'Approve' }).click();
      // It leaves the queue (the toast says 'Approved: the product is on sale' for a moment).
      await expect(item).toHaveCount(0);

      // On sale now: shoppers find it, and the vendor's card no longer says it waits.
      expect(await searchFinds(shopper, name)).toBe(true);
      await vendor.reload();
      await expect(card).toBeVisible();
      await expect(card).not.toContainText('Pending review');
    } finally {
      await saveReviewSettings(page, await nextCode(page), previous);
      await vendorContext.close();
      await staffContext.close();
      await shopperContext.close();
    }
  });
}
