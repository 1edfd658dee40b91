import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, checkoutAsShown, CSRF, expectAccessible, uniqueEmail } from './helpers';

// A customer orders; the vendor's bell shows the new order; the vendor ships it;
// the customer's bell and the development outbox (DATA_DIR/outbox, no SMTP_URL) both say "shipped".

const VENDOR = { email: 'vendor2@haat.test', password: 'Vendor@123' };
const SHOP = 'Jaipur Handloom House';

const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>) => {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
};

/** A list answered as an array or as a page. */
const listOf = <T>(body: T[] | { items: T[] }): T[] => (Array.isArray(body) ? body : body.items);

/** The outbox's messages (.eml files) to `to` whose subject contains `subject`. */
function outboxMessages(to: string, subject: string): string[] {
  const dir = join(process.env.HAAT_E2E_DATA!, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((eml) => eml.includes(`To: ${to}\r\n`) && eml.includes(subject));
}

test('a customer orders; the vendor\'s bell shows it; the vendor ships it; the customer\'s bell and the outbox say "shipped"', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const vendorContext = await browser.newContext();
  try {
    const v = await vendorContext.newPage();
    // The vendor's product (its first shop offers cash on delivery, so the order is placed at once).
    await apiLogin(v.request, VENDOR.email, VENDOR.password);
    const shops = listOf<{ id: string; shopName: string }>(await (await v.request.get('/api/vendor/shops')).json());
    const shop = shops.find((s) => s.shopName === SHOP)!;
    const categories = listOf<{ id: string; name: string }>(await (await v.request.get('/api/categories')).json());
    const name = `Bagru Print Dupatta ${Date.now().toString(36)}`;
    const created = await ok(
      await v.request.post('/api/vendor/products', {
        headers: CSRF,
        data: {
          name,
          description: 'Hand block printed cotton.',
          price: 650,
          categoryId: categories.find((c) => c.name === 'Fashion')!.id,
          storeId: shop.id,
          stockQuantity: 5,
        },
      }),
    );
    const productId = (created as { product: { id: string } }).product.id;

    // A new customer orders it.
    const email = uniqueEmail('meera');
    const password = 'Meera-Secret-1';
    await ok(
      await page.request.post('/api/auth/register', {
        headers: CSRF,
        data: {
          role: 'customer',
          firstName: 'Meera',
          lastName: 'Iyer',
          phoneNumber: '9847055566',
          email,
          password,
          confirmPassword: password,
        },
      }),
    );
    await apiLogin(page.request, email, password);
    const address = await ok(
      await page.request.post('/api/addresses', {
        headers: CSRF,
        data: {
          type: 'home',
          streetAddress: '7 Lake View Road',
          city: 'Jaipur',
          state: 'Rajasthan',
          postalCode: '302004',
          isDefault: true,
        },
      }),
    );
    await ok(await page.request.post('/api/cart/items', { headers: CSRF, data: { productId, quantity: 1 } }));
    const placed = await ok(
      await checkoutAsShown(page.request, { addressId: String(address.id), pointsToUse: 0, paymentMethod: 'cod' }),
    );
    const orderId = placed.orderId as string;
    const ref = `#${orderId.slice(0, 8).toUpperCase()}`;

    // The vendor's bell counts it; its page lists it; the notification leads to the Orders tab.
    await v.goto('/vendor/dashboard');
    const vendorBell = v.getByRole('banner').getByRole('link', { name: /^Notifications, \d+ unread$/ });
    await expect(vendorBell).toBeVisible();
    await vendorBell.click();
    await expect(v).toHaveURL(/\/notifications/);
    const newOrder = v.getByRole('link', { name: new RegExp(`New order ${ref} for ${SHOP}`) });
    await expect(newOrder).toBeVisible();
    await expectAccessible(v);
    await newOrder.click();
    await expect(v).toHaveURL(/\/vendor\/dashboard\?tab=orders$/);

    // The vendor ships it.
    const row = v.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: /^Confirm order/ }).click();
    await row.getByRole('button', { name: /^Start processing order/ }).click();
    await row.getByRole('button', { name: /^Mark shipped order/ }).click();
    const ship = v.getByRole('dialog');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(ship).toBeHidden();
    await expect(row).toContainText('Shipped');

    // The customer's bell: unread notifications (placed, confirmed, shipped); the page says shipped and leads to the order.
    await page.goto('/');
    const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toHaveAccessibleName('Notifications, 3 unread');
    await bell.click();
    const shipped = page.getByRole('link', { name: new RegExp(`Order ${ref} shipped by ${SHOP}`) });
    await expect(shipped).toBeVisible();
    await expectAccessible(page);
    await shipped.click();
    await expect(page).toHaveURL(new RegExp(`/orders\\?order=${orderId}$`));
    await expect(page.getByRole('dialog')).toContainText(ref.slice(1));
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName(
      'Notifications, 2 unread',
    );

    // The development outbox has the email, sent by the notifications job.
    await expect
      .poll(() => outboxMessages(email, `Your order ${ref} from ${SHOP} is shipped`).length, { timeout: 30_000 })
      .toBe(1);
    const [eml] = outboxMessages(email, `Your order ${ref} from ${SHOP} is shipped`);
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain(`/orders?order=${orderId}`);
    expect(outboxMessages(VENDOR.email, `New order ${ref} for ${SHOP}`)).toHaveLength(1);
  } finally {
    await vendorContext.close();
  }
});

test('on a 375 px phone, the bell stays in the header and the notifications page fits @phone', async ({ page }) => {
  const email = uniqueEmail('kavya');
  const password = 'Kavya-Secret-1';
  await ok(
    await page.request.post('/api/auth/register', {
      headers: CSRF,
      data: {
        role: 'customer',
        firstName: 'Kavya',
        lastName: 'Menon',
        phoneNumber: '9847066677',
        email,
        password,
        confirmPassword: password,
      },
    }),
  );
  await apiLogin(page.request, email, password);
  await page.goto('/');
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByText('No notifications yet')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
});
