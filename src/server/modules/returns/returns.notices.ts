import { eq } from 'drizzle-orm';
import type { OrderReturn } from '../../../contracts/returns.contract';
import { formatRupees, pointsToPaise } from '../../../domain/money';
import type { Tx } from '../../platform/db';
import { notify } from '../notifications';
import { itemLines } from '../orders';
import { selectReturns } from './returns.read-model';
import { orderReturns } from './returns.tables';

// What customers and vendors are told about returns: written with the change, in its transaction,
// through notifications' door. Each reads the return as its customer sees it (returns.read-model.ts),
// after the change, so the message says what the order page says.

async function returnOf(tx: Tx, returnId: string): Promise<OrderReturn> {
  const [r] = await selectReturns(tx, { returnId });
  if (!r) throw new Error(`Return ${returnId} not found for its notice`);
  return r;
}

async function customerOf(tx: Tx, r: OrderReturn): Promise<string> {
  const [row] = await tx
    .select({ customerId: orderReturns.customerId })
    .from(orderReturns)
    .where(eq(orderReturns.id, r.id));
  return row.customerId;
}

const common = (r: OrderReturn) => ({
  orderRef: r.orderRef,
  orderId: r.orderId,
  shopName: r.storeName,
  items: itemLines(r.items),
});
const decider = (r: OrderReturn) => (r.decidedBy === 'admin' ? 'the Haat team' : r.storeName);
const points = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'point' : 'points'}`;

/** What a received return gives back: money to the payment method, points for cash on delivery, and the points used on the order. */
function refundOf(r: OrderReturn) {
  const f = r.refund;
  return {
    moneyPaise: f && f.method !== 'points' ? f.amountPaise : 0,
    refundPoints: f?.method === 'points' ? f.refundPoints : 0,
    pointsReturned: f?.pointsReturned ?? 0,
  };
}

/** The refund's amount as a headline: '₹1,140', '450 points', '₹1,140 and 30 points'. */
function amountOf(r: OrderReturn): string {
  const { moneyPaise, refundPoints, pointsReturned } = refundOf(r);
  const parts = [
    moneyPaise > 0 ? formatRupees(moneyPaise) : null,
    refundPoints + pointsReturned > 0 ? points(refundPoints + pointsReturned) : null,
  ].filter((p) => p !== null);
  return parts.length > 0 ? parts.join(' and ') : formatRupees(0);
}

/** Where the refund goes, in sentences: `sent` once the money has left, else it is on its way. */
function refundWords(r: OrderReturn, sent: boolean): string {
  const { moneyPaise, refundPoints, pointsReturned } = refundOf(r);
  const said: string[] = [];
  if (moneyPaise > 0) {
    said.push(
      sent
        ? `${formatRupees(moneyPaise)} is refunded to your original payment method; it can take a few working days to show in your account.`
        : `Your refund of ${formatRupees(moneyPaise)} to your original payment method is on its way.`,
    );
  }
  if (refundPoints > 0)
    said.push(
      `${points(refundPoints)} (worth ${formatRupees(pointsToPaise(refundPoints))}) for the cash you paid are in your Haat wallet.`,
    );
  if (pointsReturned > 0) said.push(`${points(pointsReturned)} you used on the order are back in your wallet.`);
  if (said.length === 0) said.push('There is no money to refund for these items.');
  return said.join(' ');
}

/** A customer asked to return items: the shop's vendor is told which order, which items and why. */
export async function noticeReturnRequested(tx: Tx, a: { returnId: string; vendorUserId: string }): Promise<void> {
  const r = await returnOf(tx, a.returnId);
  await notify(tx, {
    kind: 'vendor-return-requested',
    to: { userId: a.vendorUserId },
    data: { ...common(r), reason: r.reason, comment: r.comment ? ` Comment: ${r.comment}` : '' },
  });
}

/** The shop or the Haat team approved or rejected a return: the customer is told who, and why when rejected. */
export async function noticeReturnDecided(tx: Tx, returnId: string): Promise<void> {
  const r = await returnOf(tx, returnId);
  const customer = { userId: await customerOf(tx, r) };
  if (r.status === 'approved') {
    await notify(tx, { kind: 'return-approved', to: customer, data: { ...common(r), decidedBy: decider(r) } });
  } else if (r.status === 'rejected') {
    const next =
      r.decidedBy === 'vendor'
        ? "If you disagree, you can ask the Haat team to review it from the order's page."
        : 'The Haat team has reviewed it, and this decision is final.';
    await notify(tx, {
      kind: 'return-rejected',
      to: customer,
      data: { ...common(r), decidedBy: decider(r), reason: r.rejectionReason ?? 'none given.', next },
    });
  }
}

/**
 * The Haat team approved or rejected a return of the shop's items (reviewing the shop's rejection, or
 * deciding for it): the shop's vendor is told, since an approval means collecting the items back.
 */
export async function noticeReturnDecidedByHaat(tx: Tx, a: { returnId: string; vendorUserId: string }): Promise<void> {
  const r = await returnOf(tx, a.returnId);
  if (r.decidedBy !== 'admin' || (r.status !== 'approved' && r.status !== 'rejected')) return;
  const next =
    r.status === 'approved'
      ? 'Collect the items from the customer and mark the return received in your Returns tab; the customer is refunded then.'
      : `Reason: ${r.rejectionReason ?? 'none given.'} The customer keeps the items and is not refunded.`;
  await notify(tx, {
    kind: 'vendor-return-decided',
    to: { userId: a.vendorUserId },
    data: { ...common(r), decision: r.status, status: r.status, next },
  });
}

/**
 * The shop has the items back: a refund done at once (points, or nothing to send) is one 'refunded'
 * message; a refund to the payment method is 'received' now and 'refunded' once the gateway sent it.
 */
export async function noticeReturnReceived(tx: Tx, returnId: string): Promise<void> {
  const r = await returnOf(tx, returnId);
  const customer = { userId: await customerOf(tx, r) };
  if (r.status === 'refunded') await noticeRefunded(tx, r, customer);
  else
    await notify(tx, { kind: 'return-received', to: customer, data: { ...common(r), refund: refundWords(r, false) } });
}

/** The gateway sent a return's refund (the return is now refunded): the customer is told the amount and where it went. */
export async function noticeReturnRefunded(tx: Tx, returnId: string): Promise<void> {
  const r = await returnOf(tx, returnId);
  await noticeRefunded(tx, r, { userId: await customerOf(tx, r) });
}

async function noticeRefunded(tx: Tx, r: OrderReturn, customer: { userId: string }) {
  await notify(tx, {
    kind: 'return-refunded',
    to: customer,
    data: { ...common(r), amount: amountOf(r), refund: refundWords(r, true) },
  });
}
