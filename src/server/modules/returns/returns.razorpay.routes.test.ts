import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderReturns, ReturnChanged } from '../../../contracts/returns.contract';
import type { VendorOrderList } from '../../../contracts/vendor-orders.contract';
import { queryRows } from '../../platform/db';
import { SECOND_ADMIN, freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { fillCart, newShopper, twoShops, type Shopper, signInAs, postCheckout } from '../../test/checkout-fixtures';
import { FakeRazorpay } from '../../test/fake-razorpay';
import { moneyInvariantViolations } from '../../test/invariants';
import { saveGatewaySettings } from '../payments';

// A return of an order paid through Razorpay is refunded through Razorpay's
// refunds API (the local fake), once, with our refund's id as the idempotency key; a refund the
// gateway refuses or cannot take is visible to the super admin, who sends it again with a fresh code.

let t: TestApp;
let rzp: FakeRazorpay;
beforeAll(async () => {
  rzp = new FakeRazorpay();
  const url = await rzp.start();
  t = await buildTestApp({ RAZORPAY_API_BASE: url, APP_SECRET: 'a-test-app-secret-that-is-32-characters-long' });
});
afterAll(async () => {
  await t.close();
  await rzp.stop();
});
beforeEach(async () => {
  rzp.failRefunds = null;
  await saveGatewaySettings(t.db, t.config, {
    keyId: rzp.keyId,
    keySecret: rzp.keySecret,
    webhookSecret: rzp.webhookSecret,
    isEnabled: true,
  });
});

/** Two kurtas (₹1,200) bought through Razorpay, shipped and delivered; one asked back, approved. */
async function approvedReturn(): Promise<{
  shopper: Shopper;
  vendor: TestClient;
  orderId: string;
  returnId: string;
  providerPaymentId: string;
}> {
  const shops = await twoShops(t, { stockA: 10 });
  const shopper = await newShopper(t);
  await fillCart(shopper, [{ productId: shops.a.id, quantity: 2 }]);
  const c = (await postCheckout(shopper.client, { addressId: shopper.addressId })).json();
  expect(c).toMatchObject({ status: 'payment_required', gateway: 'razorpay' });
  const paid = rzp.pay(c.providerOrderId);
  const verified = await shopper.client.post('/api/payments/verify', {
    paymentId: c.paymentId,
    providerOrderId: paid.razorpay_order_id,
    providerPaymentId: paid.razorpay_payment_id,
    signature: paid.razorpay_signature,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const orderId = verified.json().orderId;
  const vendor = await signInAs(t, shops.vendorA.email);
  const part = ((await vendor.get('/api/vendor/orders?pageSize=100')).json() as VendorOrderList).items.find(
    (p) => p.orderId === orderId,
  )!;
  for (const status of ['shipped', 'delivered'])
    expect((await vendor.patch(`/api/vendor/orders/parts/${part.partId}/status`, { status })).statusCode).toBe(200);
  const asked = await shopper.client.post(`/api/orders/parts/${part.partId}/returns`, {
    items: [{ orderItemId: part.items[0].id, quantity: 1 }],
    reason: 'Damaged or defective',
    comment: 'Torn seam',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const returnId = (asked.json() as ReturnChanged).return.id;
  expect((await vendor.post(`/api/vendor/returns/${returnId}/approve`)).statusCode).toBe(200);
  return { shopper, vendor, orderId, returnId, providerPaymentId: paid.razorpay_payment_id };
}

/** The titles of the customer's notifications of a kind, newest first. */
const told = async (shopper: Shopper, kind: string) =>
  ((await shopper.client.get('/api/notifications?pageSize=50')).json().items as { kind: string; title: string }[])
    .filter((x) => x.kind === kind)
    .map((x) => x.title);

const refundRow = async (returnId: string) =>
  (
    await queryRows<{
      id: string;
      status: string;
      provider_refund_id: string | null;
      attempts: number;
      failure_reason: string | null;
    }>(
      t.db,
      sql`select id, status, provider_refund_id, attempts, failure_reason from refunds where return_id = ${returnId}`,
    )
  )[0];

describe('a return of an order paid through Razorpay', () => {
  it('is refunded through Razorpay once: the payment, the amount, our refund id as the idempotency key', async () => {
    const r = await approvedReturn();
    const before = rzp.refunds.length;
    const res = await r.vendor.post(`/api/vendor/returns/${r.returnId}/received`);
    expect(res.statusCode, res.body).toBe(200);
    const done = (res.json() as ReturnChanged).return;
    expect(done).toMatchObject({
      status: 'refunded',
      refund: { method: 'razorpay', status: 'processed', amountPaise: 60_000 },
    });
    const made = rzp.refunds.slice(before);
    expect(made).toHaveLength(1);
    const row = await refundRow(r.returnId);
    expect(made[0]).toMatchObject({
      payment_id: r.providerPaymentId,
      amount: 60_000,
      idempotencyKey: row.id,
      notes: { haat_refund_id: row.id },
    });
    expect(done.refund!.reference).toBe(made[0].id);
    // The customer reads it on the order page.
    const view = (await r.shopper.client.get(`/api/orders/${r.orderId}/returns`)).json() as OrderReturns;
    expect(view.returns[0]).toMatchObject({
      status: 'refunded',
      refund: { amountPaise: 60_000, reference: made[0].id },
    });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('stays received with the reason when Razorpay refuses; the super admin sends it again with a fresh code, and it is made once', async () => {
    const r = await approvedReturn();
    rzp.failRefunds = 'down';
    const res = await r.vendor.post(`/api/vendor/returns/${r.returnId}/received`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('The refund could not be sent to the payment gateway');
    expect((res.json() as ReturnChanged).return).toMatchObject({
      status: 'received',
      refund: { status: 'failed', failureReason: expect.stringContaining('Razorpay could not be reached') },
    });
    // Stock and points moved once, whatever the gateway says.
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
    // The customer is told the shop has the item and the refund is on its way; not yet that it is refunded.
    const ref = `#${r.orderId.slice(0, 8).toUpperCase()}`;
    expect(await told(r.shopper, 'return-received')).toEqual([`Return received for order ${ref}`]);
    expect(await told(r.shopper, 'return-refunded')).toEqual([]);

    const { client: admin, secret } = await signInSuperAdmin(t, '10.25.250.1', SECOND_ADMIN);
    const failed = (await admin.get('/api/admin/returns?status=received&pageSize=100')).json();
    expect(failed.items.find((x: { id: string }) => x.id === r.returnId).refund.status).toBe('failed');
    rzp.failRefunds = 'error';
    const refused = await admin.post(`/api/admin/returns/${r.returnId}/retry-refund`, {
      code: await freshCode(t, secret),
    });
    expect(refused.statusCode).toBe(200);
    expect((refused.json() as ReturnChanged).return.refund).toMatchObject({
      status: 'failed',
      failureReason: 'The payment has been fully refunded already',
    });
    expect(await told(r.shopper, 'return-refunded')).toEqual([]);

    rzp.failRefunds = null;
    const before = rzp.refunds.length;
    const [one, two] = await Promise.all([
      admin.post(`/api/admin/returns/${r.returnId}/retry-refund`, { code: await freshCode(t, secret) }),
      r.vendor.post(`/api/vendor/returns/${r.returnId}/received`),
    ]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode).toBe(409);
    expect((one.json() as ReturnChanged).return).toMatchObject({ status: 'refunded', refund: { status: 'processed' } });
    expect(rzp.refunds.length - before).toBe(1);
    expect((await refundRow(r.returnId)).attempts).toBe(3);
    // Refunded once: the customer is told once, with the amount.
    expect(await told(r.shopper, 'return-refunded')).toEqual([`Refund of ₹600 for order ${ref}`]);
    // Nothing left to send.
    const again = await admin.post(`/api/admin/returns/${r.returnId}/retry-refund`, {
      code: await freshCode(t, secret),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This return has no failed refund to send again');
    const audit = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from system_logs where action = 'return_refund_retried' and resource_id = ${r.returnId}`,
    );
    expect(audit[0].n).toBe(2);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});
