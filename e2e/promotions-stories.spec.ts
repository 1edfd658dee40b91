import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatDate } from '../src/domain/india-time';
import { formatRupees } from '../src/domain/money';
import { signInAdmin } from './admin-auth';
import {
  apiLogin,
  CSRF,
  entriesOf,
  expectAccessible,
  newCustomer,
  productWithoutOptions,
  vendorMovesPart,
  vendorProduct,
} from './helpers';
import { pdfText } from './pdf-text';

// Promotions as shoppers meet them, on a phone and on a laptop: a first-order coupon taken once and then
// refused, an expired code refused with its last day, and a vendor's festive sale on its kurtas shown on
// the product card, at checkout and on the tax invoice the shopper downloads. (A return of one discounted
// item: e2e/promotions-return.spec.ts, on the server with a return window.)

const VENDOR = { email: 'vendor@haat.test', password: 'Vendor@123' };

/** The India date `days` from today, as YYYY-MM-DD. */
const indiaDay = (days: number) => new Date(Date.now() + 5.5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

const stampOf = () => Date.now().toString().slice(-8);

/** The super admin, signed in on a page of its own, saves a coupon paid by Haat on the whole cart (unless told). */
async function haatCoupon(browser: Browser, data: Record<string, unknown>): Promise<void> {
  const admin = await browser.newPage();
  try {
    await signInAdmin(admin);
    const created = await admin.request.post('/api/admin/promotions', {
      headers: CSRF,
      data: { kind: 'coupon', scope: 'cart', fundedBy: 'haat', startsOn: indiaDay(0), budgetType: 'none', ...data },
    });
    expect(created.status(), await created.text()).toBe(201);
  } finally {
    await admin.close();
  }
}

/** A new shopper with a default address in Bengaluru, signed in on the page. */
const newShopper = (page: Page, firstName: string) =>
  newCustomer(
    page.request,
    { firstName, lastName: 'Rao', phoneNumber: '9845012345' },
    { streetAddress: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' },
  );

/**
 * Puts `quantity` of a product in the signed-in shopper's cart and opens checkout; answers the Pay
 * button. `onCart`: what the shopper checks on the cart page before going on.
 */
async function openCheckout(page: Page, productId: string, quantity: number, onCart?: () => Promise<void>) {
  const added = await page.request.post('/api/cart/items', { headers: CSRF, data: { productId, quantity } });
  expect(added.status(), await added.text()).toBeLessThan(300);
  await page.goto('/cart');
  await onCart?.();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const pay = page.getByRole('button', { name: /^Pay ₹/ });
  await expect(pay).toBeEnabled();
  return pay;
}

/** Types a code in checkout's coupon field and taps Apply; answers the field. */
async function applyCode(page: Page, code: string) {
  const field = page.getByRole('textbox', { name: 'Coupon code' });
  await field.fill(code);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  return field;
}

/** Pays the amount Pay shows in the test gateway's dialog and waits for the orders page. */
async function payAsShown(page: Page, pay: ReturnType<Page['getByRole']>) {
  const amount = (await pay.textContent())!.trim();
  await pay.click();
  await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: amount }).click();
  await expect(page).toHaveURL(/\/orders$/);
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a first-order coupon: the new shopper saves ₹100 on the first order, the second is refused', async ({
      page,
      browser,
    }) => {
      const code = `WELCOME${stampOf()}`;
      await haatCoupon(browser, {
        name: 'Welcome offer',
        couponCode: code,
        benefitType: 'fixed',
        amount: '100',
        firstOrderOnly: true,
      });

      await newShopper(page, 'Kavya');
      const product = await productWithoutOptions(page.request, 10);
      const pay = await openCheckout(page, product.id, 1);
      const before = (await pay.textContent())!.trim();
      const field = await applyCode(page, code.toLowerCase());
      await expect(field).toHaveAccessibleDescription(`${code} applied`);
      await expect(page.getByRole('list', { name: 'Offers applied' }).getByRole('listitem')).toContainText(
        `${code} · You save ${formatRupees(10_000)}`,
      );
      await expect(page.getByText(`−${formatRupees(10_000)} off`)).toBeVisible();
      await expect(pay).not.toHaveText(before);
      await expectAccessible(page);
      await payAsShown(page, pay);

      await page.getByRole('article').first().getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: /^Order #/ });
      await expect(details.getByText('Discount', { exact: true }).locator('..').locator('dd')).toHaveText(
        `−${formatRupees(10_000)}`,
      );
      await expect(details.getByText(`${code} (Welcome offer)`)).toBeVisible();
      await page.keyboard.press('Escape');

      // The same shopper's second order: the code was for the first one only.
      await openCheckout(page, product.id, 1);
      await applyCode(page, code);
      await expect(page.getByRole('textbox', { name: 'Coupon code' })).toHaveAccessibleDescription(
        `${code} is only for your first order`,
      );
      await expect(page.getByRole('list', { name: 'Offers applied' })).toHaveCount(0);
    });

    test('an expired code is refused with the day it ended, and the price stays', async ({ page, browser }) => {
      const code = `DIWALI${stampOf()}`;
      // A festival coupon that ran for three days and ended yesterday.
      await haatCoupon(browser, {
        name: 'Diwali dhamaka',
        couponCode: code,
        benefitType: 'percent',
        percent: '10',
        maxDiscount: '500',
        startsOn: indiaDay(-3),
        endsOn: indiaDay(-1),
      });

      await newShopper(page, 'Arjun');
      const product = await productWithoutOptions(page.request, 10);
      const pay = await openCheckout(page, product.id, 1);
      const before = (await pay.textContent())!.trim();
      const field = await applyCode(page, code);
      const refusal = `${code} expired on ${formatDate(indiaDay(-1))}`;
      await expect(field).toHaveAccessibleDescription(refusal);
      // Said once, under the field; nothing taken off.
      await expect(page.getByText(refusal)).toHaveCount(1);
      await expect(page.getByRole('list', { name: 'Offers applied' })).toHaveCount(0);
      await expect(pay).toHaveText(before);
      await expectAccessible(page);
    });

    test("a vendor's kurta sale shows on the card, at checkout and on the tax invoice", async ({ page, browser }) => {
      test.setTimeout(120_000);
      const stamp = `${width}-${stampOf()}`;
      const kurtaName = `Block print kurta ${stamp}`;
      const saleName = `Festive kurta sale ${stamp}`;
      const vendor = await browser.newContext();
      const v = vendor.request;
      let promotionId: string | null = null;
      try {
        const { id: vendorId } = (await apiLogin(v, VENDOR.email, VENDOR.password)) as { id: string };
        const { id: kurtaId } = await vendorProduct(v, { name: kurtaName, price: 600 });
        // The vendor's own automatic sale, 20 % off its kurta: the vendor pays for it.
        const created = await v.post('/api/vendor/promotions', {
          headers: CSRF,
          data: {
            name: saleName,
            kind: 'automatic',
            scope: 'products',
            productIds: [kurtaId],
            benefitType: 'percent',
            percent: '20',
            fundedBy: 'vendor',
            vendorId,
            startsOn: indiaDay(0),
            endsOn: indiaDay(5),
          },
        });
        expect(created.status(), await created.text()).toBe(201);
        promotionId = ((await created.json()) as { promotion: { id: string } }).promotion.id;

        // The shopper finds the kurta at its offer price.
        await newShopper(page, 'Meera');
        await page.goto(`/search?q=${encodeURIComponent(kurtaName)}`);
        const card = page.getByRole('article', { name: kurtaName }).first();
        await expect(card.getByText(`Offer price ${formatRupees(48_000)}, was ${formatRupees(60_000)}`)).toHaveCount(1);
        await expect(card.getByText(saleName, { exact: false })).toBeVisible();

        // Two kurtas: ₹240 off, shown on the cart's line with the sale's name, and on the line at checkout.
        const pay = await openCheckout(page, kurtaId, 2, async () => {
          const line = page.getByRole('listitem').filter({ hasText: kurtaName });
          await expect(line.getByText(`Offer: ${saleName}`)).toBeVisible();
          await expect(line.getByText(`−${formatRupees(24_000)} off`)).toBeVisible();
          const summary = page.getByRole('region', { name: 'Order Summary' });
          await expect(summary.getByText(`${saleName} · You save ${formatRupees(24_000)}`)).toBeVisible();
          // ₹1,200 less ₹240 is ₹960, within ₹999: ₹99 delivery, ₹1,059 to pay.
          await expect(summary.getByText(`−${formatRupees(24_000)}`, { exact: true })).toBeVisible();
          await expect(summary.getByText(formatRupees(105_900), { exact: true })).toBeVisible();
          await expectAccessible(page);
        });
        await expect(page.getByText(`−${formatRupees(24_000)} off`)).toBeVisible();
        await payAsShown(page, pay);

        // The vendor ships the part: its tax invoice is issued, with the discount on it.
        const orderId = entriesOf<{ id: string }>(await (await page.request.get('/api/orders')).json())[0].id;
        await vendorMovesPart(v, orderId, [{ status: 'shipped' }]);

        await page.reload();
        await page.getByRole('article').first().getByRole('button', { name: 'View Details' }).click();
        const details = page.getByRole('dialog', { name: /^Order #/ });
        const invoice = details.getByRole('link', { name: /^Tax invoice INV\// });
        await expect(invoice).toBeVisible();
        // Its PDF is made by the job runner just after it is issued: until then the link answers 202, "Preparing".
        const href = (await invoice.getAttribute('href'))!;
        await expect.poll(async () => (await page.request.get(href)).status(), { timeout: 30_000 }).toBe(200);
        const pdf = await page.request.get(href);
        expect(pdf.headers()['content-type']).toContain('application/pdf');
        // Read as one line of words: a long name wraps in its column.
        const text = (await pdfText(await pdf.body())).replace(/\s+/g, ' ');
        // Its columns name the discount; the line: 2 kurtas at ₹600 each, ₹240 off (its HSN is not given: —);
        // the totals name the seller's discount and the ₹960 paid for them.
        expect(text).toContain('Qty Unit price (incl. GST) Discount Taxable value');
        expect(text).toContain(`${kurtaName} — 2 ₹600.00 ₹240.00`);
        expect(text).toContain("Seller's discount ₹240.00");
        expect(text).toContain('Total ₹960.00');
      } finally {
        if (promotionId) await v.post(`/api/vendor/promotions/${promotionId}/end`, { headers: CSRF });
        await vendor.close();
      }
    });
  });
}
