import type { FailPaymentInput, GatewayName, Placed, TestPayment, VerifyPaymentInput } from '../../../contracts/checkout.contract';
import { checkoutMessages, isUuid, paymentFailedMessage } from '../../../contracts/checkout.contract';
import { AppError } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { activeGateway, findPaymentByProviderOrder, gatewayNamed, getPayment, isRefundDue, markPaymentFailed, razorpayGateway, testGateway } from '../payments';
import { releaseHeldStock } from '../catalog';
import { confirmPayment } from './checkout.service';

type Ctx = { db: Db; config: Config };

const verificationFailed = () => new AppError('VALIDATION_FAILED', checkoutMessages.verificationFailed);

async function ownPayment(db: Db, paymentId: string, customerUserId: string) {
  if (!isUuid(paymentId)) throw new AppError('NOT_FOUND', checkoutMessages.paymentNotFound);
  return getPayment(db, { paymentId, customerUserId });
}

/**
 * Verifies the provider's signed checkout response against the provider order id we stored
 * (constant-time), then confirms the payment: one order, however often it is called.
 */
export async function verifyPayment({ db, config, customerUserId, input }: Ctx & { customerUserId: string; input: VerifyPaymentInput }): Promise<Placed> {
  const p = await ownPayment(db, input.paymentId, customerUserId);
  if (input.providerOrderId !== p.providerOrderId) throw verificationFailed();
  const gateway = await gatewayNamed(db, config, p.gateway as GatewayName);
  if (!gateway.verifySignature({ providerOrderId: p.providerOrderId, providerPaymentId: input.providerPaymentId, signature: input.signature })) throw verificationFailed();
  const { orderId } = await confirmPayment(db, { paymentId: p.id, providerPaymentId: input.providerPaymentId });
  return { status: 'placed', orderId, message: checkoutMessages.orderPlaced };
}

/** Records a failed or dismissed payment attempt and answers the message to show. */
export async function failPayment({ db, customerUserId, paymentId, input }: { db: Db; customerUserId: string; paymentId: string; input: FailPaymentInput }): Promise<{ status: 'failed'; message: string }> {
  const p = await ownPayment(db, paymentId, customerUserId);
  if (p.status === 'paid') throw new AppError('CONFLICT', checkoutMessages.alreadyPaid);
  if (isRefundDue(p)) return { status: 'failed', message: p.failureReason ?? checkoutMessages.verificationFailed };
  const message = input.reason === 'cancelled' ? checkoutMessages.cancelledByUser : paymentFailedMessage(input.detail || 'The payment was declined');
  await db.transaction(async (tx) => {
    await markPaymentFailed(tx, { paymentId: p.id, reason: message });
    // Its reserved units go back on sale at once.
    await releaseHeldStock(tx, [p.id]);
  });
  return { status: 'failed', message };
}

/**
 * The built-in test gateway's "Pay" button: signs a payment of the customer's test order the way
 * Razorpay's checkout would. Refused once a real gateway is enabled.
 */
export async function payWithTestGateway({ db, config, customerUserId, paymentId }: Ctx & { customerUserId: string; paymentId: string }): Promise<TestPayment> {
  const p = await ownPayment(db, paymentId, customerUserId);
  if (p.gateway !== 'test' || (await activeGateway(db, config)).name !== 'test') throw new AppError('VALIDATION_FAILED', checkoutMessages.gatewayNotConfigured);
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

/**
 * Razorpay's webhook: checks X-Razorpay-Signature over the raw body with the webhook secret, then
 * confirms the payment of `payment.captured` and `order.paid` events (idempotent with the browser's
 * verification). Answers whether an order was placed; other events are acknowledged and ignored.
 */
export async function handleRazorpayWebhook({ db, config, rawBody, signature }: Ctx & { rawBody: string; signature: string | undefined }): Promise<{ ok: true; orderId: string | null }> {
  const gateway = await razorpayGateway(db, config).catch(() => null);
  if (!gateway || !gateway.verifyWebhook(rawBody, signature)) throw verificationFailed();
  let event: RazorpayEvent;
  try {
    event = JSON.parse(rawBody) as RazorpayEvent;
  } catch {
    throw verificationFailed();
  }
  if (event.event !== 'payment.captured' && event.event !== 'order.paid') return { ok: true, orderId: null };
  const payment = event.payload?.payment?.entity;
  const providerOrderId = payment?.order_id ?? event.payload?.order?.entity?.id;
  if (!providerOrderId || !payment?.id) return { ok: true, orderId: null };
  const p = await findPaymentByProviderOrder(db, 'razorpay', providerOrderId);
  // Not ours, or not the amount we asked for: nothing to place.
  if (!p || (payment.amount !== undefined && payment.amount !== p.amountPaise)) return { ok: true, orderId: null };
  try {
    const { orderId } = await confirmPayment(db, { paymentId: p.id, providerPaymentId: payment.id });
    return { ok: true, orderId };
  } catch (e) {
    // Recorded as failed (refund due); acknowledged so the provider stops retrying.
    if (e instanceof AppError && e.code === 'CONFLICT') return { ok: true, orderId: null };
    throw e;
  }
}
