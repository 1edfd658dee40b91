// Every vendor API operation × every member role: allowed or 403, and a member never reaches another
// vendor's data. The operations are collected from the app as its routes are added (an onRoute hook),
// so a new vendor route is in the matrix at once, and fails it if it declares no vendor permission.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMessages } from '../../../contracts/vendor-team.contract';
import { roleGrants, vendorMemberRoles, type VendorPermission } from '../../../domain/vendor-team';
import { queryRows } from '../../platform/db';
import { buildTestApp, type TestApp } from '../../test/app';
import { newShopper, placeOrder, signInAs, twoShops } from '../../test/checkout-fixtures';
import { newMember, VendorClient } from '../../test/vendor-team';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type VendorOperation = { method: Method; url: string; permission: VendorPermission | undefined };

const operations: VendorOperation[] = [];
const collect = (route: RouteOptions) => {
  if (!route.url.startsWith('/api/vendor/') && route.url !== '/api/vendor') return;
  for (const method of [route.method].flat()) {
    if (method === 'HEAD' || method === 'OPTIONS') continue;
    operations.push({
      method: method as Method,
      url: route.url,
      permission: (route.config as { vendorPermission?: VendorPermission } | undefined)?.vendorPermission,
    });
  }
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { onRoute: collect });
});
afterAll(() => t.close());

/** A route's path with each parameter filled (`:documentId.pdf` keeps its `.pdf`). */
const fill = (url: string, ids: Record<string, string> = {}) =>
  url.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name] ?? randomUUID());
const label = (op: VendorOperation) => `${op.method} ${op.url}`;
const hasBody = (m: Method) => m === 'POST' || m === 'PUT' || m === 'PATCH';

describe('the vendor route matrix', () => {
  it('collects the vendor operations, and each declares its vendor permission', () => {
    expect(operations.length).toBeGreaterThan(25);
    expect(operations.filter((op) => !op.permission).map(label)).toEqual([]);
  });

  it('answers each role allowed or 403, as its permissions say, for every vendor operation', async () => {
    const { vendorA } = await twoShops(t);
    const owner = await signInAs(t, vendorA.email);
    const members = await Promise.all(
      vendorMemberRoles.map(async (role, i) => ({
        role,
        ...(await newMember(t, owner, vendorA.userId, role, 60 + i)),
      })),
    );
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const op of operations) {
      const url = fill(op.url);
      const body = hasBody(op.method) ? {} : undefined;
      // The owner is never refused by its own vendor's guard.
      const mine = await owner.request(op.method, url, body);
      outcomes.push(`owner ${label(op)} ${mine.statusCode === 403 ? 'refused' : 'allowed'}`);
      expected.push(`owner ${label(op)} allowed`);
      for (const m of members) {
        const res = await m.client.request(op.method, url, body);
        const refused = res.statusCode === 403;
        outcomes.push(`${m.role} ${label(op)} ${refused ? 'refused' : 'allowed'}`);
        expected.push(`${m.role} ${label(op)} ${roleGrants(m.role, op.permission!) ? 'allowed' : 'refused'}`);
        expect(res.statusCode, `${m.role} ${label(op)}`).not.toBe(401);
        if (refused) expect(res.json().error.message).toContain(`Your role in this team`);
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it('lets Accounts see earnings but not products, and Orders see orders but not earnings', async () => {
    const { vendorA } = await twoShops(t);
    const owner = await signInAs(t, vendorA.email);
    const accounts = await newMember(t, owner, vendorA.userId, 'accounts', 70);
    const orders = await newMember(t, owner, vendorA.userId, 'orders', 71);
    expect((await accounts.client.request('GET', '/api/vendor/earnings')).statusCode).toBe(200);
    const products = await accounts.client.request('GET', '/api/vendor/products');
    expect(products.statusCode).toBe(403);
    expect(products.json().error.message).toBe(
      "Your role in this team (Accounts) does not allow this: products, variants, stock and pictures. Ask the vendor's owner.",
    );
    expect((await accounts.client.request('GET', '/api/vendor/payout-details')).statusCode).toBe(200);
    expect((await orders.client.request('GET', '/api/vendor/orders')).statusCode).toBe(200);
    expect((await orders.client.request('GET', '/api/vendor/earnings')).statusCode).toBe(403);
  });
});

describe('isolation across vendors', () => {
  it("keeps a member of vendor A away from every one of vendor B's operations and resources", async () => {
    const shops = await twoShops(t, { stockB: 5 });
    const shopper = await newShopper(t);
    const orderId = await placeOrder(shopper, [{ productId: shops.b.id }]);
    const [partB] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from order_parts where order_id = ${orderId} and store_id = ${shops.shopB.id}`,
    );
    const ownerA = await signInAs(t, shops.vendorA.email);
    const manager = await newMember(t, ownerA, shops.vendorA.userId, 'manager', 72);
    const accounts = await newMember(t, ownerA, shops.vendorA.userId, 'accounts', 73);
    // B's resources, by the names the routes give their parameters.
    const idsOfB = (url: string): Record<string, string> => ({
      id: url.startsWith('/api/vendor/shops')
        ? shops.shopB.id
        : url.startsWith('/api/vendor/products')
          ? shops.b.id
          : randomUUID(),
      partId: partB.id,
    });
    const before = await snapshotOfB(shops.shopB.id, shops.b.id, partB.id);
    const bodies: Record<string, unknown> = {
      'PATCH /api/vendor/products/:id/status': { isActive: false },
      'PATCH /api/vendor/shops/:id/status': { isActive: false },
      'PATCH /api/vendor/orders/parts/:partId/status': { status: 'confirmed' },
    };
    for (const op of operations) {
      const url = fill(op.url, idsOfB(op.url));
      const body = hasBody(op.method) ? (bodies[label(op)] ?? {}) : undefined;
      for (const member of [manager, accounts]) {
        // Naming vendor B: not a member there.
        const asB = new VendorClient(member.client.browser, shops.vendorB.userId);
        const res = await asB.request(op.method, url, body);
        expect(res.statusCode, `as B: ${label(op)}`).toBe(403);
        expect(res.json().error.message, label(op)).toBe(teamMessages.notMember);
        // Acting for A on B's resources: a change is refused, not found or refused input; a read answers
        // A's own rows (none of B's) or not found.
        const asA = await member.client.request(op.method, url, body);
        const allowed = op.method === 'GET' || !op.url.includes(':') ? [200, 400, 403, 404] : [400, 403, 404];
        expect(allowed, `as A on B's ids: ${label(op)} ${asA.body}`).toContain(asA.statusCode);
        for (const idOfB of [shops.shopB.id, shops.b.id, partB.id]) expect(asA.body, label(op)).not.toContain(idOfB);
      }
    }
    // A's lists never show B's rows.
    const products = await manager.client.request('GET', '/api/vendor/products');
    expect(products.json().items.map((p: { id: string }) => p.id)).not.toContain(shops.b.id);
    const orders = await manager.client.request('GET', '/api/vendor/orders');
    expect(JSON.stringify(orders.json())).not.toContain(partB.id);
    expect(await snapshotOfB(shops.shopB.id, shops.b.id, partB.id)).toEqual(before);
  });
});

/** What B's shop, product and part are (a refused request changes none of it). */
async function snapshotOfB(shopId: string, productId: string, partId: string) {
  return queryRows(
    t.db,
    sql`select (select row(shop_name, is_active)::text from vendor_shops where id = ${shopId}) as shop,
               (select row(name, is_active, stock_quantity)::text from products where id = ${productId}) as product,
               (select status from order_parts where id = ${partId}) as part`,
  );
}
