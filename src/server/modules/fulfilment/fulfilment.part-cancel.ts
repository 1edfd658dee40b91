import type { Tx } from '../../platform/db';
import { byStockKey, returnStock, stockKey, type StockKey } from '../catalog';
import { moneyBackPaise } from '../../../domain/refunds';
import { promotionsBackOnCancel } from '../../../domain/promotions-tax';
import { formatRupees } from '../../../domain/money';
import { addRefundDue, noticePartsCancelled, setPartStatus, type Actor, type LockedOrder } from '../orders';
import { orderRef, refundSpentPoints, unrefundedSpentPoints, voidPendingEarn } from '../rewards';
import { promotionUsesOfOrder, recordPromotionCostCancelled, releasePromotionUses } from '../promotions';
import { lockBalancesOfParts, settlePartCancelled } from '../settlement';

// What cancelling parts of an order does, shared by the customer's cancel of the order and the
// vendor's cancel of its own part, so that both restore stock and points by the same rules.

export type PartToCancel = LockedOrder['parts'][number];

/** What the customer paid for a part's items (before points): their price less the promotions' discount. */
const paidFor = (p: Pick<PartToCancel, 'subtotalPaise' | 'discountPaise'>) => p.subtotalPaise - p.discountPaise;
export type PartsCancelled = {
  stockReturned: number;
  pointsVoided: number;
  pointsRefunded: number;
  refundPaise: number;
};

/**
 * What cancelling these parts of a locked order gives back, computed before anything is written, by
 * the same rules the cancel then applies: the units, the pending points removed, the points used that
 * come back, and the money owed back to the payment method.
 */
export async function planCancel(
  tx: Tx,
  a: { order: LockedOrder; parts: PartToCancel[]; customerUserId: string },
): Promise<PartsCancelled> {
  const stockReturned = a.parts.flatMap((p) => p.items).reduce((n, i) => n + i.quantity, 0);
  // Parts that can be cancelled were never delivered, so what they earn is all still pending.
  const pointsVoided = a.parts.reduce((n, p) => n + p.pointsEarned, 0);
  const pointsRefunded = await refundableNow(tx, a.order, a.parts, a.customerUserId);
  const refundPaise = moneyBackPaise(
    {
      subtotalPaise: a.order.subtotalPaise,
      totalAmountPaise: a.order.totalAmountPaise,
      pointsUsed: a.order.pointsUsed,
      paid: a.order.paymentStatus === 'paid' || a.order.paymentStatus === 'refund_pending',
      refundDueSoFarPaise: a.order.refundDuePaise,
    },
    {
      // What was paid for the parts' items: their price less their promotions' discount.
      cancellingSubtotalPaise: a.parts.reduce((n, p) => n + paidFor(p), 0),
      pointsRefunded,
      allCancelledAfter: a.order.parts.every((p) => p.status === 'cancelled' || a.parts.some((c) => c.id === p.id)),
    },
  );
  return { stockReturned, pointsVoided, pointsRefunded, refundPaise };
}

/**
 * Cancels parts of an order that the caller has locked (customer row first, then the order, as
 * `lockCustomerOrder` does), in the caller's transaction: each part's status with history and
 * actor, its pending points voided, its items' stock returned, the points used refunded for the
 * cancelled share of the order (all that is left once every part is cancelled), and the money of a
 * paid order added to what is due back (refund pending).
 */
