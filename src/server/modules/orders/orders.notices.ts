import { asc, eq, inArray } from 'drizzle-orm';
import { formatRupees, pointsToPaise } from '../../../domain/money';
import { orderRef } from '../../../domain/order-ref';
import type { Tx } from '../../platform/db';
import { notify, type NotifyEvent } from '../notifications';
import { shopRows } from '../shops';
import { orderItems, orderParts, orders } from './orders.tables';

// What customers and vendors are told about orders: written with the change, in its
// transaction, through notifications' door.

type PartNotice = {
  partId: string;
  orderId: string;
  customerUserId: string;
  vendorUserId: string;
  shopName: string;
  subtotalPaise: number;
  /** The part's vendor-funded discount: what the vendor's own promotions take off its sale. */
  vendorFundedPaise: number;
  codDuePaise: number | null;
  shippingAddress: string;
  items: string;
};

/** Items as a message lists them: one line each, '- 2 × Cotton Kurta (M)'. */
export function itemLines(items: { productName: string; variantLabel: string | null; quantity: number }[]): string {
  return items
    .map((i) => `- ${i.quantity} × ${i.productName}${i.variantLabel ? ` (${i.variantLabel})` : ''}`)
    .join('\n');
}

async function partsForNotice(tx: Tx, where: { orderId: string } | { partIds: string[] }): Promise<PartNotice[]> {
  const parts = await tx
    .select({
      partId: orderParts.id,
      orderId: orderParts.orderId,
      customerUserId: orders.customerId,
      vendorUserId: shopRows.vendorId,
      shopName: shopRows.shopName,
      subtotalPaise: orderParts.subtotalPaise,
      codDuePaise: orderParts.codDuePaise,
      shippingAddress: orders.shippingAddress,
    })
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .innerJoin(shopRows, eq(shopRows.id, orderParts.storeId))
    .where('orderId' in where ? eq(orderParts.orderId, where.orderId) : inArray(orderParts.id, where.partIds))
    .orderBy(asc(orderParts.createdAt), asc(orderParts.id));
  if (parts.length === 0) return [];
  const items = await tx
    .select({
      partId: orderItems.orderPartId,
      productName: orderItems.productName,
      variantLabel: orderItems.variantLabel,
      quantity: orderItems.quantity,
      vendorFundedPaise: orderItems.vendorFundedPaise,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderPartId,
        parts.map((p) => p.partId),
      ),
    )
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  return parts.map((p) => {
    const own = items.filter((i) => i.partId === p.partId);
    return { ...p, items: itemLines(own), vendorFundedPaise: own.reduce((s, i) => s + Number(i.vendorFundedPaise), 0) };
  });
}

const howPaid = (a: { paymentStatus: string; totalAmountPaise: number; pointsUsed: number }): string =>
  a.paymentStatus === 'cash_on_delivery'
    ? `Cash on delivery: pay ${formatRupees(a.totalAmountPaise)} at the door.`
    : a.totalAmountPaise === 0
      ? `Paid with ${a.pointsUsed} points.`
      : `Paid ${formatRupees(a.totalAmountPaise)}${a.pointsUsed > 0 ? ` and ${a.pointsUsed} points` : ''}.`;

/** What an order's promotions took off, after its amount: ' (₹240 off: SAVE20, Festive sale)', or ''. */
export function savedText(discountPaise: number, promotions: readonly { name: string; code: string | null }[]): string {
  if (discountPaise <= 0) return '';
  const names = promotions.map((p) => p.code ?? p.name).join(', ');
  return ` (${formatRupees(discountPaise)} off${names ? `: ${names}` : ''})`;
}

