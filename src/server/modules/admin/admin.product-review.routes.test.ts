import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '../../../contracts/catalog.contract';
import type { ProductReviewSettingsInput, ReviewQueuePage } from '../../../contracts/product-review.contract';
import type { VendorProduct, VendorProductInput } from '../../../contracts/vendor-products.contract';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { createCategory, createShop } from '../../test/catalog-factories';
import { fillCart, newShopper, postCheckout } from '../../test/checkout-fixtures';
import { customerInput, registerAndLogin, signedInVendor } from '../../test/factories';

// Products reviewed before they go on sale: the Settings tab's scope, a pending product off the
// storefront until approved, a rejection's reason shown to the vendor, an edit of an approved
// product waiting while its live version stays on sale, and the moderators' queue.

let t: TestApp;
let admin: TestClient;
let secret: string;
let shopper: TestClient;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.77.${Math.floor(++ip / 200)}.${ip % 200}`);

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
  shopper = newClient();
  await registerAndLogin(shopper, customerInput());
});
afterAll(() => t.close());

type Vendor = { client: TestClient; id: string; shopId: string };
async function newVendor(): Promise<Vendor> {
  const vendor = await signedInVendor(newClient());
  return { ...vendor, shopId: (await createShop(t.db, vendor.id)).id };
}
let n = 0;
const categoryNames = new Map<string, string>();
async function newCategory(): Promise<string> {
  const { id, name } = await createCategory(t.db, `Review Category ${++n}`);
  categoryNames.set(id, name);
  return id;
}

async function setScope(scope: ProductReviewSettingsInput) {
  const res = await admin.put('/api/admin/settings/product-review', { ...scope, code: await freshCode(t, secret) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const OFF = { allNewProducts: false, newVendorDays: null, categoryIds: [] };

const input = (v: Vendor, categoryId: string, over: Partial<VendorProductInput> = {}): VendorProductInput => ({
  name: `Reviewed Kurta ${++n}`,
  description: 'Block-printed in Sanganer.',
  price: '1299',
  stockQuantity: 12,
  categoryId,
  storeId: v.shopId,
  images: [],
  ...over,
});
async function create(v: Vendor, categoryId: string, over: Partial<VendorProductInput> = {}): Promise<VendorProduct> {
  const res = await v.client.post('/api/vendor/products', input(v, categoryId, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product;
}
const vendorView = async (v: Vendor, id: string): Promise<VendorProduct> =>
  (await v.client.get(`/api/vendor/products/${id}`)).json();
const queue = async (q: string): Promise<ReviewQueuePage> => {
  const res = await admin.get(`/api/admin/product-review?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const revisionOf = async (v: Vendor, productId: string) =>
  (await queue(`vendorId=${v.id}`)).items.find((i) => i.productId === productId)!;
const searchIds = async (q: string) =>
  ((await shopper.get(`/api/products?q=${encodeURIComponent(q)}`)).json().items as ProductCard[]).map((p) => p.id);
const inCategory = async (categoryId: string) =>
  ((await shopper.get(`/api/products?category=${categoryId}`)).json().items as ProductCard[]).map((p) => p.id);
const addToCart = (productId: string) => shopper.post('/api/cart/items', { productId, quantity: 1 });

