import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RefundMethod, RefundStatus } from '../../../contracts/returns.contract';
import { AppError } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import type { DbOrTx, Tx } from '../../platform/db';
import { RefundFailedError, RefundOutcomeUnknownError } from './payments.gateway';
import { razorpayGateway, testGateway } from './payments.service';
import { refundFields } from './payments.rows';
import { payments, refunds } from './payments.tables';

// Refunds of returns. The row is written in the transaction that receives the
// return (unique per return: two clicks never refund twice); a gateway refund is then sent outside
// any transaction, claimed by one conditional update so that two senders never both send it, with
// the row's id as Razorpay's idempotency key so that sending it again after a lost answer is safe.

type SecretConfig = Pick<Config, 'APP_SECRET' | 'DATA_DIR' | 'RAZORPAY_API_BASE'>;

export type Refund = {
  id: string;
  returnId: string;
  method: RefundMethod;
  status: RefundStatus;
  amountPaise: number;
  points: number;
  providerRefundId: string | null;
  failureReason: string | null;
  processedAt: Date | null;
};

const columns = { id: refunds.id, ...refundFields };
const asRefund = (r: { method: string; status: string } & Omit<Refund, 'method' | 'status'>): Refund => ({
  ...r,
  method: r.method as RefundMethod,
  status: r.status as RefundStatus,
});

/** The gateway of an order's payment (our payments row id, as orders.payment_id keeps it), or null for an order paid without one. */
export async function paymentGatewayOf(
  db: DbOrTx,
  paymentId: string | null,
): Promise<{ paymentId: string; gateway: 'test' | 'razorpay' } | null> {
  if (!paymentId) return null;
  const [row] = await db
    .select({ id: payments.id, gateway: payments.gateway })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row ? { paymentId: row.id, gateway: row.gateway as 'test' | 'razorpay' } : null;
}

/**
 * Writes the refund of a return in the caller's transaction: points (already credited by the
 * caller) are processed at once; a gateway refund waits as 'pending' until `sendRefund`.
 */
export async function recordReturnRefund(
  tx: Tx,
  a: {
    orderId: string;
    returnId: string;
    customerUserId: string;
    method: RefundMethod;
    amountPaise: number;
    points: number;
    paymentId: string | null;
  },
): Promise<Refund> {
  const processed = a.method === 'points' || a.amountPaise === 0;
  const rows = await tx
    .insert(refunds)
    .values({
      orderId: a.orderId,
      returnId: a.returnId,
      customerId: a.customerUserId,
      method: a.method,
      amountPaise: a.method === 'points' ? 0 : a.amountPaise,
      points: a.method === 'points' ? a.points : 0,
      paymentId: a.method === 'points' ? null : a.paymentId,
      status: processed ? 'processed' : 'pending',
      processedAt: processed ? new Date() : null,
    })
    .onConflictDoNothing()
    .returning(columns);
  if (rows.length === 0) throw new AppError('CONFLICT', 'This return was already refunded');
  return asRefund(rows[0]);
}

/** The refunds of some returns, by return id. */
export async function refundsOfReturns(db: DbOrTx, returnIds: string[]): Promise<Map<string, Refund>> {
  if (returnIds.length === 0) return new Map();
  const rows = await db.select(columns).from(refunds).where(inArray(refunds.returnId, returnIds));
  return new Map(rows.map((r) => [r.returnId, asRefund(r)]));
}

/** A refund the gateway refused or could not be asked for is sent again (a pending one left behind by a crash too, after 2 minutes). */
const sendable = sql`(${refunds.status} = 'failed' or (${refunds.status} = 'pending' and (${refunds.attempts} = 0 or ${refunds.updatedAt} < now() - interval '2 minutes')))`;

/**
 * Sends a gateway refund, outside any transaction: claimed first (one sender wins), then the test
 * gateway's record or Razorpay's refund of the order's payment, then written processed or failed
 * with the reason. Answers the refund as it now stands, or null when another sender had claimed it
 * (or there is nothing to send).
 */
export async function sendRefund(
  db: DbOrTx,
  config: SecretConfig,
  a: { refundId: string; orderRef: string },
): Promise<Refund | null> {
  const [claimed] = await db
    .update(refunds)
    .set({ status: 'pending', attempts: sql`${refunds.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(refunds.id, a.refundId), sql`${refunds.method} <> 'points'`, sendable))
    .returning({
      id: refunds.id,
      method: refunds.method,
      amountPaise: refunds.amountPaise,
      paymentId: refunds.paymentId,
    });
  if (!claimed) return null;
  const [payment] = await db
    .select({ providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(eq(payments.id, claimed.paymentId!));
  let outcome: { providerRefundId: string } | { failureReason: string };
  try {
    if (claimed.method === 'test') {
      outcome = { providerRefundId: testGateway(config).refund().refundId };
    } else {
      const rp = await razorpayGateway(db, config);
      if (!rp) throw new RefundFailedError('Razorpay is not enabled in Settings, so the refund cannot be sent');
      if (!payment?.providerPaymentId) throw new RefundFailedError('The payment has no Razorpay payment id to refund');
      const made = await rp.createRefund({
        providerPaymentId: payment.providerPaymentId,
        amountPaise: claimed.amountPaise,
        notes: { haat_refund_id: claimed.id, order: a.orderRef },
        receipt: `refund ${a.orderRef}`.slice(0, 40),
        idempotencyKey: claimed.id,
      });
      outcome = { providerRefundId: made.refundId };
    }
  } catch (e) {
    if (e instanceof RefundFailedError) outcome = { failureReason: e.message.slice(0, 300) };
    else if (e instanceof RefundOutcomeUnknownError)
      outcome = {
        failureReason:
          'Razorpay could not be reached or did not answer. Sending it again is safe: Razorpay refunds it once.',
      };
    else if (e instanceof AppError) outcome = { failureReason: e.message.slice(0, 300) };
    else throw e;
  }
  const [row] = await db
    .update(refunds)
    .set(
      'providerRefundId' in outcome
        ? {
            status: 'processed',
            providerRefundId: outcome.providerRefundId,
            failureReason: null,
            processedAt: new Date(),
            updatedAt: new Date(),
          }
        : { status: 'failed', failureReason: outcome.failureReason, updatedAt: new Date() },
    )
    .where(and(eq(refunds.id, claimed.id), eq(refunds.status, 'pending')))
    .returning(columns);
  return row ? asRefund(row) : null;
}