/** A placed order: the customer gets the whole order; each shop's vendor its part, with the delivery address. */
export async function noticeOrderPlaced(tx: Tx, orderId: string): Promise<void> {
  const [order] = await tx
    .select({
      customerUserId: orders.customerId,
      totalAmountPaise: orders.totalAmountPaise,
      pointsUsed: orders.pointsUsed,
      pointsEarned: orders.pointsEarned,
      paymentStatus: orders.paymentStatus,
      discountPaise: orders.discountPaise,
      promotions: orders.promotions,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const parts = await partsForNotice(tx, { orderId });
  const ref = orderRef(orderId);
  const events: NotifyEvent[] = [
    {
      kind: 'order-placed',
      to: { userId: order.customerUserId },
      data: {
        orderRef: ref,
        orderId,
        amount:
          formatRupees(order.totalAmountPaise + pointsToPaise(order.pointsUsed)) +
          savedText(Number(order.discountPaise), order.promotions),
        items: parts.map((p) => `${p.shopName}:\n${p.items}`).join('\n\n'),
        payment: howPaid(order),
        points: order.pointsEarned,
      },
    },
    ...parts.map((p): NotifyEvent => ({
      kind: 'vendor-new-order',
      to: { userId: p.vendorUserId },
      data: {
        orderRef: ref,
        shopName: p.shopName,
        // The vendor's sale: its items less its own promotions' discount (Haat's promotions are Haat's to pay).
        amount:
          formatRupees(p.subtotalPaise - p.vendorFundedPaise) +
          (p.vendorFundedPaise > 0 ? ` (${formatRupees(p.vendorFundedPaise)} off with your promotion)` : ''),
        payment: p.codDuePaise !== null ? `Cash on delivery: collect ${formatRupees(p.codDuePaise)}.` : 'Prepaid.',
        items: p.items,
        address: p.shippingAddress,
      },
    })),
  ];
  await notify(tx, ...events);
}

/** A part moved forward: the customer hears of confirmed, shipped (with the tracking note) and delivered. */
export async function noticePartMoved(
  tx: Tx,
  a: { partId: string; status: string; trackingNote?: string | null },
): Promise<void> {
  const kind = (
    { confirmed: 'order-part-confirmed', shipped: 'order-part-shipped', delivered: 'order-part-delivered' } as Record<
      string,
      string
    >
  )[a.status];
  if (!kind) return;
  const [p] = await partsForNotice(tx, { partIds: [a.partId] });
  if (!p) return;
  await notify(tx, {
    kind,
    to: { userId: p.customerUserId },
    data: {
      orderRef: orderRef(p.orderId),
      orderId: p.orderId,
      shopName: p.shopName,
      items: p.items,
      tracking: a.trackingNote ? ` Tracking: ${a.trackingNote}` : '',
    },
  });
}

/**
 * Parts cancelled (by one cancel, so all of one order): the customer gets one message with what
 * comes back (`refund`, one sentence); each vendor is told unless it cancelled the part itself.
 */
export async function noticePartsCancelled(
  tx: Tx,
  a: { partIds: string[]; refund: string; byVendor: boolean },
): Promise<void> {
  const parts = await partsForNotice(tx, { partIds: a.partIds });
  if (parts.length === 0) return;
  const [first] = parts;
  const ref = orderRef(first.orderId);
  const shops = [...new Set(parts.map((p) => p.shopName))];
  const events: NotifyEvent[] = [
    {
      kind: 'order-part-cancelled',
      to: { userId: first.customerUserId },
      data: {
        orderRef: ref,
        orderId: first.orderId,
        shopName: shops.length > 1 ? `${shops.slice(0, -1).join(', ')} and ${shops.at(-1)}` : shops[0],
        refund: a.refund,
        items: parts.length > 1 ? parts.map((p) => `${p.shopName}:\n${p.items}`).join('\n\n') : first.items,
      },
    },
    ...(a.byVendor
      ? []
      : parts.map((p): NotifyEvent => ({
          kind: 'vendor-order-cancelled',
          to: { userId: p.vendorUserId },
          data: { orderRef: ref, shopName: p.shopName, items: p.items },
        }))),
  ];
  await notify(tx, ...events);
}
