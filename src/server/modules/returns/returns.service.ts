import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common.contract';
import {
  returnMessages,
  type NewReturn,
  type OrderReturn,
  type OrderReturns,
  type ReturnChanged,
  type ReturnListQuery,
  type ReturnPage,
} from '../../../contracts/returns.contract';
import { pointsCoveringPaise } from '../../../domain/money';
import { planDiscountedReturnRefund } from '../../../domain/promotions-tax';
import {
  holdsQuantity,
  inProgress,
  moneyAfterSpentPoints,
  returnMoveAllowed,
  returnStatuses,
  returnWindowEnds,
  type ReturnMove,
  type ReturnStatus,
} from '../../../domain/returns';
import { AppError } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { lockCustomer } from '../auth';
import { byStockKey, returnStock, stockKey, type StockKey } from '../catalog';
import { foreignImages } from '../media';
import { deliveredPartIds, partCustomer, partForReturn, type PartForReturn } from '../orders';
import { paymentGatewayOf, recordReturnRefund, refundsOfReturns, sendRefund, type Refund } from '../payments';
import {
  creditRefundPoints,
  orderRef,
  refundSpentPoints,
  takeBackEarnedPoints,
  unrefundedSpentPoints,
} from '../rewards';
import { recordPromotionCostReturned } from '../promotions';
import { settleReturnReceived } from '../settlement';
import {
  noticeReturnDecided,
  noticeReturnDecidedByHaat,
  noticeReturnReceived,
  noticeReturnRefunded,
  noticeReturnRequested,
} from './returns.notices';
import { countReturns, selectReturns } from './returns.read-model';
import { orderReturnItems, orderReturns } from './returns.tables';

// A return from request to refund. Every change runs in one transaction
// under the locks every writer of an order takes in the same order (the customer's balance row,
// then the order, then its parts, then the return), so a return is received (and refunded) once
// however many clicks arrive at once; the gateway is asked after the commit (payments.refunds.ts).

type ReturnsConfig = Pick<Config, 'RETURN_WINDOW_DAYS' | 'APP_SECRET' | 'DATA_DIR' | 'RAZORPAY_API_BASE'>;

const indiaDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

const notFound = () => new AppError('NOT_FOUND', returnMessages.notFound);

/** One return as its reader sees it (NOT_FOUND when the filter hides it). */
async function viewOf(
  db: DbOrTx,
  returnId: string,
  who: { customerUserId?: string; vendorUserId?: string } = {},
): Promise<OrderReturn> {
  const [r] = await selectReturns(db, { returnId, ...who });
  if (!r) throw notFound();
  return r;
}

/** Units of each item of a part that returns hold (every return not rejected; `received` only: received back), excluding one return. */
async function returnedUnits(
  tx: DbOrTx,
  orderPartId: string,
  opts: { receivedOnly?: boolean; except?: string } = {},
): Promise<Map<string, number>> {
  const statuses: ReturnStatus[] = opts.receivedOnly ? ['received', 'refunded'] : returnStatuses.filter(holdsQuantity);
  const rows = await tx
    .select({ orderItemId: orderReturnItems.orderItemId, quantity: sql<string>`sum(${orderReturnItems.quantity})` })
    .from(orderReturnItems)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnItems.returnId))
    .where(
      and(
        eq(orderReturns.orderPartId, orderPartId),
        inArray(orderReturns.status, statuses),
        opts.except ? ne(orderReturns.id, opts.except) : undefined,
      ),
    )
    .groupBy(orderReturnItems.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, Number(r.quantity)]));
}

/** Why a part cannot take a return now (not delivered, or the window closed), or null. */
function windowRefusal(
  part: PartForReturn,
  windowDays: number,
  now = new Date(),
): { status: 409; message: string } | null {
  if (part.status !== 'delivered' || !part.deliveredAt) return { status: 409, message: returnMessages.notDelivered };
  const ends = returnWindowEnds(part.deliveredAt, windowDays);
  if (now > ends) return { status: 409, message: returnMessages.windowClosed(indiaDate.format(ends)) };
  return null;
}

