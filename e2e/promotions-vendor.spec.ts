import { expect, test, type Page } from '@playwright/test';
import { formatRupees } from '../src/domain/money';
import { apiLogin, expectAccessible, vendorProduct } from './helpers';

// A vendor pays for its own promotion, on a phone and on a laptop: in its dashboard's Promotions tab it
// creates an automatic "Festive sale" of 10 % off its product, sees it in its list, a shopper sees the
// offer price on that product's page, then the vendor ends it. Then a sale on one size of a product:
// the vendor opens the product's variants in the picker and ticks only M; the product page shows the
// offer on M, not on S, and the card (which shows the product's lowest price) shows none.

const VENDOR = { email: 'vendor@haat.test', password: 'Vendor@123' };

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    /** The promotion's entry in the vendor's list: a card on a phone, a row of the table on a laptop. */
    const entry = (page: Page, name: string) =>
      width < 640
        ? page.getByRole('list', { name: 'Promotions' }).getByRole('listitem').filter({ hasText: name })
        : page.getByRole('row').filter({ hasText: name });

    test('a vendor runs a festive sale on its product, a shopper sees the offer price, the vendor ends it', async ({
      page,
      browser,
    }) => {
      const stamp = `${width}-${Date.now().toString().slice(-8)}`;
      const productName = `Festive stole ${stamp}`;
      const name = `Festive sale ${stamp}`;
      await apiLogin(page.request, VENDOR.email, VENDOR.password);
      await vendorProduct(page.request, { name: productName, price: 450, description: 'Hand woven cotton stole.' });

      await page.goto('/vendor/dashboard');
      await page.getByRole('tab', { name: 'Promotions' }).click();
      await expect(page.getByRole('heading', { name: 'Promotions', exact: true })).toBeVisible();
      await expect(page.getByText('You pay for them: your invoice shows the discount.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);

      await page.getByRole('button', { name: 'New promotion' }).click();
      const dialog = page.getByRole('dialog', { name: 'New promotion' });
      await expect(dialog).toContainText("Funded by: Paid by you (your shop's invoice shows the discount)");
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await dialog.getByRole('radio', { name: 'Automatic (applies by itself)' }).check();
      await dialog.getByLabel('Percentage off (%)').fill('10');
      // Only this product, so no other story's prices change.
      await dialog.getByLabel('Covers').selectOption('products');
      await dialog.getByLabel('Find your products by name').fill(productName);
      await dialog.getByRole('checkbox', { name: new RegExp(`^${productName} · `) }).check();
      await expect(dialog.getByRole('list', { name: 'Your products chosen' }).getByRole('listitem')).toHaveCount(1);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Create the promotion' }).click();
      await expect(dialog).toBeHidden();

      const listed = entry(page, name);
      await expect(listed).toContainText('10% off');
      await expect(listed).toContainText('1 product');
      await expect(listed).toContainText('Active');

      // A shopper, signed out, sees the offer price on the product's card and page.
      const shopper = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        await shopper.goto(`/search?q=${encodeURIComponent(productName)}`);
        const said = `Offer price ${formatRupees(40_500)}, was ${formatRupees(45_000)}`;
        const card = shopper.getByRole('article', { name: productName }).first();
        await expect(card.getByText(said)).toHaveCount(1);
        await card.getByRole('link', { name: productName }).click();
        await expect(shopper.getByRole('heading', { level: 1, name: productName })).toBeVisible();
        await expect(shopper.getByText(said)).toHaveCount(1);
        await expect(shopper.getByText(name)).toBeVisible();

        await listed.getByRole('button', { name: `End ${name}` }).click();
        const confirm = page.getByRole('dialog', { name: `End ${name}` });
        await confirm.getByRole('button', { name: 'End the promotion' }).click();
        await expect(listed).toContainText('Ended');
        await expect(listed.getByRole('button', { name: `End ${name}` })).toHaveCount(0);

        // Ended: a shopper opening the page now finds the product at its own price. (A visitor's browser may
        // keep the catalog's answer for a few seconds: docs/promotions.md.)
        const later = await browser.newPage({ viewport: { width, height: 900 } });
        try {
          await later.goto(shopper.url());
          await expect(later.getByRole('heading', { level: 1, name: productName })).toBeVisible();
          await expect(later.getByText(formatRupees(45_000)).first()).toBeVisible();
          await expect(later.getByText(said)).toHaveCount(0);
          await expect(later.getByText(name)).toHaveCount(0);
        } finally {
          await later.close();
        }
      } finally {
        await shopper.close();
      }
    });

    test('a vendor runs a sale on one size of a product: the page shows the offer on that size only', async ({
      page,
      browser,
    }) => {
      // Two promotions made on the form, one edited, and a shopper's visit: longer than one story's minute.
      test.setTimeout(150_000);
      const stamp = `${width}-${Date.now().toString().slice(-8)}`;
      const productName = `Sized kurta ${stamp}`;
      const name = `Size M sale ${stamp}`;
      await apiLogin(page.request, VENDOR.email, VENDOR.password);
      await vendorProduct(page.request, {
        name: productName,
        price: 500,
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: ['S', 'M'].map((size) => ({
          option1Value: size,
          option2Value: null,
          sku: `E2E-SZ-${stamp}-${size}`,
          stockQuantity: 3,
        })),
      });

      await page.goto('/vendor/dashboard');
      await page.getByRole('tab', { name: 'Promotions' }).click();
      await page.getByRole('button', { name: 'New promotion' }).click();
      const dialog = page.getByRole('dialog', { name: 'New promotion' });
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await dialog.getByRole('radio', { name: 'Automatic (applies by itself)' }).check();
      await dialog.getByLabel('Percentage off (%)').fill('20');
      await dialog.getByLabel('Covers').selectOption('products');
      await dialog.getByLabel('Find your products by name').fill(productName);
      const product = dialog.getByRole('checkbox', { name: new RegExp(`^${productName} · `) });
      await expect(product).toBeVisible();
      // The disclosure is a button reached by the keyboard: Enter opens the product's sizes.
      const disclosure = dialog.getByRole('button', { name: `Variants of ${productName}` });
      await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
      await disclosure.focus();
      await page.keyboard.press('Enter');
      await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
      const sizes = dialog.getByRole('group', { name: `Variants of ${productName}` });
      await sizes.getByRole('checkbox', { name: 'M', exact: true }).check();
      await expect(sizes.getByRole('checkbox', { name: 'S', exact: true })).not.toBeChecked();
      await expect(product).not.toBeChecked();
      const chips = dialog.getByRole('list', { name: 'Your products chosen' }).getByRole('listitem');
      await expect(chips).toHaveCount(1);
      await expect(chips).toContainText(`${productName} · M`);
      // Nothing wider than the phone's screen.
      expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Create the promotion' }).click();
      await expect(dialog).toBeHidden();

      const listed = entry(page, name);
      await expect(listed).toContainText('20% off');
      await expect(listed).toContainText('1 variant');
      await expect(listed).toContainText('Active');

      // A later sale on size S, edited before it starts: the form shows its size ticked and named.
      const later = `Size S sale ${stamp}`;
      const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
      await page.getByRole('button', { name: 'New promotion' }).click();
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(later);
      await dialog.getByRole('radio', { name: 'Automatic (applies by itself)' }).check();
      await dialog.getByLabel('Percentage off (%)').fill('10');
      await dialog.getByLabel('Covers').selectOption('products');
      await dialog.getByLabel('Find your products by name').fill(productName);
      await dialog.getByRole('button', { name: `Variants of ${productName}` }).click();
      await sizes.getByRole('checkbox', { name: 'S', exact: true }).check();
      await dialog.getByLabel('First day').fill(tomorrow);
      await dialog.getByRole('button', { name: 'Create the promotion' }).click();
      await expect(dialog).toBeHidden();
      const scheduled = entry(page, later);
      await expect(scheduled).toContainText('Scheduled');
      await expect(scheduled).toContainText('1 variant');
      await scheduled.getByRole('button', { name: `Edit ${later}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${later}` });
      const saved = edit.getByRole('list', { name: 'Your products chosen' }).getByRole('listitem');
      await expect(saved).toHaveCount(1);
      await expect(saved).toContainText('A variant chosen earlier');
      await edit.getByLabel('Find your products by name').fill(productName);
      const savedSizes = edit.getByRole('group', { name: `Variants of ${productName}` });
      await expect(savedSizes.getByRole('checkbox', { name: 'S', exact: true })).toBeChecked();
      await expect(savedSizes.getByRole('checkbox', { name: 'M', exact: true })).not.toBeChecked();
      await expect(saved).toHaveText(`${productName} · S`);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await expect(edit).toBeHidden();

      const shopper = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        await shopper.goto(`/search?q=${encodeURIComponent(productName)}`);
        const card = shopper.getByRole('article', { name: productName }).first();
        await expect(card.getByText(formatRupees(50_000)).first()).toBeVisible();
        await expect(card.getByText(/Offer price/)).toHaveCount(0);
        await card.getByRole('link', { name: productName }).click();
        await expect(shopper.getByRole('heading', { level: 1, name: productName })).toBeVisible();
        const said = `Offer price ${formatRupees(40_000)}, was ${formatRupees(50_000)}`;
        await shopper.getByText('M', { exact: true }).click();
        await expect(shopper.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
        await expect(shopper.getByText(said)).toHaveCount(1);
        await expect(shopper.getByText(name)).toBeVisible();
        await shopper.getByText('S', { exact: true }).click();
        await expect(shopper.getByRole('radio', { name: 'S', exact: true })).toBeChecked();
        await expect(shopper.getByText(formatRupees(50_000)).first()).toBeVisible();
        await expect(shopper.getByText(said)).toHaveCount(0);
        await expect(shopper.getByText(name)).toHaveCount(0);
      } finally {
        await shopper.close();
      }
    });
  });
}
