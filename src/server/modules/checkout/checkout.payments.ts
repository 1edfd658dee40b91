import type {
  FailPaymentInput,
  GatewayName,
  Placed,
  TestPayment,
  VerifyPaymentInput,
} from '../../../contracts/checkout.contract';
import { isUuid } from '../../../contracts/common.contract';
import {
  checkoutMessages,
  orderProcessingFailedMessage,
  paymentFailedMessage,
} from '../../../contracts/checkout.contract';
import { formatRupees } from '../../../domain/money';
import { AppError } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import type { Db, Tx } from '../../platform/db';
import type { Metrics, PaymentOutcome } from '../../platform/metrics';
import {
  activeGateway,
  findPaymentByProviderOrder,
  gatewayNamed,
  getPayment,
  isRefundDue,
  markPaymentFailed,
  razorpayGateway,
  testGateway,
  type Payment,
} from '../payments';
import { releaseHeldStock } from '../catalog';
import { releaseHeldPromotionUses } from '../promotions';
import { confirmPayment, recordRefundDue } from './checkout.service';

/** `metrics` counts each payment's outcome, by gateway. */
type Ctx = { db: Db; config: Config; metrics: Pick<Metrics, 'paymentOutcome'> };

const verificationFailed = () => new AppError('VALIDATION_FAILED', checkoutMessages.verificationFailed);

async function ownPayment(db: Db, paymentId: string, customerUserId: string) {
  if (!isUuid(paymentId)) throw new AppError('NOT_FOUND', checkoutMessages.paymentNotFound);
  return getPayment(db, { paymentId, customerUserId });
}

/**
 * Verifies the provider's signed checkout response against the provider order id we stored
 * (constant-time), then confirms the payment: one order, however often it is called. The payment is
 * read once, locked, in the confirmation's transaction; a refusal there changes nothing.
 */
export async function verifyPayment({
  db,
  config,
  metrics,
  customerUserId,
  input,
}: Ctx & { customerUserId: string; input: VerifyPaymentInput }): Promise<Placed> {
  if (!isUuid(input.paymentId)) throw new AppError('NOT_FOUND', checkoutMessages.paymentNotFound);
  let gatewayName = '';
  const accept = async (p: Payment, tx: Tx) => {
    if (p.customerId !== customerUserId) throw new AppError('NOT_FOUND', checkoutMessages.paymentNotFound);
    gatewayName = p.gateway;
    const refused = () => {
      metrics.paymentOutcome('verification_failed', p.gateway);
      return verificationFailed();
    };
    if (input.providerOrderId !== p.providerOrderId) throw refused();
    const gateway = await gatewayNamed(tx, config, p.gateway as GatewayName);
    const signed = { providerOrderId: p.providerOrderId, providerPaymentId: input.providerPaymentId };
    if (!gateway.verifySignature({ ...signed, signature: input.signature })) throw refused();
  };
  const outcome = (o: PaymentOutcome) => metrics.paymentOutcome(o, gatewayName);
  const { orderId } = await confirmPayment(db, {
    paymentId: input.paymentId,
    providerPaymentId: input.providerPaymentId,
    outcome,
    accept,
  });
  return { status: 'placed', orderId, message: checkoutMessages.orderPlaced };
}

/** Records a failed or dismissed payment attempt and answers the message to show. */
export async function failPayment({
  db,
  metrics,
  customerUserId,
  paymentId,
  input,
}: Pick<Ctx, 'db' | 'metrics'> & { customerUserId: string; paymentId: string; input: FailPaymentInput }): Promise<{
  status: 'failed';
  message: string;
}> {
  const p = await ownPayment(db, paymentId, customerUserId);
  if (p.status === 'paid') throw new AppError('CONFLICT', checkoutMessages.alreadyPaid);
  if (isRefundDue(p)) return { status: 'failed', message: p.failureReason ?? checkoutMessages.verificationFailed };
  const message =
    input.reason === 'cancelled'
      ? checkoutMessages.cancelledByUser
      : paymentFailedMessage(input.detail || 'The payment was declined');
  await db.transaction(async (tx) => {
    await markPaymentFailed(tx, { paymentId: p.id, reason: message });
    // Its reserved units go back on sale at once, and the promotions it held.
    await releaseHeldStock(tx, [p.id]);
    await releaseHeldPromotionUses(tx, [p.id]);
  });
  metrics.paymentOutcome(input.reason === 'cancelled' ? 'cancelled' : 'failed', p.gateway);
  return { status: 'failed', message };
}