/** The parts of an order with a return still under way (asked for, approved, disputed or received and not refunded). */
export async function partsWithReturnInProgress(db: DbOrTx, orderId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ orderPartId: orderReturns.orderPartId })
    .from(orderReturns)
    .where(and(eq(orderReturns.orderId, orderId), inArray(orderReturns.status, returnStatuses.filter(inProgress))));
  return rows.map((r) => r.orderPartId);
}

/** `GET /api/orders/:orderId/returns`: a customer's returns of one order and what each delivered part can still return. */
export async function getOrderReturns(a: {
  db: Db;
  config: ReturnsConfig;
  customerUserId: string;
  orderId: string;
}): Promise<OrderReturns> {
  const partIds = await deliveredPartIds(a.db, { orderId: a.orderId, customerUserId: a.customerUserId });
  if (!partIds) throw new AppError('NOT_FOUND', returnMessages.partNotFound);
  const returnable = [];
  for (const partId of partIds) {
    const part = await partForReturn(a.db, partId);
    if (!part || part.customerUserId !== a.customerUserId || part.status !== 'delivered' || !part.deliveredAt) continue;
    const held = await returnedUnits(a.db, partId);
    const refusal = windowRefusal(part, a.config.RETURN_WINDOW_DAYS);
    const items = part.items.map((i) => ({
      orderItemId: i.orderItemId,
      productName: i.productName,
      variantLabel: i.variantLabel,
      imageUrl: i.imageUrl,
      quantity: i.quantity,
      pricePaise: i.pricePaise,
      returnableQuantity: Math.max(0, i.quantity - (held.get(i.orderItemId) ?? 0)),
    }));
    const left = items.some((i) => i.returnableQuantity > 0);
    returnable.push({
      partId,
      storeName: part.storeName,
      deliveredAt: part.deliveredAt.toISOString(),
      windowEndsAt: returnWindowEnds(part.deliveredAt, a.config.RETURN_WINDOW_DAYS).toISOString(),
      canReturn: !refusal && left,
      refusal: refusal?.message ?? (left ? null : 'Every item of this delivery has a return already'),
      items,
    });
  }
  return { returnable, returns: await selectReturns(a.db, { orderId: a.orderId, customerUserId: a.customerUserId }) };
}

/** `POST /api/orders/parts/:partId/returns`: the customer asks to return items of a delivered part, within the window. */
export async function requestReturn(a: {
  db: Db;
  config: ReturnsConfig;
  customerUserId: string;
  partId: string;
  input: NewReturn;
}): Promise<ReturnChanged> {
  const id = await a.db.transaction(async (tx) => {
    if ((await partCustomer(tx, a.partId)) !== a.customerUserId)
      throw new AppError('NOT_FOUND', returnMessages.partNotFound);
    await lockCustomer(tx, a.customerUserId);
    const part = (await partForReturn(tx, a.partId, { lock: true }))!;
    const refusal = windowRefusal(part, a.config.RETURN_WINDOW_DAYS);
    if (refusal) throw new AppError('CONFLICT', refusal.message);
    const held = await returnedUnits(tx, a.partId);
    const wanted = new Map<string, number>();
    for (const l of a.input.items) wanted.set(l.orderItemId, (wanted.get(l.orderItemId) ?? 0) + l.quantity);
    for (const [orderItemId, quantity] of wanted) {
      const item = part.items.find((i) => i.orderItemId === orderItemId);
      if (!item)
        throw new AppError('VALIDATION_FAILED', returnMessages.unknownItem, { items: returnMessages.unknownItem });
      const left = Math.max(0, item.quantity - (held.get(orderItemId) ?? 0));
      if (quantity > left) {
        const message = returnMessages.tooMany(item.productName, left);
        throw new AppError('VALIDATION_FAILED', message, { items: message });
      }
    }
    const photos = [...new Set(a.input.photos)];
    if ((await foreignImages(tx, a.customerUserId, 'return', photos)).length > 0)
      throw new AppError('VALIDATION_FAILED', returnMessages.photoNotYours, { photos: returnMessages.photoNotYours });
    const [row] = await tx
      .insert(orderReturns)
      .values({
        orderId: part.orderId,
        orderPartId: part.orderPartId,
        customerId: a.customerUserId,
        status: 'requested',
        reason: a.input.reason,
        comment: a.input.comment,
        photos,
      })
      .returning({ id: orderReturns.id });
    await tx
      .insert(orderReturnItems)
      .values([...wanted].map(([orderItemId, quantity]) => ({ returnId: row.id, orderItemId, quantity })));
    await noticeReturnRequested(tx, { returnId: row.id, vendorUserId: part.vendorUserId });
    return row.id;
  });
  return { return: await viewOf(a.db, id), message: returnMessages.requested };
}

