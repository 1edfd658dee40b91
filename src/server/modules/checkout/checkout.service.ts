import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { CheckoutResult, CheckoutSummary, PaymentMethod } from '../../../contracts/checkout.contract';
import { isUuid } from '../../../contracts/common.contract';
import { codMessages } from '../../../domain/cod';
import {
  amountChangedMessage,
  checkoutMessages,
  orderProcessingFailedMessage,
  pointsAboveTotalMessage,
} from '../../../contracts/checkout.contract';
import { todayInIndia } from '../../../domain/age';
import { AppError } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx, NamedWrite, Tx } from '../../platform/db';
import type { PaymentOutcome } from '../../platform/metrics';
import { customerLockStep, lockCustomer } from '../auth';
import {
  holdableAtOnce,
  holdStock,
  holdStockAtOnce,
  releaseExpiredHolds,
  releaseHeldStock,
  sellHeldStockStep,
  type HoldLine,
} from '../catalog';
import {
  holdPromotionUses,
  promotionCustomer,
  releaseHeldPromotionUses,
  type CheckoutCandidates,
  type PromotionCustomer,
} from '../promotions';
import { listCartLines } from '../cart';
import {
  activeGateway,
  activeGatewayName,
  createPayment,
  createPaymentStep,
  isRefundDue,
  lockPayment,
  markPaymentFailed,
  claimPayment,
  type Payment,
} from '../payments';
import { getBalances } from '../rewards';
import { placeOrderTx, sameLines } from './checkout.place';
import { readCheckoutStart } from './checkout.read-model';
import type { CouponGuesses } from './checkout.coupon-guesses';
import {
  confirmPromotionsTx,
  couponUnknown,
  promotionsSummary,
  quotePromotions,
  snapshotOf,
  type PromotionsQuote,
} from './checkout.promotions';
import {
  amountsOf,
  assertDeliverable,
  checkoutSnapshot,
  codOption,
  customerContact,
  pointsEarnedOf,
  pointsUsableOn,
  priceLines,
  priceLinesToPlace,
  type CheckoutSnapshot,
  type PricedCartLine,
} from './checkout.pricing';

type Ctx = { db: Db; config: Config };

/**
 * Quotes the cart's promotions under the coupon guessing limit: with a code, refused (429) while the
 * customer or their address is blocked, and counted when the code is no coupon's.
 */
async function guardedQuote(
  db: DbOrTx,
  a: {
    customer: PromotionCustomer;
    lines: PricedCartLine[];
    couponCode: string | null;
    today: string;
    guesses?: CouponGuesses;
    candidates?: CheckoutCandidates;
  },
): Promise<PromotionsQuote> {
  if (a.couponCode !== null) await a.guesses?.check();
  const promos = await quotePromotions(db, a);
  if (couponUnknown(promos)) await a.guesses?.fail();
  return promos;
}

async function availablePoints({ db, config }: Ctx, customerUserId: string): Promise<number> {
  const b = await getBalances(db, customerUserId, { returnWindowDays: config.RETURN_WINDOW_DAYS });
  return b.availablePoints;
}

