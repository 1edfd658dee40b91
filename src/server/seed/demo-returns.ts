import { eq, sql } from 'drizzle-orm';
import { newReturnSchema, type NewReturnInput } from '../../contracts/returns.contract';
import type { Tx } from '../platform/db';
import { lockCustomer } from '../modules/auth';
import { addresses } from '../modules/auth/auth.tables';
import { placeOrderPaidWithPoints } from '../modules/checkout';
import { partForReturn, setPartStatus } from '../modules/orders';
import { orderParts, orders, orderStatusHistory } from '../modules/orders/orders.tables';
import { requestReturn } from '../modules/returns';
import { orderRef } from '../modules/rewards';
import { rewardBalances, rewardsTransactions } from '../modules/rewards/rewards.tables';
import { issuePartInvoice, settlePartMoved } from '../modules/settlement';

// Demo data for returns: the demo customer's recent order from Jaipur Handloom House, delivered two
// days ago (inside the default 7-day return window), with one of its two items asked back. The
// shop's and the super admin's Returns tabs show it waiting; the other item can still be returned.

const DAY_MS = 86_400_000;
const STEPS = ['confirmed', 'processing', 'shipped', 'delivered'] as const;

/** The two items of the order, both Jaipur Handloom House's (₹699 + ₹449 = ₹1,148: delivered free). */
export const DEMO_RETURN_ORDER = {
  returned: 'Block Print Cushion Covers, Set of 5',
  kept: 'Cotton Table Runner with Tassels',
  /** Paid wholly with points, as the demo's other past orders: a bonus of the same amount keeps the customer's 500 points. */
  points: 1148,
} as const;

/** What the customer asks: one set of the cushion covers, with a reason and a comment. */
export const DEMO_RETURN_REQUEST = {
  reason: 'Not as described',
  comment: 'The colours are much duller than in the photos, and two of the covers have loose stitching.',
} as const;

/**
 * The window the demo customer asked within: the default (config.ts). The seed does not take the
 * server's own (the browser tests' server runs with none), and requestReturn reads only the window.
 */
const RETURNS_CONFIG: Parameters<typeof requestReturn>[0]['config'] = {
  RETURN_WINDOW_DAYS: 7,
  APP_SECRET: '',
  DATA_DIR: '',
  RAZORPAY_API_BASE: '',
};

/**
 * Places the demo customer's order (paid with points), moves it through to delivered as its vendor
 * does (the tax invoice issued the day it shipped, the sale credited to the vendor), sets its dates
 * back, then asks to return the cushion covers through the same function as the app.
 */
export async function seedDemoReturn(
  tx: Tx,
  a: { customerUserId: string; vendorUserId: string; productIdNamed: (name: string) => string },
): Promise<{ orderId: string; partId: string; returnId: string }> {
  const o = DEMO_RETURN_ORDER;
  await tx.insert(rewardsTransactions).values({
    customerId: a.customerUserId,
    transactionType: 'cashback',
    points: o.points,
    description: 'Diwali bonus (demo data)',
  });
  await tx
    .update(rewardBalances)
    .set({ availablePoints: sql`${rewardBalances.availablePoints} + ${o.points}`, updatedAt: new Date() })
    .where(eq(rewardBalances.userId, a.customerUserId));

  const now = Date.now();
  const placedAt = new Date(now - 6 * DAY_MS);
  const shippedAt = new Date(now - 4 * DAY_MS);
  const deliveredAt = new Date(now - 2 * DAY_MS);
  // Jaipur Handloom House has no GSTIN, so it delivers only within Rajasthan (Notification
  // 34/2023-Central Tax): the order went to her parents' home in Jaipur, her second address.
  const [jaipur] = await tx
    .insert(addresses)
    .values({
      userId: a.customerUserId,
      type: 'other',
      streetAddress: '9 Civil Lines',
      city: 'Jaipur',
      state: 'Rajasthan',
      postalCode: '302006',
      isDefault: false,
    })
    .returning({ id: addresses.id });
  await lockCustomer(tx, a.customerUserId);
  const { orderId } = await placeOrderPaidWithPoints(tx, {
    customerUserId: a.customerUserId,
    addressId: jaipur.id,
    lines: [o.returned, o.kept].map((name) => ({ productId: a.productIdNamed(name), quantity: 1 })),
    pointsToUse: o.points,
  });
  const [part] = await tx.select({ id: orderParts.id }).from(orderParts).where(eq(orderParts.orderId, orderId));
  for (const status of STEPS) {
    await setPartStatus(tx, {
      partId: part.id,
      status,
      actor: { userId: a.vendorUserId, role: 'vendor' },
      ...(status === 'shipped' ? { note: 'Tracking: Delhivery 2847561930', trackingNote: 'Delhivery 2847561930' } : {}),
    });
    if (status === 'shipped') await issuePartInvoice(tx, { orderPartId: part.id, now: shippedAt });
    await settlePartMoved(tx, { orderPartId: part.id, status, orderRef: orderRef(orderId) });
  }
  await tx.update(orders).set({ createdAt: placedAt, updatedAt: deliveredAt }).where(eq(orders.id, orderId));
  await tx
    .update(orderParts)
    .set({ createdAt: placedAt, updatedAt: deliveredAt, deliveredAt })
    .where(eq(orderParts.id, part.id));
  await tx
    .update(orderStatusHistory)
    .set({
      createdAt: sql`case ${orderStatusHistory.status} when 'pending' then ${placedAt.toISOString()}::timestamptz when 'shipped' then ${shippedAt.toISOString()}::timestamptz when 'delivered' then ${deliveredAt.toISOString()}::timestamptz else ${new Date(placedAt.getTime() + 3 * 3600_000).toISOString()}::timestamptz end`,
    })
    .where(eq(orderStatusHistory.orderId, orderId));

  const delivered = await partForReturn(tx, part.id);
  const covers = delivered?.items.find((i) => i.productName === o.returned);
  if (!covers) throw new Error(`Demo data: the order has no ${o.returned}`);
  const input: NewReturnInput = { items: [{ orderItemId: covers.orderItemId, quantity: 1 }], ...DEMO_RETURN_REQUEST };
  const asked = await requestReturn({
    db: tx,
    config: RETURNS_CONFIG,
    customerUserId: a.customerUserId,
    partId: part.id,
    input: newReturnSchema.parse(input),
  });
  return { orderId, partId: part.id, returnId: asked.return.id };
}
