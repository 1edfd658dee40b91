import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderReturn, OrderReturns, ReturnChanged, ReturnPage } from '../../../contracts/returns.contract';
import type { VendorOrderList } from '../../../contracts/vendor-orders.contract';
import { rupeesForInput } from '../../../domain/money';
import { queryRows } from '../../platform/db';
import { SECOND_ADMIN, freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createProductWithVariants } from '../../test/catalog-factories';
import {
  newShopper,
  placeCodOrder,
  placeOrder,
  pointsOf,
  stockOf,
  twoShops,
  type Shopper,
  signInAs,
} from '../../test/checkout-fixtures';
import { moneyInvariantViolations } from '../../test/invariants';
import { upload } from '../../test/multipart';
import { saveCodSettings } from '../payments';
import { releaseDuePoints } from '../rewards';
import { releaseDueVendorSales, vendorBalancesOf } from '../settlement';

// A return from the customer's request to the refund, with every refusal,
// the shop's and the super admin's answers, and what receiving the items back does to stock,
// points, the vendor's ledger, the tax documents and the money.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Delivered = Awaited<ReturnType<typeof twoShops>> & {
  va: TestClient;
  vb: TestClient;
  shopper: Shopper;
  orderId: string;
  partA: string;
  itemA: string;
  partB: string;
  itemB: string;
};

/**
 * A shopper's order of `quantityA` kurtas (₹600, 5 % points) from shop A and one pepper (₹450, 10 %)
 * from shop B, paid through the test gateway (or cash on delivery), shipped and delivered by both
 * vendors through their API (so each part is invoiced and credited).
 */