/** What checkout would charge now for the customer's cart: lines, amounts and the points they may use (clamped to what is allowed). */
export async function getCheckoutSummary(
  ctx: Ctx & { customerUserId: string; pointsToUse: number; couponCode?: string; couponGuesses?: CouponGuesses },
): Promise<CheckoutSummary> {
  const lines = await priceLines(ctx.db, await listCartLines(ctx.db, ctx.customerUserId));
  const available = await availablePoints(ctx, ctx.customerUserId);
  const promos = await guardedQuote(ctx.db, {
    customer: await promotionCustomer(ctx.db, ctx.customerUserId),
    lines,
    couponCode: ctx.couponCode ?? null,
    today: todayInIndia(),
    guesses: ctx.couponGuesses,
  });
  const max = pointsUsableOn(lines, available, promos.cart.lines);
  const earned = pointsEarnedOf(lines, promos.cart.lines);
  return {
    // Only what the summary shows of each line, with its share of the promotions' discount and the
    // points it earns on what is paid for it after that discount.
    lines: lines.map((line, i) => ({
      productId: line.productId,
      variantId: line.variantId,
      variantLabel: line.variantLabel,
      name: line.name,
      storeId: line.storeId,
      storeName: line.storeName,
      quantity: line.quantity,
      pricePaise: line.pricePaise,
      pointsEarned: earned[i],
      discountPaise: promos.cart.lines[i]?.discountPaise ?? 0,
      shipsOnlyWithin: line.shipsOnlyWithin,
    })),
    amounts: amountsOf(lines, Math.min(ctx.pointsToUse, max), promos.cart.lines),
    availablePoints: available,
    maxPointsUsable: max,
    gateway: await activeGatewayName(ctx.db, ctx.config),
    cod: await codOption(ctx.db, lines, promos.cart.lines),
    promotions: promotionsSummary(promos),
  };
}

/**
 * Starts a checkout. Everything is recomputed from the database: cart lines, prices, stock, the
 * points balance and shipping. The total must be the one the customer saw (`expectedTotalPaise`),
 * else 409 with the new total and nothing is reserved, charged or spent. When nothing is due the
 * order is placed at once; otherwise a payment row and the provider's order are created (outside
 * any transaction) for the browser to pay.
 */
