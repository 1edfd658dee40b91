import { expect, test, type Page } from '@playwright/test';
import { apiLogin, buyAndPay, mailedLinkFor, newCustomer, productWithoutOptions, uniqueEmail } from './helpers';

// A vendor's team in the browser: the owner (Sharma Electronics, the demo vendor) invites a packer with
// the Orders role from the Team tab; the packer accepts the emailed link with a new account, signs in
// again later, ships an order of the vendor's shop, and never sees the vendor's earnings.

const OWNER = { email: 'vendor@haat.test', password: 'Vendor@123', name: 'Sharma Electronics' };

/** A person's entry in the owner's team: a table row, or a card of the list on a phone. */
const teamEntry = (owner: Page, email: string) =>
  owner
    .getByRole('table', { name: 'Your team' })
    .getByRole('row')
    .or(owner.getByRole('list', { name: 'Your team' }).getByRole('listitem'))
    .filter({ hasText: email });

/** On a phone the header's links are behind the menu button: opens it when it is there. */
async function openMenuOnPhone(page: Page) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
}

for (const width of [1280, 375]) {
  const title = 'a vendor invites a packer with the Orders role, who joins, ships an order and cannot see earnings';
  test(`${title}, at ${width} px`, async ({ browser }) => {
    test.setTimeout(120_000);
    const viewport = { width, height: 800 };
    const ownerContext = await browser.newContext({ viewport });
    const packerContext = await browser.newContext({ viewport });
    const shopperContext = await browser.newContext();
    const packerEmail = uniqueEmail('packer');
    const password = 'packer-secret-1';
    try {
      // The owner invites the packer from the Team tab.
      await apiLogin(ownerContext.request, OWNER.email, OWNER.password);
      const owner = await ownerContext.newPage();
      await owner.goto('/vendor/dashboard?tab=team');
      const invite = owner.getByRole('form', { name: 'Invite a member' });
      await invite.getByLabel('Email').fill(packerEmail);
      await invite.getByLabel('Role').selectOption('orders');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      const invited = teamEntry(owner, packerEmail);
      await expect(invited).toContainText('Orders');
      await expect(invited).toContainText('Invited, link valid until');

      // A customer buys one of the vendor's products meanwhile.
      const customer = await newCustomer(
        shopperContext.request,
        { firstName: 'Kavya', lastName: 'Rao', phoneNumber: '9845011122' },
        { streetAddress: '21 Residency Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560025' },
      );
      const product = await productWithoutOptions(shopperContext.request, 1);
      const orderId = await buyAndPay(shopperContext.request, { addressId: customer.addressId, productId: product.id });
      const ref = `#${orderId.slice(0, 8)}`;
      const tracking = `Blue Dart ${orderId.slice(0, 8).toUpperCase()}`;

      // The packer opens the emailed link and joins with a new account.
      const link = /\/team-invite\?token=[0-9a-f]{64}/;
      await expect.poll(() => mailedLinkFor(packerEmail, link), { timeout: 30_000 }).not.toBeNull();
      const packer = await packerContext.newPage();
      await packer.goto(mailedLinkFor(packerEmail, link)!);
      await expect(packer.getByText(`${OWNER.name} invites ${packerEmail} to its team as Orders`)).toBeVisible();
      await packer.getByLabel('First name').fill('Pranav');
      await packer.getByLabel('Last name').fill('Kulkarni');
      await packer.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await packer.getByLabel('Confirm password').fill(password);
      await packer.getByRole('button', { name: 'Create my account and join' }).click();
      await expect(packer).toHaveURL(/\/vendor\/dashboard$/);
      await expect(packer.getByText(`Welcome back, ${OWNER.name}.`)).toBeVisible();

      // The owner sees the packer in the team now.
      await owner.reload();
      const member = teamEntry(owner, packerEmail);
      await expect(member).toContainText('Pranav Kulkarni');
      await expect(member.getByRole('combobox', { name: `Role of ${packerEmail}` })).toHaveValue('orders');
      // The team fits the screen: on a phone nothing sticks out sideways.
      expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Later, the packer signs out and in again, and opens the vendor's dashboard from the header.
      await openMenuOnPhone(packer);
      await packer.getByRole('button', { name: 'Logout' }).click();
      await expect(packer).toHaveURL(/\/$/);
      await packer.goto('/login');
      await packer.getByLabel('Email').fill(packerEmail);
      await packer.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await packer.getByRole('button', { name: 'Sign In' }).click();
      await expect(packer).not.toHaveURL(/\/login/);
      await openMenuOnPhone(packer);
      await packer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vendor dashboard' }).click();
      await expect(packer.getByText(`Welcome back, ${OWNER.name}.`)).toBeVisible();
      // Only the Orders role's sections: no Earnings (and no statements), no Team, no Products.
      const tabs = packer.getByRole('tablist', { name: 'Vendor dashboard' }).getByRole('tab');
      await expect(tabs).toHaveText(['Orders', 'Returns', 'Shops']);
      await expect(packer.getByRole('link', { name: /Earnings|Statement/ })).toHaveCount(0);

      // The packer ships the order. Each step waits for what the order's row (a card on a phone) shows
      // next, not for the passing toast.
      const entry = packer
        .getByRole('row')
        .or(packer.getByRole('list', { name: 'Orders' }).getByRole('listitem'))
        .filter({ hasText: ref });
      await expect(entry).toContainText('Pending');
      await packer.getByRole('button', { name: `Confirm order ${ref}` }).click();
      await expect(entry).toContainText('Confirmed');
      await packer.getByRole('button', { name: `Start processing order ${ref}` }).click();
      await expect(entry).toContainText('Processing');
      await packer.getByRole('button', { name: `Mark shipped order ${ref}` }).click();
      const ship = packer.getByRole('dialog', { name: `Mark order ${ref} shipped` });
      await ship.getByLabel('Tracking note (optional)').fill(tracking);
      await ship.getByRole('button', { name: 'Mark shipped' }).click();
      await expect(ship).toBeHidden();
      await expect(entry).toContainText('Shipped');
      await expect(entry).toContainText(`Tracking: ${tracking}`);

      // The customer sees the order shipped.
      const orders = (await (await shopperContext.request.get('/api/orders')).json()) as {
        items: { id: string; parts: { status: string }[] }[];
      };
      expect(orders.items.find((o) => o.id === orderId)!.parts.map((p) => p.status)).toEqual(['shipped']);

      // The earnings API refuses the packer, for the vendor it acts for and without naming one.
      const { vendors } = (await (await packer.request.get('/api/me/vendors')).json()) as {
        vendors: { vendorUserId: string; businessName: string; role: string }[];
      };
      const sharma = vendors.find((v) => v.businessName === OWNER.name)!;
      expect(sharma.role).toBe('orders');
      const refused = await packer.request.get('/api/vendor/earnings', {
        headers: { 'x-haat-vendor': sharma.vendorUserId },
      });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).error.message).toBe(
        'Your role in this team (Orders) does not allow this: earnings, statements and invoices. ' +
          "Ask the vendor's owner.",
      );
      expect((await packer.request.get('/api/vendor/earnings')).status()).toBe(403);
      // Typing the Earnings tab's address shows the first tab of the role instead.
      await packer.goto('/vendor/dashboard?tab=earnings');
      await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
      await expect(tabs).toHaveText(['Orders', 'Returns', 'Shops']);
    } finally {
      await ownerContext.close();
      await packerContext.close();
      await shopperContext.close();
    }
  });
}
