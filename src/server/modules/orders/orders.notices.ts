import { asc, eq, inArray } from 'drizzle-orm';
import { formatRupees, pointsToPaise } from '../../../domain/money';
import { orderRef } from '../../../domain/order-ref';
import type { ModuleWrite, Tx } from '../../platform/db';
import { notify, notifyAtOnce, notifyAtOnceWrite, type NotifyEvent } from '../notifications';
import { shopRows } from '../shops';
import type { NewOrder, PlacedPart } from './orders.service';
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

/** The parts' items as messages list them: by product name (in the database's collation), then id. */
async function itemsOfParts(tx: Tx, partIds: string[]) {
  return tx
    .select({
      partId: orderItems.orderPartId,
      productName: orderItems.productName,
      variantLabel: orderItems.variantLabel,
      quantity: orderItems.quantity,
      vendorFundedPaise: orderItems.vendorFundedPaise,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderPartId, partIds))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
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
  const items = await itemsOfParts(
    tx,
    parts.map((p) => p.partId),
  );
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

/**
 * An order just written by insertOrder, as it wrote it: the order, its parts as insertOrder answered
 * them, and each shop's vendor and name (shopRows', read with the products in the same transaction).
 */
export type PlacedOrderNotice = {
  orderId: string;
  order: NewOrder;
  parts: readonly PlacedPart[];
  shops: ReadonlyMap<string, { vendorUserId: string; shopName: string }>;
};

/**
 * The parts of an order just written, as partsForNotice would read them back: by created_at, then id
 * (written by one statement, they share their created_at: by id); a part's items by product name in
 * the database's collation, so they are read back only for a part of more than one item.
 */
async function placedPartsForNotice(tx: Tx, p: PlacedOrderNotice): Promise<PartNotice[]> {
  const several = partsOfSeveralItems(p);
  return placedPartsOf(p, several.length > 0 ? await itemsOfParts(tx, several) : []);
}

/** The parts of a placed order with more than one item: only their items' order is read back. */
function partsOfSeveralItems(p: PlacedOrderNotice): string[] {
  return p.parts.filter((part) => p.order.lines.filter((l) => l.storeId === part.storeId).length > 1).map((x) => x.id);
}

/** placedPartsForNotice, given the items read back of the parts of more than one item (`sorted`). */
function placedPartsOf(
  p: PlacedOrderNotice,
  sorted: readonly { partId: string; productName: string; variantLabel: string | null; quantity: number }[],
): PartNotice[] {
  const parts = [...p.parts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const linesOf = (storeId: string) => p.order.lines.filter((l) => l.storeId === storeId);
  return parts.map((part) => {
    const shop = p.shops.get(part.storeId);
    if (!shop) throw new Error(`noticeOrderPlaced: shop ${part.storeId} not given`);
    const lines = linesOf(part.storeId);
    const items =
      lines.length > 1
        ? sorted.filter((i) => i.partId === part.id)
        : lines.map((l) => ({
            productName: l.productName,
            variantLabel: l.variantLabel ?? null,
            quantity: l.quantity,
          }));
    return {
      partId: part.id,
      orderId: p.orderId,
      customerUserId: p.order.customerUserId,
      vendorUserId: shop.vendorUserId,
      shopName: shop.shopName,
      subtotalPaise: part.subtotalPaise,
      vendorFundedPaise: lines.reduce((s, l) => s + (l.discount?.vendorFundedPaise ?? 0), 0),
      codDuePaise: part.codDuePaise,
      shippingAddress: p.order.shippingAddress,
      items: itemLines(items),
    };
  });
}

/**
 * A placed order: the customer gets the whole order; each shop's vendor its part, with the delivery
 * address. Told from what was just written (nothing of the order is read back but, for a part of more
 * than one item, its items' order).
 */
export async function noticeOrderPlaced(tx: Tx, placed: PlacedOrderNotice): Promise<void> {
  await notifyAtOnce(tx, ...orderPlacedEvents(placed, await placedPartsForNotice(tx, placed)));
}

/**
 * noticeOrderPlaced's writes, for the placing statement itself (writeAtOnce, with the order's own
 * writes); null when a part has more than one item: their order is the database's, read back once
 * written, so the caller then calls noticeOrderPlaced after the order is written.
 */
export function orderPlacedNoticeWrite(placed: PlacedOrderNotice): ModuleWrite | null {
  if (partsOfSeveralItems(placed).length > 0) return null;
  return notifyAtOnceWrite(...orderPlacedEvents(placed, placedPartsOf(placed, [])));
}

/** The customer's message and each vendor's of a placed order, its parts told as they were written. */
function orderPlacedEvents(placed: PlacedOrderNotice, parts: PartNotice[]): NotifyEvent[] {
  const { orderId, order: o } = placed;
  const order = {
    customerUserId: o.customerUserId,
    totalAmountPaise: o.totalAmountPaise,
    pointsUsed: o.pointsUsed,
    pointsEarned: o.lines.reduce((s, l) => s + l.pointsEarned, 0),
    paymentStatus: o.paymentStatus,
    discountPaise: o.lines.reduce((s, l) => s + (l.discount?.discountPaise ?? 0), 0),
    promotions: o.promotions ?? [],
  };
  const ref = orderRef(orderId);
  return [
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
