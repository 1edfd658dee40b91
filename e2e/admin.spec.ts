import { expect, test } from '@playwright/test';
import { ADMIN, authenticator, codeFor, confirmWithCode, credentials, rememberAdminSecret } from './admin-auth';
import { expectAccessible } from './helpers';

// The super admin's first sign-in with two-factor set up on the spot, then a normal sign-in.
// The e2e server creates the super admin from ADMIN_EMAIL and ADMIN_PASSWORD (playwright.config.ts).

test('the super admin signs in for the first time, sets up two-factor, signs out, signs in again with a code, pays one withdrawal, rejects another, approves an employee, rejects then approves a vendor, disables then deletes a product, processes referral qualifications, reads a message and finds it all in the audit log', async ({
  page,
}) => {
  // Each confirmed action needs a code of a new time step: the journey may wait for the authenticator.
  test.setTimeout(300_000);
  // Without an admin session, the panel sends to the sign-in page.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Login' })).toBeVisible();

  // Wrong password: SPEC.md's message.
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();

  // The right one: two-factor is not set up yet, so the setup step shows the QR code, the key and 8 backup codes.
  await credentials(page);
  const qr = page.getByRole('img', { name: 'QR code to add Haat to your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('width')).toBe('300');
  const secret = ((await page.getByLabel('Secret key').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  rememberAdminSecret(secret);
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(8);
  await expectAccessible(page);

  // The button waits for six digits; letters are not typed in.
  const code = page.getByRole('textbox', { name: 'Authentication code' });
  const finish = page.getByRole('button', { name: 'Verify & Finish Setup' });
  await code.fill('12a');
  await expect(code).toHaveValue('12');
  await expect(finish).toBeDisabled();
  // A wrong code: SPEC.md's message, and the key stays on screen to try again.
  await code.fill(codeFor(secret, -10));
  await finish.click();
  await expect(page.getByText('Invalid or expired 2FA code. Please try again with the current code.')).toBeVisible();
  const nextCode = authenticator(secret);
  const setupCode = await nextCode(page);
  await code.fill(setupCode);
  await finish.click();

  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${ADMIN.email}`)).toBeVisible();
  // The Overview tab: the figures, and this sign-in as the latest activity.
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText('Products')).toBeVisible();
  await expect(totals.getByText('Pending approvals')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').first()).toContainText(
    'Super admin signed in',
  );
  await expectAccessible(page);
  const header = page.getByRole('banner');
  await expect(header.getByText('Super Admin')).toBeVisible();
  // The storefront's header keeps the super-admin mode.
  await page.goto('/');
  await expect(header.getByText('Super Admin')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Admin Panel' })).toBeVisible();
  // With a session, /admin/login and /admin lead to the dashboard.
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Logout goes to /admin, which is the sign-in page without a session.
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The next sign-in asks for the code; Back returns to the credentials.
  await credentials(page);
  await expect(page.getByText('Two-factor authentication is on for this account.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await credentials(page);
  // The code used at setup is refused a second time; the next one works.
  const verify = page.getByRole('button', { name: 'Verify', exact: true });
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(setupCode);
  await verify.click();
  await expect(page.getByText('Invalid or expired 2FA code. Please try again with the current code.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(await nextCode(page));
  await verify.click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Withdrawals: the demo customer's two requests wait. Pay the older one.
  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  const queue = page.getByRole('table', { name: 'Withdrawal requests' });
  await expect(queue.getByRole('row')).toHaveCount(3);
  await expect(queue).toContainText('rahul.verma@okhdfcbank');
  await queue.getByRole('button', { name: /^Mark paid: Rahul Verma, 250 points/ }).click();
  const pay = page.getByRole('dialog', { name: 'Mark withdrawal as paid' });
  const proceed = pay.getByRole('button', { name: 'Verify & Proceed' });
  await pay.getByLabel('UPI transaction reference').fill('4321098765');
  await pay.getByRole('textbox', { name: 'Authentication code' }).fill(await nextCode(page));
  await expect(proceed).toBeDisabled(); // the reference has 10 digits, not 12
  await pay.getByLabel('UPI transaction reference').fill('432109876543');
  await expectAccessible(page);
  await proceed.click();
  await expect(page.getByText('Withdrawal marked as paid')).toBeVisible();
  await expect(pay).toBeHidden();
  await expect(queue.getByRole('row')).toHaveCount(2);

  // Reject the other, with a reason; a wrong code first.
  await queue.getByRole('button', { name: /^Reject: Rahul Verma, 150 points/ }).click();
  const reject = page.getByRole('dialog', { name: 'Reject withdrawal' });
  await reject.getByLabel('Reason (the customer sees it)').fill('This UPI ID does not exist');
  await reject.getByRole('textbox', { name: 'Authentication code' }).fill('000000');
  await reject.getByRole('button', { name: 'Verify & Proceed' }).click();
  await expect(reject.getByText('Failed to reject the withdrawal: Invalid or expired 2FA code')).toBeVisible();
  await confirmWithCode(reject, await nextCode(page));
  await expect(reject).toBeHidden();
  await expect(page.getByRole('heading', { name: 'No requests waiting' })).toBeVisible();
  await page.getByLabel('Status').selectOption('paid');
  await expect(page.getByRole('table', { name: 'Withdrawal requests' })).toContainText('Paid, ref 432109876543');

  // Employees: the demo registration waiting for approval.
  await page.getByRole('tab', { name: 'Employees' }).click();
  await page.getByLabel('Approval').selectOption('pending');
  const staff = page.getByRole('table', { name: 'Employees' });
  await expect(staff).toContainText('neha@haat.test');
  await staff.getByRole('button', { name: 'Approve Neha Kulkarni' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve employee' });
  await confirmWithCode(approve, await nextCode(page));
  await expect(page.getByText('Employee approved successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No employees' })).toBeVisible();

  // Vendors: reject one (its products leave the storefront), then approve it again (they return).
  const JUTTIS = 'Embroidered Leather Mojari Juttis';
  const storefrontHas = async (name: string) => {
    const res = await page.request.get(`/api/products?q=${encodeURIComponent(name)}`);
    return ((await res.json()).items as { name: string }[]).some((p) => p.name === name);
  };
  expect(await storefrontHas(JUTTIS)).toBe(true);
  await page.getByRole('tab', { name: 'Vendors' }).click();
  const vendorsTable = page.getByRole('table', { name: 'Vendors' });
  await vendorsTable.getByRole('button', { name: 'Reject vendor: Jaipur Handloom House' }).click();
  const rejectVendor = page.getByRole('dialog', { name: 'Reject vendor' });
  await rejectVendor.getByLabel('Reason for rejection').fill('GST registration could not be verified');
  await confirmWithCode(rejectVendor, await nextCode(page));
  await expect(rejectVendor).toBeHidden();
  expect(await storefrontHas(JUTTIS)).toBe(false);
  await vendorsTable.getByRole('button', { name: 'Approve vendor: Jaipur Handloom House' }).click();
  const approveVendor = page.getByRole('dialog', { name: 'Approve vendor' });
  await confirmWithCode(approveVendor, await nextCode(page));
  await expect(approveVendor).toBeHidden();
  expect(await storefrontHas(JUTTIS)).toBe(true);

  // Products: disable one, and a shopper's search no longer finds it.
  await page.getByRole('tab', { name: 'Products' }).click();
  await page.getByRole('searchbox', { name: 'Search by product name or id' }).fill('Mojari');
  const productsTable = page.getByRole('table', { name: 'Products' });
  await expect(productsTable.getByRole('row')).toHaveCount(2);
  await productsTable.getByRole('button', { name: `Disable ${JUTTIS}` }).click();
  const disable = page.getByRole('dialog', { name: 'Disable product' });
  await confirmWithCode(disable, await nextCode(page));
  await expect(disable).toBeHidden();
  await expect(productsTable.getByRole('button', { name: `Enable ${JUTTIS}` })).toBeVisible();
  const shopper = await page.context().newPage();
  await shopper.goto('/search?q=Mojari');
  await expect(shopper.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await shopper.close();

  // Delete it: the dialog says what happens to a product that was ordered before, and it leaves the list.
  await productsTable.getByRole('button', { name: `Delete ${JUTTIS}` }).click();
  const remove = page.getByRole('dialog', { name: 'Delete product' });
  await expect(remove).toContainText('A product that was ever ordered is withdrawn instead');
  await confirmWithCode(remove, await nextCode(page));
  await expect(page.getByText(/^Product deleted successfully\./)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No products' })).toBeVisible();

  // Settings: process referral qualifications now, with a fresh code.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Process referral qualifications' }).click();
  const processing = page.getByRole('dialog', { name: 'Process referral qualifications' });
  await confirmWithCode(processing, await nextCode(page));
  await expect(page.getByText(/^Processed referrals: \d+ newly qualified$/)).toBeVisible();

  // Haat's GST registration: a GSTIN of another state is refused under its field before any code is
  // asked; the registration as it was is saved again with a fresh code.
  const gst = page.getByRole('region', { name: "Haat's GST registration" });
  const gstin = gst.getByRole('textbox', { name: 'GSTIN' });
  const registered = await gstin.inputValue();
  await expect(gst.getByLabel('Registered state')).toHaveValue('Karnataka');
  await gstin.fill('27AABCH7310K1ZM');
  await gst.getByRole('button', { name: 'Save GST registration' }).click();
  await expect(gst.getByText('This GSTIN is registered in Maharashtra, not Karnataka')).toBeVisible();
  await expect(page.getByRole('dialog', { name: "Update Haat's GST registration" })).toHaveCount(0);
  await gstin.fill(registered);
  await gst.getByRole('button', { name: 'Save GST registration' }).click();
  const updateGst = page.getByRole('dialog', { name: "Update Haat's GST registration" });
  await expect(updateGst).toContainText(`GSTIN ${registered}, Karnataka, as the supplier`);
  await confirmWithCode(updateGst, await nextCode(page));
  await expect(page.getByText("Haat's GST registration saved")).toBeVisible();
  await expect(gst.getByText('This GSTIN is registered in Maharashtra, not Karnataka')).toHaveCount(0);

  // Messages: the visitor's message, unread until opened.
  await page.getByRole('tab', { name: 'Messages' }).click();
  await expect(page.getByText('1 message, 1 unread')).toBeVisible();
  await page
    .getByRole('table', { name: 'Contact messages' })
    .getByRole('button', { name: 'Order not delivered yet', exact: true })
    .click();
  await expect(page.getByRole('table', { name: 'Contact messages' })).toContainText(
    'tracking has not moved for four days',
  );
  await expect(page.getByText('1 message, 0 unread')).toBeVisible();

  // The audit log has each of these, with the admin as the actor.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  for (const action of [
    'withdrawal_paid',
    'withdrawal_rejected',
    'employee_approved',
    'vendor_rejected',
    'vendor_approved',
    'product_disabled',
    'product_deleted',
    'referral_qualifications_processed',
    'message_read',
    'admin_2fa_setup',
    'admin_login',
  ])
    await expect(log.getByText(action, { exact: true }).first()).toBeVisible();
  await page.getByLabel('Action', { exact: true }).selectOption('withdrawal_rejected');
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log).toContainText('This UPI ID does not exist');
  await expect(log).toContainText(ADMIN.email);
});
