import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../../contracts/earnings.contract';
import type { AdminPayout } from '../../../contracts/payouts.contract';
import type { OrderReturn, ReturnChanged } from '../../../contracts/returns.contract';
import type { VendorOrderList } from '../../../contracts/vendor-orders.contract';
import { rupeesForInput } from '../../../domain/money';
import { queryRows } from '../../platform/db';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createShop, createVendorUser } from '../../test/catalog-factories';
import { newShopper, placeCodOrder, placeOrder, signInAs, twoShops, type Shopper } from '../../test/checkout-fixtures';
import { indiaDate } from '../../test/dates';
import { customerInput, registerAndLogin } from '../../test/factories';
import { createPayablePart, savePayoutDetails } from '../../test/settlement-fixtures';
import { saveCodSettings } from '../payments';

// Returns and payouts tell the people they concern, in the inbox and by email, written with the
// change: the customer hears that a return is approved, rejected (with the reason), received and
// refunded (the amount and where it went); the vendor hears of a new return request and of a payout
// paid (the amount and the UTR or transfer id). Email follows the 'orders' preference; the inbox
// always gets it. A refused action tells nobody. Every test makes what it needs.

let t: TestApp;
let admin: TestClient;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t, '10.25.0.1'));
});
afterAll(() => t.close());

type Item = { id: string; kind: string; title: string; body: string; link: string; readAt: string | null };
async function ofKind(client: TestClient, kind: string): Promise<Item[]> {
  const res = await client.get('/api/notifications?pageSize=50');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Item[]).filter((x) => x.kind === kind);
}
type EmailRow = { kind: string; status: string; subject: string; data: Record<string, string> };
const emails = (userId: string, kind: string) =>
  queryRows<EmailRow>(
    t.db,
    sql`select kind, status, subject, data from notification_emails where user_id = ${userId} and kind = ${kind} order by created_at, id`,
  );
const ordersEmailOff = async (client: TestClient) => {
  const res = await client.put('/api/notifications/preferences', { orders: false, wallet: true, news: true });
  expect(res.statusCode, res.body).toBe(200);
};

type Delivered = {
  shopper: Shopper;
  vendor: TestClient;
  vendorUserId: string;
  orderId: string;
  ref: string;
  partId: string;
  itemId: string;
};

/**
 * A shopper's order of two Block Print Kurtas (₹600 each) from Jaipur Handlooms, paid through the
 * test gateway (or cash on delivery), shipped and delivered by its vendor through the API.
 */
async function deliveredOrder(o: { cod?: boolean; points?: number; pointsToUse?: number } = {}): Promise<Delivered> {
  if (o.cod) await t.db.transaction((tx) => saveCodSettings(tx, { limitPaise: 1_000_000, excludedCategoryIds: [] }));
  const shops = await twoShops(t, { stockA: 20, codA: !!o.cod });
  const vendor = await signInAs(t, shops.vendorA.email);
  const shopper = await newShopper(t, o.points ?? 0);
  const lines = [{ productId: shops.a.id, quantity: 2 }];
  const orderId = o.cod
    ? await placeCodOrder(shopper, lines, o.pointsToUse ?? 0)
    : await placeOrder(shopper, lines, o.pointsToUse ?? 0);
  const part = ((await vendor.get('/api/vendor/orders?pageSize=100')).json() as VendorOrderList).items.find(
    (p) => p.orderId === orderId,
  )!;
  expect((await vendor.patch(`/api/vendor/orders/parts/${part.partId}/status`, { status: 'shipped' })).statusCode).toBe(
    200,
  );
  const delivered = await vendor.patch(`/api/vendor/orders/parts/${part.partId}/status`, {
    status: 'delivered',
    ...(part.codDuePaise !== null ? { cashCollected: rupeesForInput(part.codDuePaise) } : {}),
  });
  expect(delivered.statusCode, delivered.body).toBe(200);
  return {
    shopper,
    vendor,
    vendorUserId: shops.vendorA.userId,
    orderId,
    ref: `#${orderId.slice(0, 8).toUpperCase()}`,
    partId: part.partId,
    itemId: part.items[0].id,
  };
}

