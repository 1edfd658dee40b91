import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { movePart, newShopper, orderPartsOf, placeOrder, signInAs, twoShops } from '../../test/checkout-fixtures';
import { merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { employeeForm, erpBrowser } from '../../test/erp';

// Vendors hear of their approval, rejection, a disabled product and a
// new review; the super admin hears of vendors, merchants and employees who registered and of
// contact messages. Each change is made through the API; each message is read back from the inbox.

let t: TestApp;
let admin: TestClient;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
});
afterAll(() => t.close());

let ip = 1;
const browser = () => new TestClient(t.app, `10.24.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);

type Item = { id: string; kind: string; title: string; body: string; link: string; readAt: string | null };
async function inboxOf(client: TestClient): Promise<Item[]> {
  const res = await client.get('/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}
async function adminInbox(): Promise<Item[]> {
  const res = await admin.get('/api/admin/notifications?pageSize=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}
type EmailRow = {
  kind: string;
  audience: string;
  user_id: string | null;
  subject: string;
  status: string;
  data: Record<string, string>;
};
const emailsTo = (userId: string) =>
  queryRows<EmailRow>(
    t.db,
    sql`select kind, audience, user_id, subject, status, data from notification_emails where user_id = ${userId} order by created_at, id`,
  );
const adminEmailsAbout = (kind: string, email: string) =>
  queryRows<EmailRow>(
    t.db,
    sql`select kind, audience, user_id, subject, status, data from notification_emails where audience = 'admin' and kind = ${kind} and data->>'email' = ${email}`,
  );

describe('a vendor hears what the super admin decided', () => {
  it('is told of a rejection with its reason, then of the approval, in the inbox and by email', async () => {
    const vendor = browser();
    const input = vendorInput({ businessName: 'Bastar Dhokra Crafts' });
    const { id: vendorUserId } = await registerAndLogin(vendor, input);

    const rejected = await admin.post(`/api/admin/vendors/${vendorUserId}/reject`, {
      reason: 'The GST certificate does not match',
      code: await freshCode(t, secret),
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    let mine = await inboxOf(vendor);
    expect(mine[0]).toMatchObject({
      kind: 'vendor-rejected',
      title: 'Your vendor account was not approved',
      body: 'Bastar Dhokra Crafts was not approved, so its shops and products are off the storefront. Reason: The GST certificate does not match',
      link: '/vendor/dashboard',
      readAt: null,
    });

    const approved = await admin.post(`/api/admin/vendors/${vendorUserId}/approve`, {
      code: await freshCode(t, secret),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    mine = await inboxOf(vendor);
    expect(mine.map((n) => n.kind)).toEqual(['vendor-approved', 'vendor-rejected']);
    expect(mine[0]).toMatchObject({
      title: 'Your vendor account is approved',
      body: 'Bastar Dhokra Crafts is approved: your shops and products are on the storefront.',
    });

    expect((await emailsTo(vendorUserId)).map((e) => [e.kind, e.subject, e.status])).toEqual([
      ['vendor-rejected', 'Your Haat vendor account was not approved', 'pending'],
      ['vendor-approved', 'Your Haat vendor account is approved', 'pending'],
    ]);
  });

  it('is not told twice: an approval refused as already done writes nothing', async () => {
    const vendor = browser();
    const { id: vendorUserId } = await registerAndLogin(vendor, vendorInput());
    const again = await admin.post(`/api/admin/vendors/${vendorUserId}/approve`, { code: await freshCode(t, secret) });
    expect(again.statusCode).toBe(409);
    expect(await inboxOf(vendor)).toEqual([]);
    expect(await emailsTo(vendorUserId)).toEqual([]);
  });

  it('is told when the super admin disables one of its products, and only then', async () => {
    const shops = await twoShops(t);
    const vendor = await signInAs(t, shops.vendorA.email);
    const disabled = await admin.post(`/api/admin/products/${shops.a.id}/disable`, {
      code: await freshCode(t, secret),
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const mine = await inboxOf(vendor);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'vendor-product-disabled',
      title: 'Product Block Print Kurta disabled',
      body: 'The super admin disabled Block Print Kurta: it is off the storefront until it is enabled again.',
      link: '/vendor/dashboard?tab=products',
    });
    expect((await emailsTo(shops.vendorA.userId)).map((e) => [e.kind, e.subject, e.data.productId])).toEqual([
      ['vendor-product-disabled', 'Your product Block Print Kurta was disabled', shops.a.id],
    ]);

    // Enabling it again, or disabling a product already disabled, tells nobody; the other vendor hears nothing.
    expect(
      (await admin.post(`/api/admin/products/${shops.a.id}/enable`, { code: await freshCode(t, secret) })).statusCode,
    ).toBe(200);
    expect((await inboxOf(vendor)).map((n) => n.kind)).toEqual(['vendor-product-disabled']);
    expect(
      (await admin.post(`/api/admin/products/${shops.a.id}/disable`, { code: await freshCode(t, secret) })).statusCode,
    ).toBe(200);
    expect(
      (await admin.post(`/api/admin/products/${shops.a.id}/disable`, { code: await freshCode(t, secret) })).statusCode,
    ).toBe(200);
    expect((await inboxOf(vendor)).map((n) => n.kind)).toEqual(['vendor-product-disabled', 'vendor-product-disabled']);
    expect(await inboxOf(await signInAs(t, shops.vendorB.email))).toEqual([]);
  });
});

describe('a vendor hears of a new review', () => {
  it('with its rating and comment, or a sentence when the customer left none', async () => {
    const shops = await twoShops(t);
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shops.a.id }, { productId: shops.b.id }]);
    for (const part of await orderPartsOf(t, orderId)) await movePart(t, part.id, 'delivered');

    expect(
      (
        await s.client.post(`/api/products/${shops.a.id}/reviews`, {
          rating: 4,
          comment: 'Lovely print, a little loose',
        })
      ).statusCode,
    ).toBe(201);
    expect((await s.client.post(`/api/products/${shops.b.id}/reviews`, { rating: 5, comment: '  ' })).statusCode).toBe(
      201,
    );

    const vendorA = await signInAs(t, shops.vendorA.email);
    const a = (await inboxOf(vendorA)).find((n) => n.kind === 'vendor-new-review');
    expect(a).toMatchObject({
      title: 'New review of Block Print Kurta (4/5)',
      body: 'A customer rated Block Print Kurta 4 out of 5.',
      link: `/product/${shops.a.id}`,
    });
    const [toA] = (await emailsTo(shops.vendorA.userId)).filter((e) => e.kind === 'vendor-new-review');
    expect(toA).toMatchObject({ subject: 'New review of Block Print Kurta: 4 out of 5', status: 'pending' });
    expect(toA.data).toMatchObject({ rating: '4', comment: '"Lovely print, a little loose"' });

    const vendorB = await signInAs(t, shops.vendorB.email);
    const b = (await inboxOf(vendorB)).find((n) => n.kind === 'vendor-new-review');
    expect(b).toMatchObject({
      title: 'New review of Malabar Pepper 500g (5/5)',
      body: 'A customer rated Malabar Pepper 500g 5 out of 5.',
    });
    const [toB] = (await emailsTo(shops.vendorB.userId)).filter((e) => e.kind === 'vendor-new-review');
    expect(toB.data.comment).toBe('The customer left no comment.');
  });

  it('hears nothing of a review refused (a second review of the same product)', async () => {
    const shops = await twoShops(t);
    const s = await newShopper(t);
    const orderId = await placeOrder(s, [{ productId: shops.a.id }]);
    const [part] = await orderPartsOf(t, orderId);
    await movePart(t, part.id, 'delivered');
    expect(
      (await s.client.post(`/api/products/${shops.a.id}/reviews`, { rating: 3, comment: 'Fine' })).statusCode,
    ).toBe(201);
    expect(
      (await s.client.post(`/api/products/${shops.a.id}/reviews`, { rating: 1, comment: 'Changed my mind' }))
        .statusCode,
    ).toBe(409);
    const reviews = (await emailsTo(shops.vendorA.userId)).filter((e) => e.kind === 'vendor-new-review');
    expect(reviews.map((e) => e.subject)).toEqual(['New review of Block Print Kurta: 3 out of 5']);
  });
});

describe("the super admin's inbox", () => {
  it('hears of a vendor and a merchant who registered, not of a customer', async () => {
    const vendor = vendorInput({ businessName: 'Channapatna Toys Co' });
    const merchant = merchantInput({ businessName: 'Sharma General Store' });
    expect((await browser().post('/api/auth/register', vendor)).statusCode).toBe(201);
    expect((await browser().post('/api/auth/register', merchant)).statusCode).toBe(201);
    const customer = await newShopper(t);

    const items = await adminInbox();
    expect(items.find((n) => n.title === 'New vendor: Channapatna Toys Co')).toMatchObject({
      kind: 'admin-vendor-waiting',
      body: `Channapatna Toys Co (${vendor.email}) registered as a vendor. Its shops go live as it adds them: review it in the Vendors tab.`,
      link: '/admin/dashboard?tab=vendors',
      readAt: null,
    });
    expect(items.find((n) => n.title === 'New merchant waiting: Sharma General Store')).toMatchObject({
      kind: 'admin-merchant-waiting',
      body: `Sharma General Store (${merchant.email}) registered as a merchant and waits for verification.`,
      link: '/admin/dashboard?tab=merchants',
    });
    expect(items.filter((n) => n.body.includes(customer.email))).toEqual([]);

    // Admin messages are emailed too (skipped at send time when no ADMIN_EMAIL is set).
    expect(await adminEmailsAbout('admin-vendor-waiting', vendor.email)).toEqual([
      {
        kind: 'admin-vendor-waiting',
        audience: 'admin',
        user_id: null,
        subject: 'A new vendor registered: Channapatna Toys Co',
        status: 'pending',
        data: { businessName: 'Channapatna Toys Co', email: vendor.email },
      },
    ]);
    expect((await adminEmailsAbout('admin-merchant-waiting', merchant.email)).map((e) => e.subject)).toEqual([
      'A new merchant is waiting: Sharma General Store',
    ]);
    expect(
      await queryRows(t.db, sql`select id from notification_emails where data->>'email' = ${customer.email}`),
    ).toEqual([]);
  });

  it('is not told of a registration that was refused (the email is taken)', async () => {
    const vendor = vendorInput({ businessName: 'Twice Registered Traders' });
    expect((await browser().post('/api/auth/register', vendor)).statusCode).toBe(201);
    expect((await browser().post('/api/auth/register', vendor)).statusCode).toBe(409);
    expect((await adminInbox()).filter((n) => n.title === 'New vendor: Twice Registered Traders')).toHaveLength(1);
    expect(await adminEmailsAbout('admin-vendor-waiting', vendor.email)).toHaveLength(1);
  });

  it('hears of an employee who registered in the ERP', async () => {
    const input = employeeForm({ firstName: 'Meera', lastName: 'Pillai' });
    const res = await erpBrowser(t).post('/api/erp/register', input);
    expect(res.statusCode, res.body).toBe(201);
    const email = input.email.toLowerCase();
    expect(
      (await adminInbox()).find((n) => n.kind === 'admin-employee-waiting' && n.body.includes(email)),
    ).toMatchObject({
      title: 'New employee waiting: Meera Pillai',
      body: `Meera Pillai (${email}) registered in the ERP and waits for approval.`,
      link: '/admin/dashboard?tab=employees',
    });
    expect((await adminEmailsAbout('admin-employee-waiting', email)).map((e) => [e.subject, e.status])).toEqual([
      ['A new employee is waiting: Meera Pillai', 'pending'],
    ]);
    // The same email again is refused, and tells nobody.
    expect((await erpBrowser(t).post('/api/erp/register', input)).statusCode).toBe(409);
    expect(await adminEmailsAbout('admin-employee-waiting', email)).toHaveLength(1);
  });

  it('hears of a contact message', async () => {
    const email = `kavya.${Date.now().toString(36)}@example.in`;
    const res = await browser().post('/api/contact', {
      name: 'Kavya Reddy',
      email,
      type: 'support',
      subject: 'My parcel has not arrived',
      message: 'Order placed last week, still not here.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(
      (await adminInbox()).find((n) => n.kind === 'admin-contact-message' && n.body.includes(email)),
    ).toMatchObject({
      title: 'New message from Kavya Reddy',
      body: `Kavya Reddy (${email}) wrote: My parcel has not arrived`,
      link: '/admin/dashboard?tab=messages',
    });
    expect((await adminEmailsAbout('admin-contact-message', email)).map((e) => e.subject)).toEqual([
      'New contact message: My parcel has not arrived',
    ]);
  });
});