async function deliveredOrder(
  o: { quantityA?: number; points?: number; pointsToUse?: number; cod?: boolean } = {},
): Promise<Delivered> {
  if (o.cod) await t.db.transaction((tx) => saveCodSettings(tx, { limitPaise: 1_000_000, excludedCategoryIds: [] }));
  const shops = await twoShops(t, { stockA: 20, stockB: 20, codA: !!o.cod, codB: !!o.cod });
  const va = await signInAs(t, shops.vendorA.email);
  const vb = await signInAs(t, shops.vendorB.email);
  const shopper = await newShopper(t, o.points ?? 0);
  const lines = [{ productId: shops.a.id, quantity: o.quantityA ?? 2 }, { productId: shops.b.id }];
  const orderId = o.cod
    ? await placeCodOrder(shopper, lines, o.pointsToUse ?? 0)
    : await placeOrder(shopper, lines, o.pointsToUse ?? 0);
  const parts: Record<string, string> = {};
  for (const [name, client] of [
    ['a', va],
    ['b', vb],
  ] as const) {
    const part = ((await client.get('/api/vendor/orders?pageSize=100')).json() as VendorOrderList).items.find(
      (p) => p.orderId === orderId,
    )!;
    expect(
      (await client.patch(`/api/vendor/orders/parts/${part.partId}/status`, { status: 'shipped' })).statusCode,
    ).toBe(200);
    const delivered = await client.patch(`/api/vendor/orders/parts/${part.partId}/status`, {
      status: 'delivered',
      ...(part.codDuePaise !== null ? { cashCollected: rupeesForInput(part.codDuePaise) } : {}),
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    parts[name] = part.partId;
    parts[`item_${name}`] = part.items[0].id;
  }
  return {
    ...shops,
    va,
    vb,
    shopper,
    orderId,
    partA: parts.a,
    itemA: parts.item_a,
    partB: parts.b,
    itemB: parts.item_b,
  };
}

const ask = (d: Delivered, body: Record<string, unknown>, partId = d.partA) =>
  d.shopper.client.post(`/api/orders/parts/${partId}/returns`, body);
const askReturn = async (d: Delivered, quantity = 1, extra: Record<string, unknown> = {}): Promise<OrderReturn> => {
  const res = await ask(d, {
    items: [{ orderItemId: d.itemA, quantity }],
    reason: 'Wrong size or fit',
    comment: 'Too tight at the shoulders',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as ReturnChanged).return;
};
const orderReturns = async (d: Delivered): Promise<OrderReturns> => {
  const res = await d.shopper.client.get(`/api/orders/${d.orderId}/returns`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ledgerOf = (partId: string) =>
  queryRows<{ entry_type: string; pending_paise: string; payable_paise: string }>(
    t.db,
    sql`select entry_type, pending_paise, payable_paise from vendor_ledger where order_part_id = ${partId} order by created_at, id`,
  );
const creditNotes = (partId: string) =>
  queryRows<{ number: string; total_paise: string; quantity: number; reference: string }>(
    t.db,
    sql`select d.number, d.total_paise, d.reference, (select sum(quantity)::int from tax_document_lines l where l.document_id = d.id) as quantity
        from tax_documents d where d.order_part_id = ${partId} and d.kind = 'credit_note' order by d.sequence`,
  );
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .png()
    .toBuffer();
const backdate = (partId: string, days: number) =>
  t.db.execute(sql`update order_parts set delivered_at = now() - make_interval(days => ${days}) where id = ${partId}`);

describe('asking for a return', () => {
  it('takes some of the items of a delivered part with a reason, a comment and photos, and shows what is left to return', async () => {
    const d = await deliveredOrder({ quantityA: 3 });
    const photo = await upload(
      d.shopper.client,
      { imageType: 'return', entityId: d.partA },
      { filename: 'torn.png', type: 'image/png', data: await png() },
    );
    expect(photo.statusCode, photo.body).toBe(201);
    const r = await askReturn(d, 2, { photos: [photo.json().url] });
    expect(r).toMatchObject({
      status: 'requested',
      statusLabel: 'Return requested',
      reason: 'Wrong size or fit',
      comment: 'Too tight at the shoulders',
      photos: [photo.json().url],
      storeName: 'Jaipur Handlooms',
      valuePaise: 120_000,
      refund: null,
    });
    expect(r.items).toEqual([
      expect.objectContaining({
        orderItemId: d.itemA,
        productName: 'Block Print Kurta',
        quantity: 2,
        pricePaise: 60_000,
      }),
    ]);

    const view = await orderReturns(d);
    expect(view.returns.map((x) => x.id)).toEqual([r.id]);
    const partA = view.returnable.find((p) => p.partId === d.partA)!;
    expect(partA).toMatchObject({ canReturn: true, refusal: null });
    expect(partA.items[0]).toMatchObject({ quantity: 3, returnableQuantity: 1 });
    // Nothing changes until the shop has the items back.
    expect(await stockOf(t, d.a.id)).toBe(17);
  });

  it('refuses more than was bought (counting open returns), an item of another part, and a reason not on the list, each on its field', async () => {
    const d = await deliveredOrder({ quantityA: 2 });
    await askReturn(d, 1);
    const tooMany = await ask(d, { items: [{ orderItemId: d.itemA, quantity: 2 }], reason: 'Damaged or defective' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.items).toBe('You can return at most 1 of Block Print Kurta');
    const otherPart = await ask(d, { items: [{ orderItemId: d.itemB, quantity: 1 }], reason: 'Damaged or defective' });
    expect(otherPart.statusCode).toBe(400);
    expect(otherPart.json().error.fields.items).toBe('This item is not part of this order');
    const badReason = await ask(d, { items: [{ orderItemId: d.itemA, quantity: 1 }], reason: 'Changed my mind lol' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().error.fields.reason).toBe('Please choose a reason for the return');
    const none = await ask(d, { items: [], reason: 'Other' });
    expect(none.json().error.fields.items).toBe('Please choose at least one item to return');
  });

  it('refuses a fourth photo, and a photo that is not one the customer uploaded', async () => {
    const d = await deliveredOrder();
    const urls: string[] = [];
    for (let i = 0; i < 4; i++)
      urls.push(
        (
          await upload(
            d.shopper.client,
            { imageType: 'return', entityId: d.partA },
            { filename: `p${i}.png`, type: 'image/png', data: await png() },
          )
        ).json().url,
      );
    const four = await ask(d, {
      items: [{ orderItemId: d.itemA, quantity: 1 }],
      reason: 'Damaged or defective',
      photos: urls,
    });
    expect(four.statusCode).toBe(400);
    expect(four.json().error.fields.photos).toBe('Please add at most 3 photos');
    const foreign = await ask(d, {
      items: [{ orderItemId: d.itemA, quantity: 1 }],
      reason: 'Damaged or defective',
      photos: ['/uploads/not-mine.webp'],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.photos).toBe('Please add photos with the uploader');
    // Nobody else may attach photos to this order.
    const stranger = await newShopper(t);
    const theirs = await upload(
      stranger.client,
      { imageType: 'return', entityId: d.partA },
      { filename: 'x.png', type: 'image/png', data: await png() },
    );
    expect(theirs.statusCode).toBe(403);
  });

  it('is refused after the return window with the date it closed, and the order page says so', async () => {
    const d = await deliveredOrder();
    await backdate(d.partA, t.config.RETURN_WINDOW_DAYS + 1);
    const res = await ask(d, { items: [{ orderItemId: d.itemA, quantity: 1 }], reason: 'Other' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(
      /^The return window for this order closed on \d{1,2} [A-Z][a-z]{2} \d{4}$/,
    );
    const partA = (await orderReturns(d)).returnable.find((p) => p.partId === d.partA)!;
    expect(partA.canReturn).toBe(false);
    expect(partA.refusal).toBe(res.json().error.message);
  });

  it('is refused for a part not delivered, for another customer (404) and for a vendor (403)', async () => {
    const shops = await twoShops(t, { stockA: 5 });
    const shopper = await newShopper(t);
    const orderId = await placeOrder(shopper, [{ productId: shops.a.id }]);
    const [part] = await queryRows<{ id: string; item: string }>(
      t.db,
      sql`select p.id, (select i.id from order_items i where i.order_part_id = p.id) as item from order_parts p where p.order_id = ${orderId}`,
    );
    const body = { items: [{ orderItemId: part.item, quantity: 1 }], reason: 'Other' };
    const pending = await shopper.client.post(`/api/orders/parts/${part.id}/returns`, body);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error.message).toBe('Only delivered items can be returned');
    expect((await (await newShopper(t)).client.post(`/api/orders/parts/${part.id}/returns`, body)).statusCode).toBe(
      404,
    );
    expect(
      (await (await signInAs(t, shops.vendorA.email)).post(`/api/orders/parts/${part.id}/returns`, body)).statusCode,
    ).toBe(403);
    expect((await shopper.client.get(`/api/orders/${orderId}/returns`)).json()).toEqual({
      returnable: [],
      returns: [],
    });
  });
});

describe("the shop's answer", () => {
  it('lists only its own returns; another shop can neither see nor answer them', async () => {
    const d = await deliveredOrder();
    const r = await askReturn(d);
    const mine = (await d.va.get('/api/vendor/returns?status=requested')).json() as ReturnPage;
    expect(mine.items.map((x) => x.id)).toContain(r.id);
    expect(mine.items.find((x) => x.id === r.id)!.customerName).toBeTruthy();
    const theirs = (await d.vb.get('/api/vendor/returns')).json() as ReturnPage;
    expect(theirs.items.map((x) => x.id)).not.toContain(r.id);
    expect((await d.vb.post(`/api/vendor/returns/${r.id}/approve`)).statusCode).toBe(404);
    expect((await d.vb.post(`/api/vendor/returns/${r.id}/received`)).statusCode).toBe(404);
    expect((await d.shopper.client.post(`/api/vendor/returns/${r.id}/approve`)).statusCode).toBe(403);
  });

  it('rejects with a reason the customer reads; the customer sends it to the Haat team once; the super admin approves it with a fresh code', async () => {
    const d = await deliveredOrder();
    const r = await askReturn(d);
    const short = await d.va.post(`/api/vendor/returns/${r.id}/reject`, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.reason).toBe('Please give the customer a reason (at least 5 characters)');
    const rejected = await d.va.post(`/api/vendor/returns/${r.id}/reject`, {
      reason: 'The tag has been removed and the kurta was worn',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await orderReturns(d)).returns[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The tag has been removed and the kurta was worn',
      decidedBy: 'vendor',
    });
    // A rejected return frees its quantity, and cannot be received.
    expect((await orderReturns(d)).returnable.find((p) => p.partId === d.partA)!.items[0].returnableQuantity).toBe(2);
    expect((await d.va.post(`/api/vendor/returns/${r.id}/received`)).json().error.message).toBe(
      'Only an approved return can be marked received',
    );
    expect((await d.va.post(`/api/vendor/returns/${r.id}/approve`)).statusCode).toBe(409);

    const disputed = await d.shopper.client.post(`/api/returns/${r.id}/dispute`, {
      comment: 'The tag was on; I have photos',
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect((disputed.json() as ReturnChanged).return).toMatchObject({
      status: 'disputed',
      disputeComment: 'The tag was on; I have photos',
      rejectionReason: 'The tag has been removed and the kurta was worn',
    });
    expect((await d.shopper.client.post(`/api/returns/${r.id}/dispute`, {})).statusCode).toBe(409);

    const { client: admin, secret } = await signInSuperAdmin(t, '10.24.250.1', SECOND_ADMIN);
    const listed = (await admin.get('/api/admin/returns?status=disputed&pageSize=100')).json() as ReturnPage;
    expect(listed.items.map((x) => x.id)).toContain(r.id);
    const noCode = await admin.post(`/api/admin/returns/${r.id}/decide`, { decision: 'approve' });
    expect(noCode.statusCode).toBe(401);
    const noReason = await admin.post(`/api/admin/returns/${r.id}/decide`, {
      decision: 'reject',
      code: await freshCode(t, secret),
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe('Please give the customer a reason (at least 5 characters)');
    const approved = await admin.post(`/api/admin/returns/${r.id}/decide`, {
      decision: 'approve',
      code: await freshCode(t, secret),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as ReturnChanged).return).toMatchObject({
      status: 'approved',
      decidedBy: 'admin',
      rejectionReason: null,
    });
    const audit = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from system_logs where action = 'return_decided' and resource_id = ${r.id}`,
    );
    expect(audit[0].n).toBe(1);
    // Decided once: deciding it again is refused.
    expect(
      (
        await admin.post(`/api/admin/returns/${r.id}/decide`, {
          decision: 'reject',
          reason: 'Changed our mind',
          code: await freshCode(t, secret),
        })
      ).statusCode,
    ).toBe(409);
    expect((await d.va.post(`/api/vendor/returns/${r.id}/received`)).statusCode).toBe(200);
  });
});

describe('receiving a return back', () => {
  it('returns the stock, voids the pending points it earned, refunds the points used in proportion and the rest through the gateway, reverses the vendor with a credit note', async () => {
    // 2 kurtas (₹1,200) + pepper (₹450) = ₹1,650, free delivery; 165 points used: ₹1,485 paid. Earned: 60 + 45 points.
    const d = await deliveredOrder({ quantityA: 2, points: 165, pointsToUse: 165 });
    const before = await pointsOf(t, d.shopper.userId);
    expect(before.pending).toBe(105);
    const [sale] = await ledgerOf(d.partA);
    const r = await askReturn(d, 1);
    expect((await d.va.post(`/api/vendor/returns/${r.id}/approve`)).statusCode).toBe(200);
    expect((await orderReturns(d)).returns[0].status).toBe('approved');

    const res = await d.va.post(`/api/vendor/returns/${r.id}/received`);
    expect(res.statusCode, res.body).toBe(200);
    const done = (res.json() as ReturnChanged).return;
    // One kurta of ₹600: 165 × 600 / 1650 = 60 points back, ₹540 to the payment method; its 30 earned points voided.
    expect(done).toMatchObject({ status: 'refunded', statusLabel: 'Refunded' });
    expect(done.refund).toMatchObject({
      method: 'test',
      status: 'processed',
      amountPaise: 54_000,
      refundPoints: 0,
      pointsReturned: 60,
      pointsVoided: 30,
      pointsTakenBack: 0,
      keptForSpentPointsPaise: 0,
    });
    expect(done.refund!.reference).toMatch(/^test_rfnd_/);
    expect(done.creditNoteNumber).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
    expect(await stockOf(t, d.a.id)).toBe(19);
    const after = await pointsOf(t, d.shopper.userId);
    expect(after).toMatchObject({ available: before.available + 60, pending: before.pending - 30 });
    expect(after.ledgerAvailable).toBe(after.available);
    expect(after.ledgerPending).toBe(after.pending);

    // The vendor gives back the kurta's net (half the part's), from pending; the credit note is for one unit.
    const ledger = await ledgerOf(d.partA);
    expect(ledger.map((l) => l.entry_type)).toEqual(['sale', 'returned', 'tds_kept']);
    expect(Number(ledger[1].pending_paise)).toBe(-Number(sale.pending_paise) / 2);
    // And its TDS (5 % of ₹600 without a PAN: ₹30.00), which stays deposited in its name (CBDT Circular 20/2023, Q4).
    expect(Number(ledger[2].payable_paise)).toBe(-3_000);
    // The vendor's earnings statement shows what the return gave back.
    const statement = (await d.va.get('/api/vendor/earnings/statement?pageSize=100')).json() as {
      items: { partId: string; vendorNetPaise: number; returnedPaise: number }[];
    };
    expect(statement.items.find((x) => x.partId === d.partA)).toMatchObject({
      vendorNetPaise: Number(sale.pending_paise),
      returnedPaise: Number(sale.pending_paise) / 2,
    });
    const notes = await creditNotes(d.partA);
    expect(notes.map((n) => ({ ...n, total_paise: Number(n.total_paise) }))).toEqual([
      expect.objectContaining({ total_paise: 60_000, quantity: 1, reference: `credit:return:${r.id}` }),
    ]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('happens once under two clicks at once: one receipt, one refund, stock and points moved once', async () => {
    const d = await deliveredOrder({ quantityA: 2 });
    const r = await askReturn(d, 2);
    await d.va.post(`/api/vendor/returns/${r.id}/approve`);
    const [one, two] = await Promise.all([
      d.va.post(`/api/vendor/returns/${r.id}/received`),
      d.va.post(`/api/vendor/returns/${r.id}/received`),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect([one, two].find((x) => x.statusCode === 409)!.json().error.message).toBe(
      'This return has already been received',
    );
    expect(await stockOf(t, d.a.id)).toBe(20);
    const refunds = await queryRows<{ n: number; paise: string }>(
      t.db,
      sql`select count(*)::int as n, sum(amount_paise) as paise from refunds where return_id = ${r.id}`,
    );
    expect(refunds[0]).toEqual({ n: 1, paise: '120000' });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('credits exactly the invoice and reverses exactly the net when every unit comes back in two returns, and the release pays only what is left', async () => {
    const d = await deliveredOrder({ quantityA: 3 });
    const [sale] = await ledgerOf(d.partA);
    for (const q of [1, 2]) {
      const r = await askReturn(d, q);
      await d.va.post(`/api/vendor/returns/${r.id}/approve`);
      expect((await d.va.post(`/api/vendor/returns/${r.id}/received`)).statusCode).toBe(200);
    }
    const ledger = await ledgerOf(d.partA);
    expect(ledger.filter((l) => l.entry_type === 'returned').reduce((s, l) => s + Number(l.pending_paise), 0)).toBe(
      -Number(sale.pending_paise),
    );
    // The part's sale document: a bill of supply, as this test's vendor has no GSTIN.
    const [invoice] = await queryRows<{ total_paise: string }>(
      t.db,
      sql`select total_paise from tax_documents where order_part_id = ${d.partA} and kind = 'bill_of_supply'`,
    );
    expect((await creditNotes(d.partA)).reduce((s, n) => s + Number(n.total_paise), 0)).toBe(
      Number(invoice.total_paise),
    );
    expect((await orderReturns(d)).returnable.find((p) => p.partId === d.partA)).toMatchObject({
      canReturn: false,
      refusal: 'Every item of this delivery has a return already',
    });

    // After the window the release moves nothing for a part returned in full.
    const vendorUserId = d.vendorA.userId;
    const pending = (await vendorBalancesOf(t.db, vendorUserId)).pendingPaise;
    expect(pending).toBe(0);
    await t.db.transaction((tx) =>
      releaseDueVendorSales(tx, {
        returnWindowDays: t.config.RETURN_WINDOW_DAYS,
        now: new Date(Date.now() + (t.config.RETURN_WINDOW_DAYS + 1) * 86_400_000),
        vendorUserId,
      }),
    );
    // Only the TDS of the three kurtas (5 % of ₹1,800 without a PAN: ₹90.00) stays debited: it is deposited
    // in the vendor's name and reduces the TDS of its next sales this financial year.
    expect(await vendorBalancesOf(t.db, vendorUserId)).toMatchObject({ pendingPaise: 0, payablePaise: -9_000 });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('takes back earned points that became available, reverses from payable after the release, and keeps spent points from the refund', async () => {
    const d = await deliveredOrder({ quantityA: 2 });
    const r = await askReturn(d, 2);
    await d.va.post(`/api/vendor/returns/${r.id}/approve`);
    // The window passes while the items travel back: points and the vendor's sale are released.
    await t.db.execute(sql`update order_parts set delivered_at = now() - interval '30 days' where id = ${d.partA}`);
    await releaseDuePoints(t.db, { customerUserId: d.shopper.userId, returnWindowDays: t.config.RETURN_WINDOW_DAYS });
    const later = new Date(Date.now() + (t.config.RETURN_WINDOW_DAYS + 1) * 86_400_000);
    await t.db.transaction((tx) =>
      releaseDueVendorSales(tx, {
        returnWindowDays: t.config.RETURN_WINDOW_DAYS,
        now: later,
        vendorUserId: d.vendorA.userId,
      }),
    );
    const available = (await pointsOf(t, d.shopper.userId)).available;
    expect(available).toBe(60);
    // The customer spends 50 of the 60 points before the kurtas are received back.
    await t.db.execute(
      sql`update reward_balances set available_points = available_points - 50 where user_id = ${d.shopper.userId}`,
    );
    await t.db.execute(
      sql`insert into rewards_transactions (customer_id, transaction_type, points, description) values (${d.shopper.userId}, 'withdrawn', -50, 'test: spent')`,
    );

    const res = await d.va.post(`/api/vendor/returns/${r.id}/received`);
    expect(res.statusCode, res.body).toBe(200);
    // 60 earned: 10 taken back from the wallet, 50 already spent kept from the ₹1,200 refund: ₹1,150.
    expect((res.json() as ReturnChanged).return.refund).toMatchObject({
      amountPaise: 115_000,
      pointsTakenBack: 10,
      pointsVoided: 0,
      keptForSpentPointsPaise: 5_000,
    });
    expect((await pointsOf(t, d.shopper.userId)).available).toBe(0);
    const ledger = await ledgerOf(d.partA);
    expect(ledger.map((l) => l.entry_type)).toEqual(['sale', 'released', 'returned', 'tds_kept']);
    expect(Number(ledger[2].payable_paise)).toBeLessThan(0);
    expect(Number(ledger[2].pending_paise)).toBe(0);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('returns the stock of the size bought, not of the product as a whole', async () => {
    const shops = await twoShops(t, { stockA: 5 });
    const { product, variants } = await createProductWithVariants(t.db, {
      storeId: shops.shopA.id,
      categoryId: shops.category.id,
      name: 'Mojari Jutti',
      pricePaise: 90_000,
      variants: [
        { option1Value: '7', stockQuantity: 4 },
        { option1Value: '8', stockQuantity: 6 },
      ],
    });
    const eight = variants.find((v) => v.option1Value === '8')!;
    const va = await signInAs(t, shops.vendorA.email);
    const shopper = await newShopper(t);
    const orderId = await placeOrder(shopper, [{ productId: product.id, variantId: eight.id, quantity: 2 }]);
    const part = ((await va.get('/api/vendor/orders?pageSize=100')).json() as VendorOrderList).items.find(
      (p) => p.orderId === orderId,
    )!;
    for (const status of ['shipped', 'delivered'])
      expect((await va.patch(`/api/vendor/orders/parts/${part.partId}/status`, { status })).statusCode).toBe(200);
    const variantStock = async () =>
      Object.fromEntries(
        (
          await queryRows<{ v: string; n: number }>(
            t.db,
            sql`select option1_value as v, stock_quantity as n from product_variants where product_id = ${product.id}`,
          )
        ).map((r) => [r.v, Number(r.n)]),
      );
    expect(await variantStock()).toEqual({ '7': 4, '8': 4 });
    const asked = await shopper.client.post(`/api/orders/parts/${part.partId}/returns`, {
      items: [{ orderItemId: part.items[0].id, quantity: 1 }],
      reason: 'Wrong size or fit',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const r = (asked.json() as ReturnChanged).return;
    expect(r.items[0]).toMatchObject({ variantLabel: 'Size: 8', quantity: 1 });
    await va.post(`/api/vendor/returns/${r.id}/approve`);
    expect((await va.post(`/api/vendor/returns/${r.id}/received`)).statusCode).toBe(200);
    expect(await variantStock()).toEqual({ '7': 4, '8': 5 });
    expect(await stockOf(t, product.id)).toBe(9);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('refunds a cash on delivery order as points worth at least the cash paid for the items', async () => {
    // 1 kurta ₹600 + pepper ₹450 = ₹1,050, 100 points used: ₹950 in cash.
    const d = await deliveredOrder({ quantityA: 1, cod: true, points: 100, pointsToUse: 100 });
    const before = await pointsOf(t, d.shopper.userId);
    const r = await askReturn(d, 1);
    await d.va.post(`/api/vendor/returns/${r.id}/approve`);
    const res = await d.va.post(`/api/vendor/returns/${r.id}/received`);
    expect(res.statusCode, res.body).toBe(200);
    // 100 × 600 / 1050 = 57 points used back; ₹600 − ₹57 = ₹543 of cash back as 543 points.
    expect((res.json() as ReturnChanged).return).toMatchObject({
      status: 'refunded',
      refund: {
        method: 'points',
        status: 'processed',
        amountPaise: 0,
        refundPoints: 543,
        pointsReturned: 57,
        pointsVoided: 30,
      },
    });
    expect((await pointsOf(t, d.shopper.userId)).available).toBe(before.available + 57 + 543);
    const ledger = await ledgerOf(d.partA);
    expect(ledger.map((l) => l.entry_type)).toEqual(['sale', 'cod_collected', 'returned', 'tds_kept']);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});