const askReturn = async (d: Delivered, quantity = 1, comment = 'Too tight at the shoulders'): Promise<OrderReturn> => {
  const res = await d.shopper.client.post(`/api/orders/parts/${d.partId}/returns`, {
    items: [{ orderItemId: d.itemId, quantity }],
    reason: 'Wrong size or fit',
    comment,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as ReturnChanged).return;
};
const vendorDoes = async (
  d: Delivered,
  returnId: string,
  action: 'approve' | 'reject' | 'received',
  body?: Record<string, unknown>,
) => {
  const res = await d.vendor.post(`/api/vendor/returns/${returnId}/${action}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ReturnChanged).return;
};

describe('a return request tells the vendor', () => {
  it('which order and items, and why, linking to its requested returns', async () => {
    const d = await deliveredOrder();
    await askReturn(d, 2);
    expect(await ofKind(d.vendor, 'vendor-return-requested')).toEqual([
      expect.objectContaining({
        title: `Return requested for order ${d.ref}`,
        body: `A customer asked to return items of order ${d.ref} from Jaipur Handlooms. Reason: Wrong size or fit. Comment: Too tight at the shoulders`,
        link: '/vendor/dashboard?tab=returns&status=requested',
        readAt: null,
      }),
    ]);
    const [mail] = await emails(d.vendorUserId, 'vendor-return-requested');
    expect(mail).toMatchObject({
      status: 'pending',
      subject: `Return requested for order ${d.ref} at Jaipur Handlooms`,
    });
    expect(mail.data.items).toBe('- 2 × Block Print Kurta');
    // The customer who asked is not told of their own request.
    expect(await ofKind(d.shopper.client, 'vendor-return-requested')).toEqual([]);
  });

  it('is not written when the request is refused (more than was bought)', async () => {
    const d = await deliveredOrder();
    const res = await d.shopper.client.post(`/api/orders/parts/${d.partId}/returns`, {
      items: [{ orderItemId: d.itemId, quantity: 3 }],
      reason: 'Other',
    });
    expect(res.statusCode).toBe(400);
    expect(await ofKind(d.vendor, 'vendor-return-requested')).toEqual([]);
    expect(await emails(d.vendorUserId, 'vendor-return-requested')).toEqual([]);
  });

  it("with the vendor's order email off, it reaches the inbox but not the outbox", async () => {
    const d = await deliveredOrder();
    await ordersEmailOff(d.vendor);
    await askReturn(d, 1, '');
    expect((await ofKind(d.vendor, 'vendor-return-requested')).map((x) => x.body)).toEqual([
      `A customer asked to return items of order ${d.ref} from Jaipur Handlooms. Reason: Wrong size or fit.`,
    ]);
    expect(await emails(d.vendorUserId, 'vendor-return-requested')).toEqual([]);
  });
});

describe("the shop's answer tells the customer", () => {
  it('an approval, once: approving it again is refused and tells nothing more', async () => {
    const d = await deliveredOrder();
    const r = await askReturn(d);
    await vendorDoes(d, r.id, 'approve');
    expect(await ofKind(d.shopper.client, 'return-approved')).toEqual([
      expect.objectContaining({
        title: `Return approved for order ${d.ref}`,
        body: `Your return of items from order ${d.ref} (Jaipur Handlooms) was approved by Jaipur Handlooms. Jaipur Handlooms will collect the items, and you are refunded once they are back with the shop.`,
        link: `/orders?order=${d.orderId}`,
      }),
    ]);
    expect(await emails(d.shopper.userId, 'return-approved')).toEqual([
      expect.objectContaining({ status: 'pending', subject: `Your return from order ${d.ref} is approved` }),
    ]);

    expect((await d.vendor.post(`/api/vendor/returns/${r.id}/approve`)).statusCode).toBe(409);
    expect(
      (await d.vendor.post(`/api/vendor/returns/${r.id}/reject`, { reason: 'Too late to change' })).statusCode,
    ).toBe(409);
    expect(await ofKind(d.shopper.client, 'return-approved')).toHaveLength(1);
    expect(await ofKind(d.shopper.client, 'return-rejected')).toEqual([]);
    expect(await emails(d.shopper.userId, 'return-approved')).toHaveLength(1);
  });

  it("a rejection with the shop's reason and how to ask Haat to review it; the Haat team's decision after the review", async () => {
    const d = await deliveredOrder();
    const r = await askReturn(d);
    await vendorDoes(d, r.id, 'reject', { reason: 'The tag has been removed and the kurta was worn' });
    const [rejected] = await ofKind(d.shopper.client, 'return-rejected');
    expect(rejected).toMatchObject({
      title: `Return rejected for order ${d.ref}`,
      body: `Your return of items from order ${d.ref} (Jaipur Handlooms) was rejected by Jaipur Handlooms. Reason: The tag has been removed and the kurta was worn`,
      link: `/orders?order=${d.orderId}`,
    });
    const [mail] = await emails(d.shopper.userId, 'return-rejected');
    expect(mail).toMatchObject({ status: 'pending', subject: `Your return from order ${d.ref} was rejected` });
    expect(mail.data.next).toBe("If you disagree, you can ask the Haat team to review it from the order's page.");

    // The customer asks for a review; a decision without a fresh code is refused and tells nothing.
    expect(
      (await d.shopper.client.post(`/api/returns/${r.id}/dispute`, { comment: 'The tag was on' })).statusCode,
    ).toBe(200);
    expect(
      (
        await admin.post(`/api/admin/returns/${r.id}/decide`, {
          decision: 'reject',
          reason: 'Worn, as the photos show',
        })
      ).statusCode,
    ).toBe(401);
    expect(await ofKind(d.shopper.client, 'return-rejected')).toHaveLength(1);
    const decided = await admin.post(`/api/admin/returns/${r.id}/decide`, {
      decision: 'reject',
      reason: 'Worn, as the photos show',
      code: await freshCode(t, secret),
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const [final] = await ofKind(d.shopper.client, 'return-rejected');
    expect(final.body).toBe(
      `Your return of items from order ${d.ref} (Jaipur Handlooms) was rejected by the Haat team. Reason: Worn, as the photos show`,
    );
    const last = (await emails(d.shopper.userId, 'return-rejected')).at(-1)!;
    expect(last.data.next).toBe('The Haat team has reviewed it, and this decision is final.');
    // The shop hears the Haat team's decision too: the customer keeps the items.
    expect(await ofKind(d.vendor, 'vendor-return-decided')).toMatchObject([
      {
        title: `Return rejected by the Haat team for order ${d.ref}`,
        body: `The Haat team rejected the customer's return of items of order ${d.ref} from Jaipur Handlooms. Reason: Worn, as the photos show The customer keeps the items and is not refunded.`,
        link: '/vendor/dashboard?tab=returns&status=rejected',
      },
    ]);
  });

  it("the Haat team's approval of a disputed return", async () => {
    const d = await deliveredOrder();
    const r = await askReturn(d);
    await vendorDoes(d, r.id, 'reject', { reason: 'Outside our policy' });
    expect((await d.shopper.client.post(`/api/returns/${r.id}/dispute`, {})).statusCode).toBe(200);
    const decided = await admin.post(`/api/admin/returns/${r.id}/decide`, {
      decision: 'approve',
      code: await freshCode(t, secret),
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await ofKind(d.shopper.client, 'return-approved')).map((x) => x.body)).toEqual([
      `Your return of items from order ${d.ref} (Jaipur Handlooms) was approved by the Haat team. Jaipur Handlooms will collect the items, and you are refunded once they are back with the shop.`,
    ]);
    // The shop is told to collect the items, in the inbox and by email (its order email is on).
    expect(await ofKind(d.vendor, 'vendor-return-decided')).toMatchObject([
      {
        title: `Return approved by the Haat team for order ${d.ref}`,
        body: `The Haat team approved the customer's return of items of order ${d.ref} from Jaipur Handlooms. Collect the items from the customer and mark the return received in your Returns tab; the customer is refunded then.`,
        link: '/vendor/dashboard?tab=returns&status=approved',
      },
    ]);
    expect((await emails(d.vendorUserId, 'vendor-return-decided')).map((m) => m.subject)).toEqual([
      `The Haat team approved the return for order ${d.ref}`,
    ]);
  });

  it('with order email off, the customer sees the rejection in the inbox but gets no email', async () => {
    const d = await deliveredOrder();
    await ordersEmailOff(d.shopper.client);
    const r = await askReturn(d);
    await vendorDoes(d, r.id, 'reject', { reason: 'The item was used' });
    expect((await ofKind(d.shopper.client, 'return-rejected')).map((x) => x.title)).toEqual([
      `Return rejected for order ${d.ref}`,
    ]);
    expect(await emails(d.shopper.userId, 'return-rejected')).toEqual([]);
    // The vendor's preferences are its own: it was emailed about the request.
    expect(await emails(d.vendorUserId, 'vendor-return-requested')).toHaveLength(1);
  });
});

