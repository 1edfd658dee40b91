import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers';

test('the contact form validates, sends for a second and shows the success banner', async ({ page }) => {
  await page.goto('/contact');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Subject is required')).toBeVisible();

  await page.getByLabel('Name').fill('Farhan Ali');
  await page.getByLabel('Email').fill('farhan@');
  await page.getByLabel('Subject').fill('Bulk order for Eid');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Can I order 50 attar gift boxes?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByLabel('Email').fill('farhan@example.in');
  const started = Date.now();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeVisible();
  const banner = page.getByText("Thank you for your message! We'll get back to you within 24 hours.");
  await expect(banner).toBeVisible();
  expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(banner).toBeHidden({ timeout: 8000 });
});

test('Help: one FAQ open at a time, and the search filters FAQs and topics', async ({ page }) => {
  await page.goto('/help');
  await expectAccessible(page);
  const q1 = page.getByRole('button', { name: 'How do I earn reward points?' });
  const q2 = page.getByRole('button', { name: 'How much does shipping cost?' });
  await q1.click();
  await expect(q1).toHaveAttribute('aria-expanded', 'true');
  await q2.click();
  await expect(q2).toHaveAttribute('aria-expanded', 'true');
  await expect(q1).toHaveAttribute('aria-expanded', 'false');
  await q2.click();
  await expect(q2).toHaveAttribute('aria-expanded', 'false');

  const search = page.getByLabel('Search help topics and questions');
  await search.fill('refund');
  await expect(page.getByRole('button', { name: 'When will I get my refund?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'How much does shipping cost?' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Returns & Refunds' }).first()).toBeVisible();
  await search.fill('xylophone');
  await expect(page.getByText('No results for “xylophone”')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).first().click();
  await expect(page.getByRole('button', { name: 'How much does shipping cost?' })).toBeVisible();
});

const pages = [
  ['/', 'Shop Smart, Earn More'],
  ['/about', 'About'],
  ['/how-it-works', 'How'],
  ['/become-vendor', 'Vendor'],
  ['/privacy', 'Privacy'],
  ['/terms', 'Terms'],
  ['/returns', 'Returns'],
  ['/login', 'Sign In'],
] as const;

for (const [path, heading] of pages) {
  test(`${path} shows its page with header, eight footer links and no serious accessibility issue`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    await expect(page.getByRole('navigation', { name: 'Footer' }).getByRole('link')).toHaveCount(8);
    await expectAccessible(page);
  });
}

test('/erp-register shows its form; the admin area needs its sign-in; unknown paths show the 404 page', async ({
  page,
}) => {
  await page.goto('/erp-register');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Employee Registration');
  // Without an admin session, /admin and every path under it lead to the admin sign-in.
  for (const path of ['/admin', '/admin/dashboard', '/admin/dashboard/users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Super Admin Login');
  }
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a page whose code cannot be fetched says so under the header and loads on Retry', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The connection drops just as the visitor opens Help: its code (a separate file) does not arrive.
  await page.route('**/assets/help-page-*.js', (route) => route.abort('internetdisconnected'));
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Help Center' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This page could not be loaded. Check your internet connection and try again.',
  );
  await expect(page.getByRole('link', { name: 'Haat home' })).toBeVisible();
  await page.unroute('**/assets/help-page-*.js');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Help');
});

test("a guest's pages ask once who is signed in, and never for an admin session", async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/me' || path === '/api/admin/session') asked.push(path);
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'About Us' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('About');
  await page.goto('/search?q=shirt');
  await expect(page.getByRole('link', { name: 'Register' }).first()).toBeVisible();
  expect(asked).toEqual(['/api/me', '/api/me']);
});

test('a page opened afresh opens at its top, however far the page before it in the tab was scrolled; Back returns to the place left', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const scrolled = () => page.evaluate(() => window.scrollY);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('About');
  await page.mouse.wheel(0, 900);
  await expect.poll(scrolled).toBeGreaterThan(500);

  // As if the address were typed into the same tab.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured products' })).toBeVisible();
  expect(await scrolled()).toBe(0);

  // Within the app, Back still returns to where the page was left (the header's search stays in view).
  await page.mouse.wheel(0, 600);
  await expect.poll(scrolled).toBeGreaterThan(300);
  const left = await scrolled();
  await page.getByRole('searchbox', { name: 'Search products' }).first().fill('shirt');
  await page.getByRole('searchbox', { name: 'Search products' }).first().press('Enter');
  await expect(page).toHaveURL(/\/search\?q=shirt$/);
  await expect.poll(scrolled).toBe(0);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Featured products' })).toBeVisible();
  await expect.poll(scrolled).toBe(left);
});

test('the API documentation and health answer', async ({ request }) => {
  const health = await request.get('/api/health');
  const body = await health.json();
  expect(body).toMatchObject({ status: 'ok', database: 'pglite' });
  expect(body.migration.version).toBeGreaterThanOrEqual(2);
  const docs = await request.get('/api/docs/json');
  expect(Object.keys((await docs.json()).paths)).toContain('/api/auth/register');
});
