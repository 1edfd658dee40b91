import { AppError } from '../../platform/app-error';
import { writeAtOnce, type ModuleWrite, type Tx } from '../../platform/db';
import { checkoutMessages, notEnoughStockMessage } from '../../../contracts/checkout.contract';
import { getAddress } from '../auth';
import { clearCartWrite } from '../cart';
import { byStockKey, getPurchasableLines, stockKey, takeStock } from '../catalog';
import { noticeOrderPlaced, orderPlacedNoticeWrite, orderWrite, type NewOrder } from '../orders';
import { orderRef, pendingEarnsWrite, spendPoints } from '../rewards';
import { promotionCustomer, recordPromotionCostGranted, recordPromotionUses } from '../promotions';
import { itemSettlementsWrite } from '../settlement';
import { todayInIndia } from '../../../domain/age';
import { confirmPromotionsTx, orderPromotionsOf } from './checkout.promotions';
import {
  amountsOf,
  assertDeliverable,
  checkoutSnapshot,
  pointsEarnedOf,
  priceLines,
  priceLinesToPlace,
  type CheckoutSnapshot,
  type PricedCartLine,
} from './checkout.pricing';

export type PlaceOrder = {
  /** The order's id when the caller chose it first (a confirmed payment is marked paid with it). */
  orderId?: string;
  customerUserId: string;
  snapshot: CheckoutSnapshot;
  /** cash_on_delivery: placed at once, each shop collecting its part's share of the total at the door. */
  paymentStatus: 'paid' | 'not_required' | 'cash_on_delivery';
  /** Our payments row; null when nothing was due. */
  paymentId: string | null;
  /** Paid through the built-in test gateway: no money moved (shown to the customer, the vendor and the admin). */
  testPayment: boolean;
  /** The checkout's stock was held for it and is now sold (by the caller): the quoted prices stand and no stock is taken here. */
  stockHeld?: boolean;
};

/** Nothing to write. */
const none: ModuleWrite = { writes: [] };

const priceChanged = (name: string) => `The price of "${name}" changed while you were paying`;

/**
 * Places an order in the caller's transaction (which already holds the customer's lock): re-reads
 * prices and stock, takes the stock with conditional updates (in product order, so concurrent
 * checkouts never deadlock) unless it was held for this checkout, writes the order with one part per
 * shop, spends the points used, records the pending points earned per part and clears the cart. Any
 * shortage throws 409 and the caller's transaction rolls back whole.
 */
export async function placeOrderTx(tx: Tx, o: PlaceOrder): Promise<{ orderId: string }> {
  const snap = o.snapshot;
  // The settlement's inputs (the products' HSN codes, the shops, the sellers' tax ids, the day's rates) come
  // with the prices.
  const { lines, settlement } = await priceLinesToPlace(tx, snap.lines, {
    stockHeld: o.stockHeld,
    ratesOn: todayInIndia(),
  });
  // The order is placed only at the prices the customer was quoted and paid, held stock or not: a
  // price changed since (up or down) refuses it, and the caller records a paid payment for refund.
  const quoted = new Map(snap.lines.map((l) => [stockKey(l), l.pricePaise]));
  const moved = lines.find((l) => quoted.get(stockKey(l)) !== l.pricePaise);
  if (moved) throw new AppError('CONFLICT', priceChanged(moved.name));
  // The promotions quoted, locked and checked again with their uses counted under the lock (409
  // with the coupon's refusal when it no longer applies); their discount is the one charged.
  // The customer as a per-customer limit counts them: read once, for the check and for the uses recorded.
  const customer =
    snap.promotions && snap.promotions.appliedIds.length > 0 ? await promotionCustomer(tx, o.customerUserId) : null;
  const promos =
    snap.promotions && customer
      ? await confirmPromotionsTx(tx, {
          customer,
          lines,
          quoted: snap.promotions,
          today: todayInIndia(),
          releasingPaymentId: o.paymentId ?? undefined,
        })
      : null;
  const discounts = promos?.cart.lines ?? [];
  const amounts = amountsOf(lines, snap.pointsToUse, discounts);
  // Each item keeps the points its line earns after its promotions; its part and the order add them up.
  const earned = pointsEarnedOf(lines, discounts);
  if (amounts.totalPaise !== snap.amounts.totalPaise)
    throw new AppError('CONFLICT', 'The amount of your order changed while you were paying');

  for (const l of o.stockHeld ? [] : [...lines].sort(byStockKey)) {
    if (!(await takeStock(tx, l.productId, l.quantity, l.variantId))) {
      const now = (await getPurchasableLines(tx, [l])).get(stockKey(l));
      throw new AppError(
        'CONFLICT',
        notEnoughStockMessage(l.variantLabel ? `${l.name} (${l.variantLabel})` : l.name, now?.stockQuantity ?? 0),
      );
    }
  }

  const placeOfSupplyState =
    snap.placeOfSupplyState ?? (await getAddress(tx, o.customerUserId, snap.addressId))?.state ?? null;
  const order: NewOrder = {
    id: o.orderId,
    customerUserId: o.customerUserId,
    shippingAddress: snap.shippingAddress,
    placeOfSupplyState,
    subtotalPaise: amounts.subtotalPaise,
    shippingPaise: amounts.shippingPaise,
    totalAmountPaise: amounts.totalPaise,
    pointsUsed: amounts.pointsUsed,
    paymentStatus: o.paymentStatus,
    paymentId: o.paymentId,
    testPayment: o.testPayment,
    promotions: promos ? orderPromotionsOf(promos) : [],
    lines: lines.map((l, i) => ({
      productId: l.productId,
      variantId: l.variantId,
      variantLabel: l.variantLabel,
      sku: l.sku,
      storeId: l.storeId,
      productName: l.name,
      quantity: l.quantity,
      pricePaise: l.pricePaise,
      pointsEarned: earned[i],
      discount: discounts[i]
        ? {
            discountPaise: discounts[i].discountPaise,
            haatFundedPaise: discounts[i].haatFundedPaise,
            vendorFundedPaise: discounts[i].vendorFundedPaise,
          }
        : undefined,
    })),
  };
  const { orderId, parts, items, write: orderRows } = orderWrite(tx, order);
  // What the settlement reads (its rates) is read first: the order's rows and every other module's
  // rows that follow from it are then written in one statement of data-modifying WITHs, each module's
  // write built by that module.
  const settlementRows = await itemSettlementsWrite(tx, {
    orderId,
    placeOfSupplyState,
    items: items.map((i, n) => ({
      orderItemId: i.id,
      orderPartId: i.orderPartId,
      productId: i.productId,
      storeId: i.storeId,
      quantity: i.quantity,
      unitPricePaise: i.pricePaise,
      vendorFundedPaise: discounts[n]?.vendorFundedPaise ?? 0,
    })),
    known: settlement,
  });
  const earns = pendingEarnsWrite({
    customerUserId: o.customerUserId,
    orderId,
    parts: parts.map((part) => ({
      orderPartId: part.id,
      points: part.pointsEarned,
      description: `Earned on order ${orderRef(orderId)} from ${storeNameOf(lines, part.storeId)}`,
    })),
  });
  // Told from what was just written: the shops' vendors and names came with the prices.
  const shops = new Map(lines.map((l) => [l.storeId, { vendorUserId: l.vendorId, shopName: l.storeName }]));
  const placed = { orderId, order, parts, shops };
  const notices = orderPlacedNoticeWrite(placed);
  await writeAtOnce(tx, orderRows, settlementRows, earns, clearCartWrite(tx, o.customerUserId), notices ?? none);
  // A part of more than one item lists its items in the database's order: its notices follow the order's rows.
  if (!notices) await noticeOrderPlaced(tx, placed);
  if (promos && customer)
    await recordPromotionUses(tx, {
      orderId,
      customer,
      paymentId: o.paymentId,
      uses: promos.cart.applied.map((p) => ({ promotionId: p.promotionId, discountPaise: p.discountPaise })),
    });
  // What Haat owes for its promotions on each item: its promotion cost ledger's 'granted' lines.
  if (promos) await recordPromotionCostGranted(tx, { orderId, items: haatCostItems(items, lines, discounts) });
  // Spent apart from the points earned: both change the customer's balance row, one change a statement.
  if (amounts.pointsUsed > 0)
    await spendPoints(tx, { customerUserId: o.customerUserId, orderId, points: amounts.pointsUsed });
  return { orderId };
}

