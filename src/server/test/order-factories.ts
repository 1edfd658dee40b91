import { eq } from 'drizzle-orm';
import { pointsToPaise } from '../../domain/money';
import { type Db, type DbOrTx } from '../platform/db';
import { orderParts, orders } from '../modules/orders/orders.tables';
import { recordPendingEarn, releaseDuePoints } from '../modules/rewards';
import { createShop, createVendorUser } from './catalog-factories';

// Test rows for orders and their shop parts, written straight through Drizzle (no checkout),
// so that points, wallet and order tests can set up any state they need.

export type PartStatus = 'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'cancelled';

// One vendor account per database is enough to own every test shop (creating one hashes a password).
const vendors = new WeakMap<object, Promise<string>>();

/** An active online shop (of a shared test vendor unless one is given); answers the shop id. */
export async function createTestShop(db: Db, o: { vendorUserId?: string; shopName?: string } = {}): Promise<string> {
  let vendorUserId = o.vendorUserId;
  if (!vendorUserId) {
    if (!vendors.has(db))
      vendors.set(
        db,
        createVendorUser(db).then((v) => v.userId),
      );
    vendorUserId = await vendors.get(db)!;
  }
  const shop = await createShop(db, vendorUserId, o.shopName ? { shopName: o.shopName } : {});
  return shop.id;
}

export type OrderWithPart = { orderId: string; orderPartId: string; storeId: string };

type PartInput = {
  storeId?: string;
  status?: PartStatus;
  deliveredAt?: Date | null;
  subtotalPaise?: number;
  pointsEarned?: number;
};

/** Adds one shop's part to an existing order; a delivered part without `deliveredAt` is delivered now. */
export async function addOrderPart(
  db: Db,
  orderId: string,
  p: PartInput = {},
): Promise<{ orderPartId: string; storeId: string }> {
  const storeId = p.storeId ?? (await createTestShop(db));
  const status = p.status ?? 'pending';
  const deliveredAt = p.deliveredAt !== undefined ? p.deliveredAt : status === 'delivered' ? new Date() : null;
  const [part] = await db
    .insert(orderParts)
    .values({
      orderId,
      storeId,
      status,
      subtotalPaise: p.subtotalPaise ?? 100_000,
      pointsEarned: p.pointsEarned ?? 0,
      deliveredAt,
    })
    .returning({ id: orderParts.id });
  return { orderPartId: part.id, storeId };
}

/** An order of the customer with one part (a fresh shop unless `storeId` is given), in the given status. */
export async function createOrderWithPart(
  db: Db,
  o: PartInput & {
    customerUserId: string;
    pointsUsed?: number;
    shippingAddress?: string;
    paymentStatus?: 'not_required' | 'paid' | 'refund_pending' | 'refunded';
    testPayment?: boolean;
  },
): Promise<OrderWithPart> {
  const subtotal = o.subtotalPaise ?? 100_000;
  const [order] = await db
    .insert(orders)
    .values({
      customerId: o.customerUserId,
      subtotalPaise: subtotal,
      totalAmountPaise: Math.max(0, subtotal - pointsToPaise(o.pointsUsed ?? 0)),
      pointsUsed: o.pointsUsed ?? 0,
      pointsEarned: o.pointsEarned ?? 0,
      shippingAddress: o.shippingAddress ?? '12 MG Road, Pune, Maharashtra - 411001',
      status: o.status ?? 'pending',
      paymentStatus: o.paymentStatus ?? 'not_required',
      testPayment: o.testPayment ?? false,
    })
    .returning({ id: orders.id });
  const part = await addOrderPart(db, order.id, o);
  return { orderId: order.id, ...part };
}

/** Moves a test part to delivered at the given time (default now), as a vendor's status change would. */
export async function markPartDelivered(
  db: DbOrTx,
  orderPartId: string,
  deliveredAt: Date = new Date(),
): Promise<void> {
  await db
    .update(orderParts)
    .set({ status: 'delivered', deliveredAt, updatedAt: new Date() })
    .where(eq(orderParts.id, orderPartId));
}

/** A date `days` days ago. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

/**
 * Gives a customer available points the real way: an order part delivered long ago, its pending
 * earning, and a release through the ledger functions.
 */
export async function giveAvailablePoints(db: Db, customerUserId: string, points: number): Promise<OrderWithPart> {
  const part = await createOrderWithPart(db, {
    customerUserId,
    status: 'delivered',
    deliveredAt: daysAgo(400),
    pointsEarned: points,
  });
  await db.transaction((tx) => recordPendingEarn(tx, { customerUserId, ...part, points, description: 'Test earning' }));
  await releaseDuePoints(db, { customerUserId, returnWindowDays: 365 });
  return part;
}

/** Customers whose balances are not their ledger's sums (the money checks' own rule). */
export { pointsLedgerMismatches } from '../money-checks';
