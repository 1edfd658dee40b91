import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { formatRupees } from '../src/domain/money';
import { confirmWithCode, signInAdmin } from './admin-auth';
import { apiLogin, customerBuysBottle, expectAccessible, JAIPUR_VENDOR, vendorMovesPart } from './helpers';

// Vendor settlement's whole story in the browser: a customer in Jaipur buys from Jaipur Handloom House (no
// GSTIN, so it delivers only within Rajasthan, without GST); the vendor ships (its bill of supply is
// issued) and delivers; past the return window (0 days on the e2e server) the super admin settles the
// vendor and marks the payout paid with a UPI reference; the customer downloads the bill of supply PDF
// from the order's details; the month's TDS report has the vendor's row.

const VENDOR = JAIPUR_VENDOR;
// By hand: ₹699 within Rajasthan from a vendor without a GSTIN: no GST (CGST Act, section 32); the
// vendor's own commission 6 % = ₹41.94; no GSTIN, so no TCS; a PAN, so TDS 0.1 % of the gross = 69.9
// paise -> ₹0.70; net 699 − 41.94 − 0.70 = ₹656.36.
const NET_PAISE = 65_636;

test('order → shipped with its bill of supply → delivered → past the window → payout paid → bill of supply PDF downloaded → TDS report row', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const nextCode = await signInAdmin(page);
  type Payable = { businessName: string; payablePaise: number; openPayout: unknown };
  const payable = async (): Promise<Payable> => {
    const res = await page.request.get(`/api/admin/payables?q=${encodeURIComponent(VENDOR.name)}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { items: Payable[] }).items.find((r) => r.businessName === VENDOR.name)!;
  };
  const before = await payable();
  expect(before.openPayout).toBeNull();

  // The customer orders; the vendor ships and delivers through its API (its Orders tab is another spec's subject).
  const shopper = await browser.newContext();
  const vendor = await browser.newContext();
  try {
    const { orderId, email, password } = await customerBuysBottle(shopper.request);
    await apiLogin(vendor.request, VENDOR.email, VENDOR.password);
    await vendorMovesPart(vendor.request, orderId, [
      { status: 'confirmed' },
      { status: 'processing' },
      { status: 'shipped', trackingNote: 'Delhivery 1234567890' },
      { status: 'delivered' },
    ]);

    // Past the window: the Payouts tab shows it payable, and Settle pays it with what was payable before.
    const amount = before.payablePaise + NET_PAISE;
    await page.getByRole('tab', { name: 'Payouts' }).click();
    const payables = page.getByRole('table', { name: 'Payable per vendor' });
    const row = payables.getByRole('row').filter({ hasText: VENDOR.name });
    await expect(row).toContainText(formatRupees(amount));
    await row.getByRole('button', { name: `Settle ${VENDOR.name}` }).click();
    const settle = page.getByRole('dialog', { name: `Settle ${VENDOR.name}` });
    await expect(settle).toContainText(formatRupees(amount));
    await confirmWithCode(settle, await nextCode(page));
    await expect(settle).toBeHidden();

    const payouts = page.getByRole('table', { name: 'Payouts' });
    const payoutRow = payouts
      .getByRole('row')
      .filter({ hasText: VENDOR.name })
      .filter({ hasText: formatRupees(amount) });
    await payoutRow.getByRole('button', { name: `Mark paid: ${VENDOR.name}` }).click();
    const pay = page.getByRole('dialog', { name: 'Mark payout as paid' });
    await pay.getByLabel('UPI transaction reference').fill('612345678901');
    await confirmWithCode(pay, await nextCode(page));
    await expect(pay).toBeHidden();
    await expect(payouts.getByRole('row').filter({ hasText: '612345678901' })).toContainText(formatRupees(amount));
    expect((await payable()).payablePaise).toBe(0);

    // The customer opens the order's details and downloads the bill of supply.
    const customer = await shopper.newPage();
    await apiLogin(shopper.request, email, password);
    await customer.goto('/orders');
    const order = customer.getByRole('article', { name: `Order #${orderId.slice(0, 8).toUpperCase()}` });
    await order.getByRole('button', { name: 'View Details' }).click();
    const details = customer.getByRole('dialog', { name: `Order #${orderId.slice(0, 8).toUpperCase()}` });
    const link = details.getByRole('link', { name: /^Bill of supply BOS\/\d{2}-\d{2}\/\d{6}/ });
    await expect(link).toBeVisible();
    const [download] = await Promise.all([customer.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^BOS-\d{2}-\d{2}-\d{6}\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5000);
    await expectAccessible(customer);

    // The month's TDS report: the vendor, its PAN and 0.1 %.
    await page.getByRole('tab', { name: 'Tax reports' }).click();
    const tds = page.getByRole('table', { name: /^TDS 194-O/ });
    const tdsRow = tds.getByRole('row').filter({ hasText: VENDOR.name }).filter({ hasText: VENDOR.pan });
    await expect(tdsRow).toContainText(/0\.1\s?%/);
    const commission = page.getByRole('table', { name: /^Commission earned/ });
    await expect(commission.getByRole('row').filter({ hasText: VENDOR.name })).toBeVisible();
    await expectAccessible(page);
  } finally {
    await shopper.close();
    await vendor.close();
  }
});