describe('the review scope in the Settings tab', () => {
  it('is saved with a fresh code, validated, audited, and shows the categories to choose from', async () => {
    const cat = await newCategory();
    const body = { allNewProducts: true, newVendorDays: 30, categoryIds: [cat] };
    expect((await admin.put('/api/admin/settings/product-review', body)).statusCode).toBe(401);
    const bad = await admin.put('/api/admin/settings/product-review', {
      ...body,
      newVendorDays: 0,
      code: await freshCode(t, secret),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.newVendorDays).toBe('Enter the number of days as a whole number from 1 to 3650');
    const unknown = await admin.put('/api/admin/settings/product-review', {
      ...body,
      categoryIds: ['00000000-0000-4000-8000-000000000000'],
      code: await freshCode(t, secret),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.categoryIds).toBe('Choose the reviewed categories from the list');
    const saved = await setScope(body);
    expect(saved).toMatchObject(body);
    expect(saved.categories.map((c: { id: string }) => c.id)).toContain(cat);
    expect((await admin.get('/api/admin/settings/product-review')).json()).toMatchObject(body);
    expect((await admin.get('/api/admin/audit?action=product_review_settings_updated')).json().total).toBeGreaterThan(
      0,
    );
    await setScope(OFF);
  });

  it('off: a new product goes on sale at once, as before', async () => {
    await setScope(OFF);
    const v = await newVendor();
    const p = await create(v, await newCategory());
    expect(p.review).toEqual({ status: 'approved', kind: null, reason: null, proposed: null });
    expect(await searchIds(p.name)).toContain(p.id);
    expect((await queue(`vendorId=${v.id}`)).counts.all).toBe(0);
  });

  it('every new product: each one waits for a moderator', async () => {
    await setScope({ ...OFF, allNewProducts: true });
    const v = await newVendor();
    const p = await create(v, await newCategory());
    expect(p.review).toMatchObject({ status: 'pending', kind: 'new' });
    expect((await queue(`vendorId=${v.id}`)).counts).toEqual({ all: 1, new: 1, edit: 0 });
    // The super admin's bell says something entered the queue.
    const bell = (await admin.get('/api/admin/notifications?pageSize=50')).json();
    expect(bell.items.map((i: { title: string }) => i.title)).toContain(`Review waiting: ${p.name}`);
  });

  it('new vendors: only products of a vendor approved fewer than N days ago wait', async () => {
    await setScope({ ...OFF, newVendorDays: 30 });
    const fresh = await newVendor();
    const settled = await newVendor();
    await t.db.execute(sql`update vendors set approved_at = now() - interval '45 days' where user_id = ${settled.id}`);
    const cat = await newCategory();
    expect((await create(fresh, cat)).review.status).toBe('pending');
    expect((await create(settled, cat)).review.status).toBe('approved');
  });

  it('categories: only products in a chosen category wait', async () => {
    const reviewed = await newCategory();
    const free = await newCategory();
    await setScope({ ...OFF, categoryIds: [reviewed] });
    const v = await newVendor();
    expect((await create(v, reviewed)).review.status).toBe('pending');
    expect((await create(v, free)).review.status).toBe('approved');
  });
});

describe('a new product under review', () => {
  it('is invisible to shoppers (search, category, product page, cart) until approved, then on sale', async () => {
    const cat = await newCategory();
    await setScope({ ...OFF, categoryIds: [cat] });
    const v = await newVendor();
    const p = await create(v, cat, { name: `Pashmina Stole ${++n}` });
    expect(await searchIds(p.name)).not.toContain(p.id);
    expect(await inCategory(cat)).not.toContain(p.id);
    expect((await shopper.get(`/api/products/${p.id}`)).statusCode).toBe(404);
    expect((await addToCart(p.id)).statusCode).toBe(404);

    const rev = await revisionOf(v, p.id);
    expect(rev).toMatchObject({ kind: 'new', productName: p.name, categoryId: cat, vendorId: v.id });
    const ok = await admin.post(`/api/admin/product-review/${rev.id}/approve`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Approved: the product is on sale');

    expect(await searchIds(p.name)).toContain(p.id);
    expect(await inCategory(cat)).toContain(p.id);
    expect((await shopper.get(`/api/products/${p.id}`)).statusCode).toBe(200);
    expect((await addToCart(p.id)).statusCode).toBe(201);
    expect((await vendorView(v, p.id)).review.status).toBe('approved');
    expect((await admin.get('/api/admin/audit?action=product_review_approved')).json().total).toBeGreaterThan(0);
    const inbox = await v.client.get('/api/notifications');
    expect(inbox.json().items.map((i: { title: string }) => i.title)).toContain(`${p.name} approved`);
    // A decided submission leaves the queue; deciding it again is not found.
    expect((await admin.post(`/api/admin/product-review/${rev.id}/approve`, {})).statusCode).toBe(404);
  });

  it('is refused at checkout, as any product off sale is', async () => {
    await setScope(OFF);
    const v = await newVendor();
    await t.db.execute(sql`update vendor_shops set delivery_available = true where id = ${v.shopId}`);
    const p = await create(v, await newCategory());
    const s = await newShopper(t);
    await fillCart(s, [{ productId: p.id }]);
    // Put back in the queue after it reached a cart (only a direct change can do that).
    await t.db.execute(sql`update products set review_status = 'pending' where id = ${p.id}`);
    const res = await postCheckout(s.client, { addressId: s.addressId, pointsToUse: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`"${p.name}" is no longer available`);
  });

  it('rejected: stays off sale, and the vendor sees the reason in the list and the editor', async () => {
    const cat = await newCategory();
    await setScope({ ...OFF, categoryIds: [cat] });
    const v = await newVendor();
    const p = await create(v, cat);
    const rev = await revisionOf(v, p.id);
    const noReason = await admin.post(`/api/admin/product-review/${rev.id}/reject`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const res = await admin.post(`/api/admin/product-review/${rev.id}/reject`, {
      reason: 'The pictures show another product',
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { status: 'rejected', kind: 'new', reason: 'The pictures show another product', proposed: null };
    expect((await vendorView(v, p.id)).review).toEqual(expected);
    const list = (await v.client.get('/api/vendor/products')).json().items as VendorProduct[];
    expect(list.find((i) => i.id === p.id)!.review).toEqual(expected);
    expect((await shopper.get(`/api/products/${p.id}`)).statusCode).toBe(404);
    const inbox = await v.client.get('/api/notifications');
    expect(inbox.json().items.map((i: { title: string }) => i.title)).toContain(`${p.name} not approved`);
    // Edited, it goes back to the queue.
    const again = await v.client.put(`/api/vendor/products/${p.id}`, input(v, cat, { name: `${p.name} (new photos)` }));
    expect(again.json().product.review).toMatchObject({ status: 'pending', kind: 'new' });
  });
});

describe('an edit of an approved product', () => {
  it('within scope: the reviewed fields wait while the live version stays on sale; price applies at once', async () => {
    const cat = await newCategory();
    const other = await newCategory();
    const v = await newVendor();
    await setScope(OFF);
    const p = await create(v, cat, { name: `Brass Diya ${++n}` });
    await setScope({ ...OFF, categoryIds: [cat] });

    const edit = input(v, cat, {
      name: `${p.name} Deluxe`,
      description: 'Hand-polished.',
      price: '999',
      categoryId: other,
    });
    const res = await v.client.put(`/api/vendor/products/${p.id}`, edit);
    expect(res.statusCode, res.body).toBe(200);
    const saved: VendorProduct = res.json().product;
    expect(saved.name).toBe(p.name);
    expect(saved.categoryId).toBe(cat);
    expect(saved.pricePaise).toBe(99900);
    expect(saved.review).toEqual({
      status: 'pending',
      kind: 'edit',
      reason: null,
      proposed: { name: `${p.name} Deluxe`, description: 'Hand-polished.', categoryId: other },
    });
    // The live version stays on sale, at its new price.
    const page = await shopper.get(`/api/products/${p.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ name: p.name, pricePaise: 99900 });
    expect(await searchIds(p.name)).toContain(p.id);

    // The side-by-side view: each changed field, current and proposed (categories by name).
    const rev = await revisionOf(v, p.id);
    expect(rev.kind).toBe('edit');
    expect(rev.changedFields).toEqual(['name', 'description', 'categoryId']);
    const diff = await admin.get(`/api/admin/product-review/${rev.id}`);
    expect(diff.statusCode, diff.body).toBe(200);
    expect(diff.json().changes).toEqual([
      { field: 'name', label: 'Title', current: p.name, proposed: `${p.name} Deluxe` },
      { field: 'description', label: 'Description', current: p.description, proposed: 'Hand-polished.' },
      { field: 'categoryId', label: 'Category', current: categoryNames.get(cat), proposed: categoryNames.get(other) },
    ]);

    const ok = await admin.post(`/api/admin/product-review/${rev.id}/approve`, {});
    expect(ok.json().message).toBe('Approved: the change is on sale');
    expect((await shopper.get(`/api/products/${p.id}`)).json()).toMatchObject({ name: `${p.name} Deluxe` });
    expect(await vendorView(v, p.id)).toMatchObject({ name: `${p.name} Deluxe`, categoryId: other });
  });

  it('rejected: the live version stays, and the vendor sees the reason', async () => {
    const cat = await newCategory();
    const v = await newVendor();
    await setScope(OFF);
    const p = await create(v, cat);
    await setScope({ ...OFF, categoryIds: [cat] });
    await v.client.put(`/api/vendor/products/${p.id}`, input(v, cat, { name: 'Best Kurta Ever!!!' }));
    const rev = await revisionOf(v, p.id);
    await admin.post(`/api/admin/product-review/${rev.id}/reject`, { reason: 'Titles describe the product' });
    const after = await vendorView(v, p.id);
    expect(after.name).toBe(p.name);
    expect(after.review).toEqual({
      status: 'rejected',
      kind: 'edit',
      reason: 'Titles describe the product',
      proposed: null,
    });
    expect((await shopper.get(`/api/products/${p.id}`)).json().name).toBe(p.name);
  });

  it('out of scope, or of price and stock only: applies at once', async () => {
    const reviewed = await newCategory();
    const free = await newCategory();
    const v = await newVendor();
    await setScope({ ...OFF, categoryIds: [reviewed] });
    const outside = await create(v, free);
    const renamed = await v.client.put(
      `/api/vendor/products/${outside.id}`,
      input(v, free, { name: `${outside.name} Plus` }),
    );
    expect(renamed.json().product).toMatchObject({ name: `${outside.name} Plus`, review: { status: 'approved' } });

    await setScope(OFF);
    const inside = await create(v, reviewed);
    await setScope({ ...OFF, categoryIds: [reviewed] });
    const priced = await v.client.put(
      `/api/vendor/products/${inside.id}`,
      input(v, reviewed, { name: inside.name, price: '1500', stockQuantity: 3 }),
    );
    expect(priced.json().product).toMatchObject({
      pricePaise: 150000,
      stockQuantity: 3,
      review: { status: 'approved' },
    });
    expect((await queue(`vendorId=${v.id}`)).counts.all).toBe(0);
  });
});

describe('the super admin’s own edit', () => {
  it('is a moderator’s: it applies at once, in scope too', async () => {
    const cat = await newCategory();
    const v = await newVendor();
    await setScope(OFF);
    const p = await create(v, cat);
    await setScope({ ...OFF, categoryIds: [cat] });
    const res = await admin.put(`/api/admin/products/${p.id}/details`, {
      ...input(v, cat, { name: `${p.name} (renamed by Haat)` }),
      code: await freshCode(t, secret),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await vendorView(v, p.id)).toMatchObject({
      name: `${p.name} (renamed by Haat)`,
      review: { status: 'approved' },
    });
  });
});

describe('the review queue', () => {
  it('filters by kind, category and vendor, with counts per kind', async () => {
    const catA = await newCategory();
    const catB = await newCategory();
    const v = await newVendor();
    const w = await newVendor();
    await setScope(OFF);
    const live = await create(v, catA);
    await setScope({ ...OFF, categoryIds: [catA, catB] });
    await create(v, catA);
    await create(v, catB);
    await create(w, catA);
    await v.client.put(`/api/vendor/products/${live.id}`, input(v, catA, { name: `${live.name} v2` }));

    expect((await queue(`vendorId=${v.id}`)).counts).toEqual({ all: 3, new: 2, edit: 1 });
    const edits = await queue(`vendorId=${v.id}&kind=edit`);
    expect(edits.total).toBe(1);
    expect(edits.items.map((i) => i.productId)).toEqual([live.id]);
    const news = await queue(`vendorId=${v.id}&kind=new`);
    expect(news.items.every((i) => i.kind === 'new')).toBe(true);
    expect(news.total).toBe(2);
    const inA = await queue(`categoryId=${catA}`);
    expect(inA.counts).toEqual({ all: 3, new: 2, edit: 1 });
    expect(new Set(inA.items.map((i) => i.vendorId))).toEqual(new Set([v.id, w.id]));
    expect((await queue(`categoryId=${catB}&vendorId=${v.id}`)).counts).toEqual({ all: 1, new: 1, edit: 0 });
    // The vendor filter offers every vendor waiting in the category, whichever vendor is chosen.
    const offered = (await queue(`categoryId=${catA}&vendorId=${w.id}`)).vendors;
    expect(offered.filter((o) => [v.id, w.id].includes(o.vendorId)).map((o) => [o.vendorId, o.waiting])).toEqual(
      expect.arrayContaining([
        [v.id, 2],
        [w.id, 1],
      ]),
    );
    expect(offered.find((o) => o.vendorId === v.id)?.vendorName).toBeTruthy();
    // A new product's side-by-side view shows every field it would put on sale.
    const diff = (await admin.get(`/api/admin/product-review/${news.items[0].id}`)).json();
    expect(diff.kind).toBe('new');
    expect(diff.changes.map((c: { field: string }) => c.field)).toEqual([
      'name',
      'description',
      'images',
      'categoryId',
      'hsnCode',
    ]);
    expect(diff.changes.every((c: { current: unknown }) => c.current === null)).toBe(true);
  });

  it('is the super admin’s only', async () => {
    const v = await newVendor();
    expect((await v.client.get('/api/admin/product-review')).statusCode).toBe(401);
    expect((await newClient().get('/api/admin/product-review')).statusCode).toBe(401);
  });
});