/** The placed items with the Haat-funded shares of their discount (items are written in the lines' order). */
function haatCostItems(
  items: readonly { id: string; orderPartId: string; productId: string }[],
  lines: readonly PricedCartLine[],
  discounts: readonly { shares: readonly { promotionId: string; funder: { by: string }; paise: number }[] }[],
) {
  return items.map((item, i) => {
    if (lines[i]?.productId !== item.productId) throw new Error('placed items are not in the order of the lines');
    return {
      orderItemId: item.id,
      orderPartId: item.orderPartId,
      shares: (discounts[i]?.shares ?? []).filter((s) => s.funder.by === 'haat'),
    };
  });
}

function storeNameOf(lines: PricedCartLine[], storeId: string): string {
  return lines.find((l) => l.storeId === storeId)?.storeName ?? 'a shop';
}

/** Refuses a direct placement when the cart no longer holds what was priced (a second click, another tab). */
export function sameLines(
  a: { productId: string; variantId?: string | null; quantity: number }[],
  b: { productId: string; variantId?: string | null; quantity: number }[],
): void {
  const key = (l: { productId: string; variantId?: string | null; quantity: number }[]) =>
    l
      .map((x) => `${stockKey(x)}:${x.quantity}`)
      .sort()
      .join(',');
  if (a.length === 0) throw new AppError('VALIDATION_FAILED', checkoutMessages.emptyCart);
  if (key(a) !== key(b))
    throw new AppError('CONFLICT', 'Your cart changed while you were checking out. Please review it and try again.');
}

/**
 * Places an order paid wholly with the customer's points, in the caller's transaction (which holds
 * the customer's lock), as a checkout with nothing left to pay does: for the demo data's past orders.
 * CONFLICT when the points do not cover the total.
 */
export async function placeOrderPaidWithPoints(
  tx: Tx,
  a: {
    customerUserId: string;
    addressId: string;
    lines: { productId: string; variantId?: string | null; quantity: number }[];
    pointsToUse: number;
  },
): Promise<{ orderId: string }> {
  const address = await getAddress(tx, a.customerUserId, a.addressId);
  if (!address) throw new AppError('NOT_FOUND', checkoutMessages.addressNotFound);
  const lines = await priceLines(tx, a.lines);
  assertDeliverable(lines, address.state);
  const amounts = amountsOf(lines, a.pointsToUse);
  if (amounts.totalPaise !== 0) throw new AppError('CONFLICT', 'The points do not cover this order');
  const snapshot = checkoutSnapshot(address, a.pointsToUse, lines, amounts);
  return placeOrderTx(tx, {
    customerUserId: a.customerUserId,
    snapshot,
    paymentStatus: 'not_required',
    paymentId: null,
    testPayment: false,
  });
}