describe('receiving a return back tells the customer', () => {
  it('paid online: received with the refund on its way, then refunded with the amount to the original payment method and the points used', async () => {
    // 2 kurtas ₹1,200, 120 points used: ₹1,080 paid. One kurta back: 60 points and ₹540.
    const d = await deliveredOrder({ points: 120, pointsToUse: 120 });
    const r = await askReturn(d);
    await vendorDoes(d, r.id, 'approve');
    const done = await vendorDoes(d, r.id, 'received');
    expect(done).toMatchObject({
      status: 'refunded',
      refund: { method: 'test', amountPaise: 54_000, pointsReturned: 60 },
    });

    expect(await ofKind(d.shopper.client, 'return-received')).toEqual([
      expect.objectContaining({
        title: `Return received for order ${d.ref}`,
        body: `Jaipur Handlooms received your returned items from order ${d.ref}. Your refund of ₹540 to your original payment method is on its way. 60 points you used on the order are back in your wallet.`,
        link: `/orders?order=${d.orderId}`,
      }),
    ]);
    expect(await ofKind(d.shopper.client, 'return-refunded')).toEqual([
      expect.objectContaining({
        title: `Refund of ₹540 and 60 points for order ${d.ref}`,
        body: `Your return from order ${d.ref} (Jaipur Handlooms) is refunded. ₹540 is refunded to your original payment method; it can take a few working days to show in your account. 60 points you used on the order are back in your wallet.`,
        link: `/orders?order=${d.orderId}`,
      }),
    ]);
    expect((await emails(d.shopper.userId, 'return-received')).map((e) => e.subject)).toEqual([
      `Jaipur Handlooms received your return from order ${d.ref}`,
    ]);
    expect((await emails(d.shopper.userId, 'return-refunded')).map((e) => [e.status, e.subject])).toEqual([
      ['pending', `Your refund of ₹540 and 60 points for order ${d.ref}`],
    ]);

    // A second click is refused and tells nothing twice.
    expect((await d.vendor.post(`/api/vendor/returns/${r.id}/received`)).statusCode).toBe(409);
    expect(await ofKind(d.shopper.client, 'return-received')).toHaveLength(1);
    expect(await ofKind(d.shopper.client, 'return-refunded')).toHaveLength(1);
  });

  it('cash on delivery: one message, refunded as points in the wallet', async () => {
    // 2 kurtas ₹1,200 in cash; one back: ₹600 as 600 points.
    const d = await deliveredOrder({ cod: true });
    const r = await askReturn(d);
    await vendorDoes(d, r.id, 'approve');
    expect(await vendorDoes(d, r.id, 'received')).toMatchObject({
      status: 'refunded',
      refund: { method: 'points', refundPoints: 600 },
    });
    expect(await ofKind(d.shopper.client, 'return-received')).toEqual([]);
    expect(await ofKind(d.shopper.client, 'return-refunded')).toEqual([
      expect.objectContaining({
        title: `Refund of 600 points for order ${d.ref}`,
        body: `Your return from order ${d.ref} (Jaipur Handlooms) is refunded. 600 points (worth ₹600) for the cash you paid are in your Haat wallet.`,
      }),
    ]);
    expect(await emails(d.shopper.userId, 'return-refunded')).toEqual([
      expect.objectContaining({ subject: `Your refund of 600 points for order ${d.ref}` }),
    ]);
  });

  it('receiving an unapproved return is refused and tells nobody', async () => {
    const d = await deliveredOrder();
    const r = await askReturn(d);
    expect((await d.vendor.post(`/api/vendor/returns/${r.id}/received`)).statusCode).toBe(409);
    expect(await ofKind(d.shopper.client, 'return-received')).toEqual([]);
    expect(await ofKind(d.shopper.client, 'return-refunded')).toEqual([]);
  });

  it('with order email off, the refund reaches the inbox only', async () => {
    const d = await deliveredOrder();
    await ordersEmailOff(d.shopper.client);
    const r = await askReturn(d);
    await vendorDoes(d, r.id, 'approve');
    await vendorDoes(d, r.id, 'received');
    expect((await ofKind(d.shopper.client, 'return-refunded')).map((x) => x.title)).toEqual([
      `Refund of ₹600 for order ${d.ref}`,
    ]);
    expect(await emails(d.shopper.userId, 'return-refunded')).toEqual([]);
    expect(await emails(d.shopper.userId, 'return-received')).toEqual([]);
  });
});