export async function startCheckout(
  ctx: Ctx & {
    customerUserId: string;
    addressId: string;
    pointsToUse: number;
    paymentMethod?: PaymentMethod;
    expectedTotalPaise: number;
    couponCode?: string;
    couponGuesses?: CouponGuesses;
  },
): Promise<CheckoutResult> {
  const { db, config, customerUserId, pointsToUse } = ctx;
  const notFound = () =>
    new AppError('NOT_FOUND', checkoutMessages.addressNotFound, { addressId: checkoutMessages.addressNotFound });
  if (!isUuid(ctx.addressId)) throw notFound();
  // The address, the email a per-customer limit counts by and the payment's prefill, the cart, the
  // open payments and the points, read at once.
  const start = await readCheckoutStart(db, {
    customerUserId,
    addressId: ctx.addressId,
    returnWindowDays: config.RETURN_WINDOW_DAYS,
  });
  const { who, cart } = start;
  const address = who.address;
  if (!address) throw notFound();
  const customer = await promotionCustomer(db, customerUserId, who.email);
  await returnUnfinishedHolds(db, start.openPaymentIds);
  const today = todayInIndia();
  // Expired holds of the cart's products that the job has not swept yet are released before the stock
  // is counted (when the read finds some): their units are on sale again. The promotions' candidates
  // are read with the products.
  const { lines, candidates } = await priceLinesToPlace(db, cart, {
    releaseExpiredHolds: () =>
      db.transaction((tx) => releaseExpiredHolds(tx, { productIds: cart.map((l) => l.productId) })),
    promotionsFor: { customer, today, couponCode: ctx.couponCode ?? null },
  });
  assertDeliverable(lines, address.state);
  const available = start.availablePoints ?? (await availablePoints(ctx, customerUserId));
  if (pointsToUse > available)
    throw new AppError('VALIDATION_FAILED', checkoutMessages.tooManyPoints, {
      pointsToUse: checkoutMessages.tooManyPoints,
    });
  const promos = await guardedQuote(db, {
    customer,
    lines,
    couponCode: ctx.couponCode ?? null,
    today,
    guesses: ctx.couponGuesses,
    candidates,
  });
  const max = pointsUsableOn(lines, available, promos.cart.lines);
  if (pointsToUse > max)
    throw new AppError('VALIDATION_FAILED', pointsAboveTotalMessage(max), {
      pointsToUse: pointsAboveTotalMessage(max),
    });

  const amounts = amountsOf(lines, pointsToUse, promos.cart.lines);
  // The customer pays what they saw, or nothing: a cart saved late, another tab or a new price moved the total.
  // A coupon typed that no longer applies (claimed meanwhile) says so, with its refusal.
  if (amounts.totalPaise !== ctx.expectedTotalPaise) {
    const couponMessage = promotionsSummary(promos).couponMessage;
    const message = couponMessage ?? amountChangedMessage(amounts.totalPaise);
    throw new AppError('CONFLICT', message, undefined, amounts.totalPaise);
  }
  const snapshot = { ...checkoutSnapshot(address, pointsToUse, lines, amounts), promotions: snapshotOf(promos) };

  if (ctx.paymentMethod === 'cod') {
    const cod = await codOption(db, lines, promos.cart.lines);
    if (!cod.available)
      throw new AppError('VALIDATION_FAILED', cod.reasons.join('. '), { paymentMethod: cod.reasons.join('. ') });
  }

  // Nothing due, or cash on delivery: placed at once, stock taken in the same transaction.
  if (amounts.totalPaise === 0 || ctx.paymentMethod === 'cod') {
    const paymentStatus = amounts.totalPaise === 0 ? 'not_required' : 'cash_on_delivery';
    const { orderId } = await db.transaction(async (tx) => {
      await lockCustomer(tx, customerUserId);
      sameLines(await listCartLines(tx, customerUserId), cart);
      return placeOrderTx(tx, { customerUserId, snapshot, paymentStatus, paymentId: null, testPayment: false });
    });
    return {
      status: 'placed',
      orderId,
      message: paymentStatus === 'cash_on_delivery' ? codMessages.placed : checkoutMessages.orderPlaced,
      amounts,
    };
  }

  // No gateway (503): nothing is reserved or charged.
  const gateway = await activeGateway(db, config);
  const paymentId = randomUUID();
  const order = {
    amountPaise: amounts.totalPaise,
    currency: 'INR' as const,
    receipt: paymentId,
    notes: { paymentId, customerId: customerUserId },
  };
  const payment = (providerOrderId: string) => ({
    id: paymentId,
    customerUserId,
    gateway: gateway.name,
    providerOrderId,
    amountPaise: amounts.totalPaise,
    checkout: snapshot,
  });
  let providerOrderId: string;
  if (gateway.ordersAreLocal && atOnce(lines, promos)) {
    // Its order made here first, the stock is held and the payment recorded by one statement: both or
    // neither (a shortage: 409, nothing written).
    ({ providerOrderId } = await gateway.createOrder(order));
    const recorded = payment(providerOrderId);
    await reserve(ctx, {
      paymentId,
      customer,
      lines,
      promos,
      today,
      also: (held) => [createPaymentStep(recorded, held)],
    });
  } else {
    // The stock and the promotions are held for the payment together: refused now (409), nothing is charged.
    await reserve(ctx, { paymentId, customer, lines, promos, today });
    try {
      ({ providerOrderId } = await gateway.createOrder(order));
      await createPayment(db, payment(providerOrderId));
    } catch (e) {
      // No payment to wait for: the reserved units and the promotions held go back at once.
      await db.transaction(async (tx) => {
        await releaseHeldStock(tx, [paymentId]);
        await releaseHeldPromotionUses(tx, [paymentId]);
      });
      throw e;
    }
  }
  return {
    status: 'payment_required',
    gateway: gateway.name,
    paymentId,
    providerOrderId,
    amountPaise: amounts.totalPaise,
    currency: 'INR',
    ...(gateway.keyId ? { keyId: gateway.keyId } : {}),
    prefill: customerContact(who.contact),
    amounts,
  };
}

/**
 * Before the stock is counted, the customer's own unfinished checkouts give their units and their
 * promotions back (a new checkout replaces them), in one transaction taking its product locks in one
 * order.
 */
async function returnUnfinishedHolds(db: Db, unfinished: string[]): Promise<void> {
  if (unfinished.length > 0)
    await db.transaction(async (tx) => {
      await releaseHeldStock(tx, unfinished);
      await releaseHeldPromotionUses(tx, unfinished);
    });
}