/** Locks a return row (after the order and its parts, where the caller locks them) and answers it. */
async function lockReturn(tx: Tx, returnId: string) {
  if (!isUuid(returnId)) throw notFound();
  const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.id, returnId)).for('update');
  if (!row) throw notFound();
  return { ...row, status: row.status as ReturnStatus, decidedByRole: row.decidedByRole as 'vendor' | 'admin' | null };
}

/** The part of a return, when the vendor owns its shop (NOT_FOUND otherwise: another shop's return is not named). */
async function vendorsReturn(db: DbOrTx, returnId: string, vendorUserId: string) {
  if (!isUuid(returnId)) throw notFound();
  const [row] = await db
    .select({ orderPartId: orderReturns.orderPartId, customerUserId: orderReturns.customerId })
    .from(orderReturns)
    .where(eq(orderReturns.id, returnId));
  if (!row) throw notFound();
  const part = await partForReturn(db, row.orderPartId);
  if (!part || part.vendorUserId !== vendorUserId) throw notFound();
  return row;
}

const moveRefused = (move: ReturnMove, status: ReturnStatus) =>
  new AppError(
    'CONFLICT',
    move === 'receive'
      ? returnMessages.notApproved(status)
      : move === 'dispute'
        ? returnMessages.notDisputable
        : move.startsWith('admin')
          ? returnMessages.notDecidable
          : returnMessages.notRequested,
  );

/** The shop approves a requested return (it then collects the item and marks it received). */
export async function approveReturn(a: { db: Db; vendorUserId: string; returnId: string }): Promise<ReturnChanged> {
  return vendorDecides(a, 'approve', { status: 'approved' }, returnMessages.approved);
}

/** The shop rejects a requested return with the reason the customer reads. */
export async function rejectReturn(a: {
  db: Db;
  vendorUserId: string;
  returnId: string;
  reason: string;
}): Promise<ReturnChanged> {
  return vendorDecides(a, 'reject', { status: 'rejected', rejectionReason: a.reason }, returnMessages.rejected);
}