/**
 * The built-in test gateway's "Pay" button: signs a payment of the customer's test order the way
 * Razorpay's checkout would. Refused once a real gateway is enabled.
 */
export async function payWithTestGateway({
  db,
  config,
  customerUserId,
  paymentId,
}: Pick<Ctx, 'db' | 'config'> & { customerUserId: string; paymentId: string }): Promise<TestPayment> {
  const p = await ownPayment(db, paymentId, customerUserId);
  if (p.gateway !== 'test' || (await activeGateway(db, config)).name !== 'test')
    throw new AppError('VALIDATION_FAILED', checkoutMessages.gatewayNotConfigured);
  if (p.status === 'paid') throw new AppError('CONFLICT', checkoutMessages.alreadyPaid);
  return { providerOrderId: p.providerOrderId, ...testGateway(config).pay(p.providerOrderId) };
}

type RazorpayEvent = {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; amount?: number } };
    order?: { entity?: { id?: string; amount_paid?: number } };
  };
};

/** Why a captured payment whose figures are not ours makes no order (recorded for refund). */
export const amountMismatchReason = (paidPaise: number, duePaise: number) =>
  orderProcessingFailedMessage(
    `The amount paid (${formatRupees(paidPaise)}) is not the amount of the order (${formatRupees(duePaise)})`,
  );

/**
 * Razorpay's webhook: checks X-Razorpay-Signature over the raw body with the webhook secret, then
 * confirms the payment of `payment.captured` and `order.paid` events (idempotent with the browser's
 * verification). Answers whether an order was placed; other events are acknowledged and ignored.
 *
 * The amount is never taken on trust: a webhook whose amount is not the one we charged is refused
 * and the payment recorded for refund; a webhook without an amount is checked against Razorpay's own
 * record of the payment (GET /v1/payments/:id), refused the same way when it differs, and answered
 * 503 (so Razorpay retries) when Razorpay cannot be asked.
 */
export async function handleRazorpayWebhook({
  db,
  config,
  metrics,
  rawBody,
  signature,
}: Ctx & { rawBody: string; signature: string | undefined }): Promise<{ ok: true; orderId: string | null }> {
  const gateway = await razorpayGateway(db, config).catch(() => null);
  if (!gateway || !gateway.verifyWebhook(rawBody, signature)) {
    metrics.paymentOutcome('verification_failed', 'razorpay');
    throw verificationFailed();
  }
  const outcome = (o: PaymentOutcome) => metrics.paymentOutcome(o, 'razorpay');
  let event: RazorpayEvent;
  try {
    event = JSON.parse(rawBody) as RazorpayEvent;
  } catch {
    throw verificationFailed();
  }
  const ignored = { ok: true as const, orderId: null };
  if (event.event !== 'payment.captured' && event.event !== 'order.paid') return ignored;
  const payment = event.payload?.payment?.entity;
  const providerOrderId = payment?.order_id ?? event.payload?.order?.entity?.id;
  if (!providerOrderId || !payment?.id) return ignored;
  const p = await findPaymentByProviderOrder(db, 'razorpay', providerOrderId);
  if (!p) return ignored; // not ours

  let paidPaise = typeof payment.amount === 'number' ? payment.amount : null;
  if (paidPaise === null) {
    const known = await gateway.fetchPayment(payment.id);
    // Razorpay does not know it, or it is another order's payment, or it was not taken: nothing to place.
    if (!known || known.providerOrderId !== providerOrderId || !['captured', 'authorized'].includes(known.status ?? ''))
      return ignored;
    paidPaise = known.amountPaise ?? 0;
  }
  if (paidPaise !== p.amountPaise) {
    const placed = await recordRefundDue(db, {
      paymentId: p.id,
      providerPaymentId: payment.id,
      reason: amountMismatchReason(paidPaise, p.amountPaise),
      outcome,
    });
    return { ok: true, orderId: placed };
  }
  try {
    const { orderId } = await confirmPayment(db, { paymentId: p.id, providerPaymentId: payment.id, outcome });
    return { ok: true, orderId };
  } catch (e) {
    // Recorded as failed (refund due); acknowledged so the provider stops retrying.
    if (e instanceof AppError && e.code === 'CONFLICT') return ignored;
    throw e;
  }
}