/** The lines as the stock holds name them. */
const holdLinesOf = (lines: readonly PricedCartLine[]): HoldLine[] =>
  lines.map((l) => ({
    productId: l.productId,
    variantId: l.variantId,
    name: l.variantLabel ? `${l.name} (${l.variantLabel})` : l.name,
    quantity: l.quantity,
  }));

/** No promotion to hold, and stock holdStockAtOnce can hold: the reservation is one statement. */
const atOnce = (lines: readonly PricedCartLine[], promos: PromotionsQuote): boolean =>
  promos.cart.applied.length === 0 && holdableAtOnce(holdLinesOf(lines));

/**
 * Reserves the checkout's stock under the payment id for STOCK_HOLD_MINUTES, so that buyers beyond
 * the stock are refused now, before they pay, and holds the promotions quoted, checked again under
 * their locks, for as long: their uses count while the customer pays. One transaction: the
 * promotions are locked first, then the stock is taken (the placement's lock order), then their uses
 * are counted; a shortage or a promotion refused rolls it all back. Without promotions and for
 * products without options (atOnce), one statement, atomic by itself, with `also`'s writes (other
 * modules' steps, written only when the stock was held); `also` is for that case only.
 */
async function reserve(
  { db, config }: Ctx,
  a: {
    paymentId: string;
    customer: PromotionCustomer;
    lines: PricedCartLine[];
    promos: PromotionsQuote;
    today: string;
    also?: (held: SQL) => readonly NamedWrite[];
  },
): Promise<void> {
  const expiresAt = new Date(Date.now() + config.STOCK_HOLD_MINUTES * 60_000);
  const lines = holdLinesOf(a.lines);
  if (atOnce(a.lines, a.promos)) return holdStockAtOnce(db, { ref: a.paymentId, lines, expiresAt, also: a.also });
  if (a.also) throw new Error('reserve: other writes go with a reservation of one statement only');
  await db.transaction(async (tx) => {
    const takeStock = () => holdStock(tx, { ref: a.paymentId, lines, expiresAt });
    if (a.promos.cart.applied.length === 0) return takeStock();
    const q = await confirmPromotionsTx(tx, {
      customer: a.customer,
      lines: a.lines,
      quoted: snapshotOf(a.promos),
      today: a.today,
      whileLocked: takeStock,
    });
    await holdPromotionUses(tx, {
      paymentId: a.paymentId,
      customer: a.customer,
      heldUntil: expiresAt,
      uses: q.cart.applied.map((p) => ({ promotionId: p.promotionId, discountPaise: p.discountPaise })),
    });
  });
}

/** Why a payment the customer gave up on (dismissed or failed) and that was captured later makes no order. */
export const lateCaptureReason = 'The payment arrived after it was cancelled and its items were released';

/**
 * Confirms a paid payment and places its order, once: the browser's verified response and the
 * provider's webhook both land here, and the payment row lock makes the second one find the order
 * the first one placed. When a paid payment cannot become an order (stock, points, price), the
 * payment is recorded as failed with the reason and its provider payment id (a refund is due).
 *
 * A payment the customer dismissed or saw fail, then captured late (a `payment.captured` webhook
 * after the fact): the order is placed only while its stock hold is still valid; once the hold was
 * released (as dismissing does) or expired, the payment is recorded for refund. A refund-due payment
 * confirmed again (verify or a retried webhook) makes no order and no second record. `outcome` hears
 * what this call changed, once committed: 'paid' (it placed the order) or 'refund_due' (it recorded one).
 */