/** The shop's decision on a return of its own, if the move is allowed now: recorded as the vendor's, and noticed. */
async function vendorDecides(
  a: { db: Db; vendorUserId: string; returnId: string },
  move: 'approve' | 'reject',
  decision: { status: 'approved' | 'rejected'; rejectionReason?: string },
  message: string,
): Promise<ReturnChanged> {
  await vendorsReturn(a.db, a.returnId, a.vendorUserId);
  await a.db.transaction(async (tx) => {
    const r = await lockReturn(tx, a.returnId);
    if (!returnMoveAllowed(move, r.status, r.decidedByRole)) throw moveRefused(move, r.status);
    await tx
      .update(orderReturns)
      .set({
        ...decision,
        decidedByRole: 'vendor',
        decidedByUserId: a.vendorUserId,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(orderReturns.id, r.id));
    await noticeReturnDecided(tx, r.id);
  });
  return { return: await viewOf(a.db, a.returnId), message };
}

/** The customer sends the shop's rejection to the Haat team, once. */
export async function disputeReturn(a: {
  db: Db;
  customerUserId: string;
  returnId: string;
  comment: string;
}): Promise<ReturnChanged> {
  await a.db.transaction(async (tx) => {
    const r = await lockReturn(tx, a.returnId);
    if (r.customerId !== a.customerUserId) throw notFound();
    if (!returnMoveAllowed('dispute', r.status, r.decidedByRole) || r.disputedAt)
      throw moveRefused('dispute', r.status);
    await tx
      .update(orderReturns)
      .set({ status: 'disputed', disputedAt: new Date(), disputeComment: a.comment, updatedAt: new Date() })
      .where(eq(orderReturns.id, r.id));
  });
  return { return: await viewOf(a.db, a.returnId), message: returnMessages.disputed };
}

/**
 * The super admin decides a requested or disputed return, in the caller's transaction (the one that
 * spent the fresh code): approve (the shop then collects it) or reject with a reason. Answers the
 * audit entry with the change.
 */
export async function decideReturnAsAdmin(
  tx: Tx,
  a: { adminUserId: string; returnId: string; decision: 'approve' | 'reject'; reason?: string },
) {
  const r = await lockReturn(tx, a.returnId);
  const move: ReturnMove = a.decision === 'approve' ? 'admin_approve' : 'admin_reject';
  if (!returnMoveAllowed(move, r.status, r.decidedByRole)) throw moveRefused(move, r.status);
  const status = a.decision === 'approve' ? 'approved' : 'rejected';
  await tx
    .update(orderReturns)
    .set({
      status,
      rejectionReason: a.decision === 'reject' ? a.reason! : null,
      decidedByRole: 'admin',
      decidedByUserId: a.adminUserId,
      decidedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(orderReturns.id, r.id));
  await noticeReturnDecided(tx, r.id);
  const part = await partForReturn(tx, r.orderPartId);
  if (part) await noticeReturnDecidedByHaat(tx, { returnId: r.id, vendorUserId: part.vendorUserId });
  return {
    result: r.id,
    audit: {
      action: 'return_decided',
      resourceType: 'order_return',
      resourceId: r.id,
      newData: { from: r.status, status, ...(a.reason && a.decision === 'reject' ? { reason: a.reason } : {}) },
    },
  };
}

/**
 * The shop marks an approved return received back, in one transaction: the stock returns, the
 * points used come back in proportion, the points the items earned are voided (pending) or taken
 * back (available; those already spent are kept from the money), the vendor's credit is reversed
 * with a credit note, and the refund is written (points at once for cash on delivery). A gateway
 * refund is then sent. A second click finds the return received: 409, nothing twice.
 */
export async function receiveReturn(a: {
  db: Db;
  config: ReturnsConfig;
  vendorUserId: string;
  returnId: string;
}): Promise<ReturnChanged> {
  const { orderPartId, customerUserId } = await vendorsReturn(a.db, a.returnId, a.vendorUserId);
  const refund = await a.db.transaction(async (tx) => {
    await lockCustomer(tx, customerUserId);
    const part = (await partForReturn(tx, orderPartId, { lock: true }))!;
    const r = await lockReturn(tx, a.returnId);
    if (!returnMoveAllowed('receive', r.status, r.decidedByRole)) throw moveRefused('receive', r.status);
    const ref = orderRef(part.orderId);
    const items = await tx
      .select({ orderItemId: orderReturnItems.orderItemId, quantity: orderReturnItems.quantity })
      .from(orderReturnItems)
      .where(eq(orderReturnItems.returnId, r.id));
    const before = await returnedUnits(tx, orderPartId, { receivedOnly: true, except: r.id });
    const lines = items.map((ri) => {
      const item = part.items.find((i) => i.orderItemId === ri.orderItemId)!;
      return {
        item,
        line: {
          orderItemId: ri.orderItemId,
          pricePaise: item.pricePaise,
          quantity: item.quantity,
          returnedBefore: before.get(ri.orderItemId) ?? 0,
          returning: ri.quantity,
          pointsEarned: item.pointsEarned,
          unitPricePaise: item.pricePaise,
          haatFundedPaise: item.haatFundedPaise,
          vendorFundedPaise: item.vendorFundedPaise,
        },
      };
    });

    // What the order's earlier returns took: their value (for the points share) and the money refunded.
    const [earlier] = await tx
      .select({
        value: sql<string>`coalesce(sum(${orderReturns.valuePaise}), 0)`,
        refunded: sql<string>`coalesce(sum(${orderReturns.refundPaise}), 0)`,
      })
      .from(orderReturns)
      .where(
        and(
          eq(orderReturns.orderId, part.orderId),
          inArray(orderReturns.status, ['received', 'refunded']),
          ne(orderReturns.id, r.id),
        ),
      );
    const o = part.order;
    const paidBy =
      o.paymentStatus === 'cash_on_delivery'
        ? 'points'
        : o.paymentId &&
            (o.paymentStatus === 'paid' || o.paymentStatus === 'refund_pending' || o.paymentStatus === 'refunded')
          ? 'gateway'
          : 'none';
    // What was paid for the items coming back (their price less their promotions' discount), the
    // points used shared over what the items cost after promotions: returning all gives back all.
    const plan = planDiscountedReturnRefund(
      {
        subtotalPaise: o.subtotalPaise - o.discountPaise,
        pointsUsed: o.pointsUsed,
        returnedBeforePaise: Number(earlier.value),
        moneyLeftPaise: o.totalAmountPaise - o.refundDuePaise - Number(earlier.refunded),
        paidBy,
      },
      lines.map((l) => l.line),
    );

    const back = new Map<string, StockKey & { quantity: number }>();
    for (const { item, line } of lines) {
      const k = stockKey(item);
      back.set(k, {
        productId: item.productId,
        variantId: item.variantId,
        quantity: (back.get(k)?.quantity ?? 0) + line.returning,
      });
    }
    for (const l of [...back.values()].sort(byStockKey))
      await returnStock(tx, l.productId, l.quantity, l.variantId ?? null);

    const earned = await takeBackEarnedPoints(tx, {
      customerUserId,
      orderId: part.orderId,
      orderPartId,
      points: plan.pointsEarnedBack,
      reference: `return-earned:${r.id}`,
    });
    const money = moneyAfterSpentPoints(plan.moneyPaise, earned.notTakenBack);
    const pointsReturned = Math.min(
      plan.pointsReturned,
      Math.max(0, await unrefundedSpentPoints(tx, { customerUserId, orderId: part.orderId })),
    );
    if (pointsReturned > 0)
      await refundSpentPoints(tx, {
        customerUserId,
        orderId: part.orderId,
        points: pointsReturned,
        description: `Points used on returned items of order ${ref} refunded`,
      });

    const settled = await settleReturnReceived(tx, {
      orderPartId,
      returnId: r.id,
      orderRef: ref,
      reason: `Items returned: ${r.reason}`,
      lines: lines.map(({ item, line }) => ({
        orderItemId: line.orderItemId,
        quantity: line.quantity,
        returnedBefore: line.returnedBefore,
        returning: line.returning,
        description: item.variantLabel ? `${item.productName} (${item.variantLabel})` : item.productName,
        unitPricePaise: item.pricePaise,
        vendorFundedPaise: item.vendorFundedPaise,
      })),
    });

    // Haat's promotion cost of the units received back comes back (haatCostBackPaise, by promotion).
    await recordPromotionCostReturned(tx, {
      returnId: r.id,
      orderPartId,
      lines: lines.map(({ line }) => line),
    });

    let written: Refund;
    if (paidBy === 'gateway' && money.moneyPaise > 0) {
      const payment = await paymentGatewayOf(tx, o.paymentId);
      if (!payment) throw new Error(`receiveReturn: order ${part.orderId} has no payment row`);
      written = await recordReturnRefund(tx, {
        orderId: part.orderId,
        returnId: r.id,
        customerUserId,
        method: payment.gateway,
        amountPaise: money.moneyPaise,
        points: 0,
        paymentId: payment.paymentId,
      });
    } else {
      const points = paidBy === 'points' ? pointsCoveringPaise(money.moneyPaise) : 0;
      await creditRefundPoints(tx, {
        customerUserId,
        orderId: part.orderId,
        points,
        reference: `return-refund:${r.id}`,
      });
      written = await recordReturnRefund(tx, {
        orderId: part.orderId,
        returnId: r.id,
        customerUserId,
        method: 'points',
        amountPaise: 0,
        points,
        paymentId: null,
      });
    }
    const now = new Date();
    await tx
      .update(orderReturns)
      .set({
        status: written.status === 'processed' ? 'refunded' : 'received',
        receivedAt: now,
        refundedAt: written.status === 'processed' ? now : null,
        valuePaise: plan.valuePaise,
        refundPaise: paidBy === 'none' ? 0 : money.moneyPaise,
        pointsReturned,
        pointsVoided: earned.voided,
        pointsTakenBack: earned.takenBack,
        keptForSpentPointsPaise: money.keptPaise,
        vendorReversedPaise: settled.vendorReversedPaise,
        updatedAt: now,
      })
      .where(eq(orderReturns.id, r.id));
    await noticeReturnReceived(tx, r.id);
    return { refund: written, orderRef: ref };
  });
  const sent =
    refund.refund.status === 'pending'
      ? await sendAndMark(a.db, a.config, {
          refundId: refund.refund.id,
          returnId: a.returnId,
          orderRef: refund.orderRef,
        })
      : refund.refund;
  return {
    return: await viewOf(a.db, a.returnId),
    message: sent?.status === 'failed' ? `Item received back. ${returnMessages.refundFailed}` : returnMessages.received,
  };
}

/** Sends a gateway refund and, once processed, marks its return refunded and tells the customer (once: whoever moves it from received). */
async function sendAndMark(
  db: Db,
  config: ReturnsConfig,
  a: { refundId: string; returnId: string; orderRef: string },
): Promise<Refund | null> {
  const sent = await sendRefund(db, config, { refundId: a.refundId, orderRef: a.orderRef });
  if (sent?.status === 'processed') {
    await db.transaction(async (tx) => {
      const marked = await tx
        .update(orderReturns)
        .set({ status: 'refunded', refundedAt: sent.processedAt ?? new Date(), updatedAt: new Date() })
        .where(and(eq(orderReturns.id, a.returnId), eq(orderReturns.status, 'received')))
        .returning({ id: orderReturns.id });
      if (marked.length > 0) await noticeReturnRefunded(tx, a.returnId);
    });
  }
  return sent;
}

/**
 * The super admin sends a failed gateway refund again. `audited` spends the fresh code and writes the
 * audit row in its transaction (refusing a return with nothing to send); the gateway is asked after it.
 */
export async function retryReturnRefund(a: {
  db: Db;
  config: ReturnsConfig;
  returnId: string;
  audited: (
    change: (tx: Tx) => Promise<{
      result: { refundId: string; orderRef: string };
      audit: { action: string; resourceType: string; resourceId: string; newData?: Record<string, unknown> };
    }>,
  ) => Promise<{ refundId: string; orderRef: string }>;
}): Promise<ReturnChanged> {
  const target = await a.audited(async (tx) => {
    const r = await lockReturn(tx, a.returnId);
    const refund = (await refundsOfReturns(tx, [r.id])).get(r.id);
    const stale = refund?.status === 'pending' && r.receivedAt && Date.now() - r.receivedAt.getTime() > 2 * 60 * 1000;
    if (r.status !== 'received' || !refund || refund.method === 'points' || !(refund.status === 'failed' || stale))
      throw new AppError('CONFLICT', returnMessages.noRefundToRetry);
    return {
      result: { refundId: refund.id, orderRef: orderRef(r.orderId) },
      audit: {
        action: 'return_refund_retried',
        resourceType: 'order_return',
        resourceId: r.id,
        newData: { amountPaise: refund.amountPaise },
      },
    };
  });
  const sent = await sendAndMark(a.db, a.config, {
    refundId: target.refundId,
    returnId: a.returnId,
    orderRef: target.orderRef,
  });
  return {
    return: await viewOf(a.db, a.returnId),
    message: sent?.status === 'processed' ? returnMessages.refundRetried : returnMessages.refundFailed,
  };
}

/** A page of returns: a vendor's (its shops only) or everyone's (the super admin), newest first. */
export async function listReturns(a: {
  db: DbOrTx;
  query: ReturnListQuery;
  vendorUserId?: string;
}): Promise<ReturnPage> {
  const filter = { status: a.query.status, vendorUserId: a.vendorUserId };
  const [items, total] = await Promise.all([
    selectReturns(a.db, filter, { limit: a.query.pageSize, offset: (a.query.page - 1) * a.query.pageSize }),
    countReturns(a.db, filter),
  ]);
  return { items, total, page: a.query.page, pageSize: a.query.pageSize };
}

/** One return as a vendor (its shops only) or the super admin sees it. */
export async function getReturn(a: {
  db: DbOrTx;
  returnId: string;
  vendorUserId?: string;
  customerUserId?: string;
}): Promise<OrderReturn> {
  if (!isUuid(a.returnId)) throw notFound();
  return viewOf(a.db, a.returnId, { vendorUserId: a.vendorUserId, customerUserId: a.customerUserId });
}