describe('a payout paid tells the vendor', () => {
  let customerUserId: string;
  let ip = 0;
  beforeAll(async () => {
    customerUserId = (await registerAndLogin(new TestClient(t.app, '10.25.1.1'), customerInput())).id;
  });

  /** A vendor with payout details and a delivered part of ₹999 sold ten days ago, payable since two days ago; signed in. */
  async function payableVendor(method: 'bank' | 'upi', businessName: string) {
    const { userId, email } = await createVendorUser(t.db, { businessName });
    const shop = await createShop(t.db, userId);
    await savePayoutDetails(t.db, userId, method);
    const p = await createPayablePart(t.db, {
      customerUserId,
      vendorUserId: userId,
      storeId: shop.id,
      soldDaysAgo: 10,
      releasedDaysAgo: 2,
    });
    const client = new TestClient(t.app, `10.25.2.${++ip}`);
    expect((await client.post('/api/auth/login', { email, password: 'secret123' })).statusCode).toBe(200);
    return { id: userId, client, netPaise: p.netPaise };
  }
  const settle = async (vendorUserId: string): Promise<AdminPayout> => {
    const res = await admin.post('/api/admin/payouts', {
      vendorUserId,
      upTo: indiaDate(),
      code: await freshCode(t, secret),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const pay = async (id: string, reference: string) =>
    admin.post(`/api/admin/payouts/${id}/pay`, { reference, code: await freshCode(t, secret) });
  const period = `${formatDay(indiaDate(-10))} to ${formatDay(indiaDate())}`;

  it('by bank transfer: the amount, the period and the UTR, once', async () => {
    const v = await payableVendor('bank', 'Bastar Dhokra Crafts');
    // ₹999 less 10 % commission and 0.1 % TDS: ₹898.10.
    expect(v.netPaise).toBe(89_810);
    const payout = await settle(v.id);
    // Settling pays nothing yet, and tells nothing; a wrong reference is refused and tells nothing.
    expect(await ofKind(v.client, 'vendor-payout-paid')).toEqual([]);
    expect((await pay(payout.id, 'not a utr!')).statusCode).toBe(400);
    expect(await ofKind(v.client, 'vendor-payout-paid')).toEqual([]);
    expect(await emails(v.id, 'vendor-payout-paid')).toEqual([]);

    const paid = await pay(payout.id, 'HDFCR52026112612345678');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await ofKind(v.client, 'vendor-payout-paid')).toEqual([
      expect.objectContaining({
        title: 'Payout of ₹898.10 paid',
        body: `Haat paid Bastar Dhokra Crafts ₹898.10 for ${period} by bank transfer. UTR: HDFCR52026112612345678.`,
        link: '/vendor/dashboard?tab=earnings',
        readAt: null,
      }),
    ]);
    expect(await emails(v.id, 'vendor-payout-paid')).toEqual([
      expect.objectContaining({ status: 'pending', subject: 'Haat paid you ₹898.10' }),
    ]);

    // Paying it again is refused (409) and tells nothing twice.
    expect((await pay(payout.id, 'HDFCR52026112612345679')).statusCode).toBe(409);
    expect(await ofKind(v.client, 'vendor-payout-paid')).toHaveLength(1);
    expect(await emails(v.id, 'vendor-payout-paid')).toHaveLength(1);
  });

  it('a Razorpay Route transfer left being transferred, marked paid with its transfer id', async () => {
    const v = await payableVendor('upi', 'Kaveri Weaves');
    const payout = await settle(v.id);
    await t.db.execute(sql`update vendor_payouts set status = 'transferring' where id = ${payout.id}`);
    const paid = await pay(payout.id, 'trf_N1a2b3c4d5e6f7');
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await ofKind(v.client, 'vendor-payout-paid')).map((x) => x.body)).toEqual([
      `Haat paid Kaveri Weaves ₹898.10 for ${period} by Razorpay Route transfer. Transfer id: trf_N1a2b3c4d5e6f7.`,
    ]);
  });

  it('with order email off, the payout reaches the inbox but not the outbox', async () => {
    const v = await payableVendor('upi', 'Meena Textiles');
    await ordersEmailOff(v.client);
    const payout = await settle(v.id);
    expect((await pay(payout.id, '123456789012')).statusCode).toBe(200);
    expect((await ofKind(v.client, 'vendor-payout-paid')).map((x) => x.body)).toEqual([
      `Haat paid Meena Textiles ₹898.10 for ${period} by UPI. UPI reference: 123456789012.`,
    ]);
    expect(await emails(v.id, 'vendor-payout-paid')).toEqual([]);
  });
});