export async function confirmPayment(
  db: Db,
  a: {
    paymentId: string;
    providerPaymentId: string;
    outcome?: (o: PaymentOutcome) => void;
    /** Checks the locked payment first (its owner, the provider's signature); a refusal records nothing. */
    accept?: (p: Payment, tx: Tx) => Promise<void> | void;
  },
): Promise<{ orderId: string }> {
  // Set once the payment was read and accepted: only a refusal after that is recorded for refund.
  let accepted = false;
  let recorded = false;
  try {
    // The order's id is chosen first: the payment is marked paid with it as it is locked.
    const newOrderId = randomUUID();
    const confirmed = await db.transaction(async (tx) => {
      // Claimed, the customer is locked and the stock held for the payment sold in the same statement,
      // in that order (a refusal below rolls them back with the claim).
      const claim = await claimPayment(tx, {
        paymentId: a.paymentId,
        orderId: newOrderId,
        providerPaymentId: a.providerPaymentId,
        whenClaimed: ({ customerUserId, claimed }) => [
          customerLockStep(customerUserId),
          sellHeldStockStep(a.paymentId, claimed),
        ],
      });
      if (!claim) throw new AppError('NOT_FOUND', checkoutMessages.paymentNotFound);
      const p = claim.payment;
      await a.accept?.(p, tx);
      accepted = true;
      if (p.status === 'paid' && p.orderId) return { orderId: p.orderId, placed: false };
      if (isRefundDue(p)) {
        recorded = true;
        throw new AppError(
          'CONFLICT',
          p.failureReason ?? orderProcessingFailedMessage('The order could not be placed'),
        );
      }
      if (!claim.claimed) throw new Error(`payment ${p.id} could become an order but was not marked paid`);
      // Within its hold the stock is the customer's; after it, the order takes stock like any other.
      const stockHeld = (claim.counts.held_stock_sold ?? 0) > 0;
      if (p.status === 'failed' && !stockHeld) throw new AppError('CONFLICT', lateCaptureReason);
      // An expired hold the job has not swept yet gives its units back first; the order may then still take them.
      if (!stockHeld) await releaseExpiredHolds(tx, { refs: [p.id] });
      const { orderId } = await placeOrderTx(tx, {
        orderId: newOrderId,
        customerUserId: p.customerId,
        snapshot: p.checkout as CheckoutSnapshot,
        paymentStatus: 'paid',
        paymentId: p.id,
        testPayment: p.gateway === 'test',
        stockHeld,
      });
      return { orderId, placed: true };
    });
    if (confirmed.placed) a.outcome?.('paid');
    return { orderId: confirmed.orderId };
  } catch (e) {
    // Business refusals (stock, points, prices) after the money was taken: record them for a refund.
    if (!(e instanceof AppError) || !accepted || recorded || !['CONFLICT', 'VALIDATION_FAILED'].includes(e.code))
      throw e;
    const reason = orderProcessingFailedMessage(e.message);
    const placed = await recordRefundDue(db, {
      paymentId: a.paymentId,
      providerPaymentId: a.providerPaymentId,
      reason,
      outcome: a.outcome,
    });
    if (placed) return { orderId: placed };
    throw new AppError('CONFLICT', reason);
  }
}

/**
 * Records a payment whose money was taken but that makes no order (refused, or the provider's
 * figures do not match ours): failed with the reason and the provider's payment id, so a refund is
 * due, and its held units go back on sale. Answers the order instead when it was already placed.
 * `outcome` hears 'refund_due' once this call's record is committed.
 */
export async function recordRefundDue(
  db: Db,
  a: { paymentId: string; providerPaymentId: string; reason: string; outcome?: (o: PaymentOutcome) => void },
): Promise<string | null> {
  const r = await db.transaction(async (tx) => {
    const p = await lockPayment(tx, a.paymentId);
    if (p?.status === 'paid' && p.orderId) return { orderId: p.orderId, recorded: false };
    if (p && isRefundDue(p)) return { orderId: null, recorded: false };
    await markPaymentFailed(tx, { paymentId: a.paymentId, reason: a.reason, providerPaymentId: a.providerPaymentId });
    await releaseHeldStock(tx, [a.paymentId]);
    await releaseHeldPromotionUses(tx, [a.paymentId]);
    return { orderId: null, recorded: true };
  });
  if (r.recorded) a.outcome?.('refund_due');
  return r.orderId;
}