export async function cancelOrderParts(
  tx: Tx,
  a: { order: LockedOrder; parts: PartToCancel[]; customerUserId: string; actor: Actor; note: string },
): Promise<PartsCancelled> {
  const plan = await planCancel(tx, a);
  let pointsVoided = 0;
  // The vendors' balances first, in one order for every cancel: two cancels of orders from the same vendors never deadlock.
  await lockBalancesOfParts(
    tx,
    a.parts.map((p) => p.id),
  );
  for (const part of a.parts) {
    await setPartStatus(tx, { partId: part.id, status: 'cancelled', actor: a.actor, note: a.note });
    pointsVoided += await voidPendingEarn(tx, { orderPartId: part.id });
    // A part credited to its vendor (delivered) has its credit reversed; one never delivered was never credited.
    await settlePartCancelled(tx, { orderPartId: part.id, reason: `Order ${orderRef(a.order.id)} cancelled` });
  }

  const back = new Map<string, StockKey & { quantity: number }>();
  for (const item of a.parts.flatMap((p) => p.items)) {
    const k = stockKey(item);
    back.set(k, {
      productId: item.productId,
      variantId: item.variantId,
      quantity: (back.get(k)?.quantity ?? 0) + item.quantity,
    });
  }
  // Product (then variant) order: concurrent cancels lock product rows in the same order.
  for (const l of [...back.values()].sort(byStockKey))
    await returnStock(tx, l.productId, l.quantity, l.variantId ?? null);

  if (plan.pointsRefunded > 0) {
    await refundSpentPoints(tx, {
      customerUserId: a.customerUserId,
      orderId: a.order.id,
      points: plan.pointsRefunded,
      description: `Points used on cancelled order ${orderRef(a.order.id)} refunded`,
    });
  }
  if (plan.refundPaise > 0) await addRefundDue(tx, { orderId: a.order.id, paise: plan.refundPaise });
  // The whole order cancelled before any part shipped: its promotions get their use and spend back.
  const usesBack = promotionsBackOnCancel({
    wholeOrderCancelled: a.order.parts.every((p) => p.status === 'cancelled' || a.parts.some((c) => c.id === p.id)),
    anyPartShipped: a.order.parts.some((p) => p.status === 'shipped' || p.status === 'delivered'),
    uses: await promotionUsesOfOrder(tx, a.order.id),
  });
  await releasePromotionUses(
    tx,
    a.order.id,
    usesBack.map((b) => b.promotionId),
  );
  // Haat's promotion cost of the cancelled items comes back (its ledger's 'given back' lines).
  await recordPromotionCostCancelled(tx, { orderPartIds: a.parts.map((p) => p.id) });
  await noticePartsCancelled(tx, {
    partIds: a.parts.map((p) => p.id),
    refund: refundSentence(plan),
    byVendor: a.actor.role === 'vendor',
  });
  return { ...plan, pointsVoided };
}

// Points used come back in proportion to the cancelled share of the subtotal (parts cancelled
// earlier included), all of them once every part is cancelled, less what was refunded before.
async function refundableNow(
  tx: Tx,
  order: LockedOrder,
  cancelling: PartToCancel[],
  customerUserId: string,
): Promise<number> {
  if (order.pointsUsed === 0) return 0;
  const isCancelled = (p: PartToCancel) => p.status === 'cancelled' || cancelling.some((c) => c.id === p.id);
  const unrefunded = Math.max(0, await unrefundedSpentPoints(tx, { customerUserId, orderId: order.id }));
  if (order.parts.every(isCancelled)) return unrefunded;
  // Promotions came first: points are shared over what the items cost after them.
  const cancelledSubtotal = order.parts.filter(isCancelled).reduce((s, p) => s + paidFor(p), 0);
  const itemsPaid = order.subtotalPaise - order.discountPaise;
  const dueSoFar = Math.floor((order.pointsUsed * cancelledSubtotal) / Math.max(1, itemsPaid));
  const refunded = order.pointsUsed - unrefunded;
  return Math.max(0, Math.min(unrefunded, dueSoFar - refunded));
}

/** What a cancel gives back, as the customer's message says it. */
export function refundSentence(plan: Pick<PartsCancelled, 'refundPaise' | 'pointsRefunded'>): string {
  const back = [
    plan.refundPaise > 0 ? `${formatRupees(plan.refundPaise)} is refunded to the way you paid` : null,
    plan.pointsRefunded > 0 ? `${plan.pointsRefunded} points are back in your wallet` : null,
  ].filter(Boolean);
  return back.length ? `${back.join(', and ')}.` : 'Nothing was paid for it, so there is nothing to refund.';
}
