import { ArrowLeft, FlaskConical, Lock, Store } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { checkoutMessages, type CheckoutSummary, type PaymentRequired } from '../../../contracts/checkout.contract';
import { formatRupees } from '../../../domain/money';
import { ApiError } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Money } from '../../ui/Money';
import { notify } from '../../ui/notify';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { useCartSaving } from '../../api/cart-saves';
import { SummaryAmounts, SummaryLines, SummaryPanel, UPDATING_TOTAL } from '../../ui/OrderSummary';
import { CheckoutAddress, useChosenAddress, type AddressFormModalType } from './checkout-address';
import { CouponField, discountOf, lineDiscountOf, PromotionLines, promotionsOf, readCouponCode } from './coupon-field';
import { payButtonLabel, PaymentMethodChoice, usePaymentMethod } from './payment-method';
import { payWithRazorpay } from './razorpay';
import { ShipsWithinNote, undeliverableLines } from './ships-within';
import { TestPaymentDialog } from './test-payment-dialog';
import {
  checkoutRequest,
  payTestOrder,
  reportPaymentFailure,
  startCheckout,
  useCheckoutSummary,
  useOrderPlaced,
  verifyPayment,
} from './use-checkout';

type Stage = 'idle' | 'starting' | 'paying' | 'verifying';

/** A refusal of the order that is about the coupon: its field's message, or a message naming the code. */
export const couponRefusal = (e: ApiError, code: string): string | null =>
  e.fields.couponCode || (e.message.includes(code) ? e.message : null);
/**
 * Too many coupon codes tried (429 from the summary with a code, or from placing the order with one):
 * the server's message, shown under the field while the order is priced without the code; else null.
 */
export const couponLimit = (e: unknown, code: string | null): string | null =>
  code && e instanceof ApiError && e.status === 429 ? e.fields.couponCode || null : null;
/**
 * The coupon a link opened checkout with: the code, normalised, to price the summary with, or why it
 * cannot be a code (shown under the field); nothing without a link.
 */
export function couponOfLink(text: string | null): { code: string | null; refused: string | null } {
  if (text === null) return { code: null, refused: null };
  const read = readCouponCode(text);
  return 'code' in read ? { code: read.code, refused: null } : { code: null, refused: read.error };
}
const TEST_DECLINE = 'The test payment was declined';

function ItemsByShop({
  summary,
  updating,
  blocked,
}: {
  summary: CheckoutSummary;
  updating: boolean;
  blocked: Set<string>;
}) {
  const shops = [...new Set(summary.lines.map((l) => l.storeName))];
  return (
    <section
      aria-labelledby="checkout-items-heading"
      aria-busy={updating}
      className={`space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${updating ? 'opacity-60' : ''}`}
    >
      <h2 id="checkout-items-heading" className="text-lg font-semibold text-slate-900">
        Items ({summary.lines.reduce((n, l) => n + l.quantity, 0)})
      </h2>
      {shops.map((shop) => (
        <div key={shop}>
          <h3 className="flex items-center gap-1.5 text-sm font-medium text-slate-600">
            <Store className="h-4 w-4" aria-hidden="true" />
            {shop}
          </h3>
          <ul className="mt-1 divide-y divide-slate-100">
            {summary.lines
              .filter((l) => l.storeName === shop)
              .map((l) => (
                <li
                  key={`${l.productId}:${l.variantId ?? ''}`}
                  className="flex items-baseline justify-between gap-3 py-2 text-sm"
                >
                  <span className="text-slate-800">
                    {l.name} <span className="text-slate-500">× {l.quantity}</span>
                    {l.variantLabel && <span className="block text-xs text-slate-600">{l.variantLabel}</span>}
                    <ShipsWithinNote line={l} blocked={blocked.has(`${l.productId}:${l.variantId ?? ''}`)} />
                  </span>
                  <span className="shrink-0 text-right">
                    <Money paise={l.pricePaise * l.quantity} className="font-medium text-slate-900" />
                    {lineDiscountOf(l) > 0 && (
                      <span className="block text-xs font-medium text-green-700">
                        {`−${formatRupees(lineDiscountOf(l))} off`}
                      </span>
                    )}
                  </span>
                </li>
              ))}
          </ul>
        </div>
      ))}
      {shops.length > 1 && (
        <p className="text-xs text-slate-500">Each shop packs and ships its own part of your order.</p>
      )}
    </section>
  );
}

/**
 * Checkout, shown by the cart page: the delivery address (with 'Add new address'), the items and
 * the amounts as the server prices them, the payment method (online, or cash on delivery when the
 * cart allows it), and Pay (or Place Order for cash on delivery or when points cover everything).
 * The amounts are read only once every cart change has been saved, and while they are on their way
 * the page says 'Updating total…' and Pay waits: Pay sends the total it shows, the only one charged.
 */
export function CheckoutPanel({
  pointsToUse,
  onBack,
  addressFormModal,
  couponFromLink = null,
}: {
  pointsToUse: number;
  onBack: () => void;
  addressFormModal: AddressFormModalType;
  /** A coupon code the page was opened with (an announcement's 'Apply code'): applied at once. */
  couponFromLink?: string | null;
}) {
  const chosen = useChosenAddress();
  // Once the order is placed the cart is empty: its summary is not asked for again.
  const [finished, setFinished] = useState(false);
  // A quantity still on its way to the server: the summary waits for it rather than price the cart before it.
  const saving = useCartSaving();
  // The coupon code applied: the summary is priced with it, and Pay sends it when it applies.
  const [linked] = useState(() => couponOfLink(couponFromLink));
  const [couponCode, setCouponCode] = useState<string | null>(linked.code);
  // Placing the order refused the coupon (used up meanwhile): its message, until the next code.
  const [couponRefused, setCouponRefused] = useState<string | null>(linked.refused);
  const summary = useCheckoutSummary(pointsToUse, couponCode, !finished && !saving);
  const blockedCoupon = couponLimit(summary.error, couponCode);
  // Too many codes tried: the field says so, and the summary is read again without the code.
  useEffect(() => {
    if (!blockedCoupon) return;
    setCouponRefused(blockedCoupon);
    setCouponCode(null);
  }, [blockedCoupon]);
  // The cart and the amounts on screen may differ: no total is shown and Pay waits.
  const updating = saving || summary.isFetching;
  const orderPlaced = useOrderPlaced();
  const placed = (message: string) => {
    setFinished(true);
    orderPlaced(message);
  };
  const [stage, setStage] = useState<Stage>('idle');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [testPayment, setTestPayment] = useState<PaymentRequired | null>(null);
  const [testBusy, setTestBusy] = useState<'pay' | 'fail' | null>(null);
  const payment = usePaymentMethod(summary.data?.cod);
  const busy = stage !== 'idle';
  const heading = useRef<HTMLHeadingElement>(null);
  // The panel replaces the cart: bring its heading into view and give it focus.
  useEffect(() => heading.current?.focus(), [summary.isSuccess]);

  const fail = async (e: unknown) => {
    if (e instanceof ApiError) setFields(e.fields);
    // The coupon no longer applies (its budget went, it was used meanwhile): said under the field, and the
    // summary read again prices the order without it.
    if (e instanceof ApiError && e.status === 409 && couponCode && couponRefusal(e, couponCode))
      setCouponRefused(couponRefusal(e, couponCode));
    const limited = couponLimit(e, couponCode);
    if (limited) {
      setCouponRefused(limited);
      setCouponCode(null);
    }
    notify.error(e instanceof Error ? e.message : checkoutMessages.createOrderFailed, { action: 'checkout' });
    // Cash on delivery refused: the summary says again whether it is available (if not, checkout falls
    // back to online). The amount changed (another tab, a new price) or the cart did: Pay is offered
    // again only with the new amounts on screen.
    if (e instanceof ApiError && (e.fields.paymentMethod || e.status === 409)) await summary.refetch();
    setStage('idle');
  };

  const pay = async () => {
    if (updating || !summary.data) return;
    // The points and the total exactly as the page shows them: the server charges that total or refuses.
    const shown = summary.data.amounts;
    if (!chosen.addressId) {
      setFields({ addressId: checkoutMessages.selectAddress });
      notify.error(checkoutMessages.selectAddress, { action: 'checkout' });
      return;
    }
    setFields({});
    setStage('starting');
    try {
      const started = await startCheckout(
        checkoutRequest({
          addressId: chosen.addressId,
          pointsToUse: shown.pointsUsed,
          method: payment.method,
          totalPaise: shown.totalPaise,
          couponCode: promotionsOf(summary.data).couponMessage ? null : couponCode,
        }),
      );
      // Nothing to pay, or cash on delivery: the order is placed already.
      if (started.status === 'placed') return placed(started.message);
      setStage('paying');
      if (started.gateway === 'test') return setTestPayment(started);
      const outcome = await payWithRazorpay(started);
      if (outcome.kind === 'paid') {
        setStage('verifying');
        const { response: r } = outcome;
        const done = await verifyPayment({
          paymentId: started.paymentId,
          providerOrderId: r.razorpay_order_id,
          providerPaymentId: r.razorpay_payment_id,
          signature: r.razorpay_signature,
        });
        return placed(done.message);
      }
      notify.error(
        await reportPaymentFailure(
          started.paymentId,
          outcome.kind === 'dismissed' ? 'cancelled' : 'failed',
          outcome.kind === 'failed' ? outcome.detail : undefined,
        ),
        { action: 'checkout' },
      );
      setStage('idle');
    } catch (e) {
      await fail(e);
    }
  };

  const closeTest = () => {
    setTestPayment(null);
    setTestBusy(null);
    setStage('idle');
  };
  const testPay = async () => {
    if (!testPayment) return;
    setTestBusy('pay');
    try {
      const signed = await payTestOrder(testPayment.paymentId);
      const done = await verifyPayment({ paymentId: testPayment.paymentId, ...signed });
      setTestPayment(null);
      placed(done.message);
    } catch (e) {
      setTestPayment(null);
      setTestBusy(null);
      await fail(e);
    }
  };
  const testEnd = async (reason: 'failed' | 'cancelled') => {
    if (!testPayment) return;
    setTestBusy('fail');
    const message = await reportPaymentFailure(
      testPayment.paymentId,
      reason,
      reason === 'failed' ? TEST_DECLINE : undefined,
    );
    closeTest();
    notify.error(message, { action: 'checkout' });
  };

  const back = (
    <Button variant="secondary" onClick={onBack} disabled={busy}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to Cart
    </Button>
  );

  // Too many codes tried: shown as loading while the summary is read again without the code.
  if (summary.isPending || blockedCoupon) {
    return (
      <LoadingRegion label={saving ? UPDATING_TOTAL : 'Preparing checkout'}>
        {/* Said aloud by the region's label; shown here for sighted customers. */}
        {saving && (
          <p aria-hidden="true" className="mb-3 text-sm font-medium text-violet-800">
            {UPDATING_TOTAL}
          </p>
        )}
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-4 lg:col-span-2">
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-48 w-full" />
          </div>
          <Skeleton className="h-64 w-full" />
        </div>
      </LoadingRegion>
    );
  }
  if (summary.isError) {
    return (
      <div className="space-y-4">
        <ErrorState message={summary.error.message} onRetry={() => summary.refetch()} />
        {back}
      </div>
    );
  }

  const { amounts, availablePoints, gateway, cod } = summary.data;
  const promotions = promotionsOf(summary.data);
  // Items whose seller, without a GSTIN, ships only within its state, and the chosen address is in another: no Pay.
  const deliveryState = chosen.addressId
    ? (chosen.addresses.data?.find((a) => a.id === chosen.addressId)?.state ?? undefined)
    : undefined;
  const undeliverable = undeliverableLines(summary.data.lines, deliveryState);
  const blocked = new Set(undeliverable.map((l) => `${l.productId}:${l.variantId ?? ''}`));
  // Nothing to pay means no choice of how to pay; cash on delivery needs no gateway.
  const online = amounts.totalPaise > 0 && payment.method === 'online';
  // Payments being off is said before Pay, not after.
  const paymentsOff = online && gateway === 'none';
  const pointsError =
    fields.pointsToUse ?? (pointsToUse > availablePoints ? checkoutMessages.tooManyPoints : undefined);
  const payLabel = payButtonLabel(payment.method, amounts.totalPaise);
  const starting = online ? 'Preparing payment...' : 'Placing your order...';
  const progress =
    stage === 'starting'
      ? starting
      : stage === 'verifying'
        ? 'Confirming payment...'
        : stage === 'paying'
          ? 'Waiting for payment...'
          : updating
            ? UPDATING_TOTAL
            : payLabel;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          Checkout
        </h2>
        {back}
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <CheckoutAddress
            chosen={chosen}
            error={fields.addressId}
            disabled={busy}
            onChange={() => setFields((f) => ({ ...f, addressId: '' }))}
            addressFormModal={addressFormModal}
          />
          <ItemsByShop summary={summary.data} updating={updating} blocked={blocked} />
        </div>
        <SummaryPanel headingId="checkout-summary-heading" title="Payment Summary">
          <SummaryAmounts updating={updating}>
            <SummaryLines
              totals={amounts}
              itemCount={summary.data.lines.reduce((n, l) => n + l.quantity, 0)}
              discountPaise={discountOf(summary.data)}
            />
          </SummaryAmounts>
          <CouponField
            applied={couponCode}
            message={couponRefused ?? (updating ? null : promotions.couponMessage)}
            busy={updating}
            disabled={busy}
            onApply={(code) => {
              setCouponRefused(null);
              setCouponCode(code);
            }}
            onRemove={() => {
              setCouponRefused(null);
              setCouponCode(null);
            }}
          />
          {!updating && <PromotionLines promotions={promotions} />}
          {pointsError && <Alert tone="error">{pointsError}. Go back to your cart to change the points.</Alert>}
          {amounts.totalPaise > 0 && (
            <PaymentMethodChoice
              method={payment.method}
              onChange={(m) => {
                payment.choose(m);
                setFields((f) => ({ ...f, paymentMethod: '' }));
              }}
              totalPaise={updating ? null : amounts.totalPaise}
              cod={cod}
              error={payment.lost ? undefined : fields.paymentMethod || undefined}
              lost={payment.lost}
              disabled={busy}
            />
          )}
          {online && gateway === 'test' && (
            <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              <FlaskConical className="h-4 w-4 shrink-0" aria-hidden="true" />
              {checkoutMessages.testMode}
            </p>
          )}
          {paymentsOff && <Alert tone="error">{checkoutMessages.paymentsNotConfigured}</Alert>}
          {undeliverable.length > 0 && (
            <Alert tone="error">
              {undeliverable.map((l) => `"${l.name}"`).join(', ')} cannot be delivered to{' '}
              {deliveryState || 'this address'}:{' '}
              {undeliverable.length === 1 ? 'its seller ships' : 'their sellers ship'} only within{' '}
              {[...new Set(undeliverable.map((l) => l.shipsOnlyWithin || 'its own state'))].join(', ')}. Choose another
              address or remove {undeliverable.length === 1 ? 'it' : 'them'}.
            </Alert>
          )}
          <Button
            size="lg"
            className="w-full"
            onClick={pay}
            loading={busy || updating}
            disabled={Boolean(pointsError) || paymentsOff || undeliverable.length > 0}
          >
            {progress}
          </Button>
          <p className="flex items-center justify-center gap-1.5 text-xs text-slate-500">
            <Lock className="h-3.5 w-3.5" aria-hidden="true" />
            {amounts.totalPaise === 0
              ? 'Your points cover this order: nothing to pay.'
              : online
                ? 'Amounts are checked again by Haat when you pay.'
                : 'Amounts are checked again by Haat when you place the order.'}
          </p>
        </SummaryPanel>
      </div>
      <TestPaymentDialog
        open={testPayment !== null}
        amountPaise={testPayment?.amountPaise ?? 0}
        busy={testBusy}
        onPay={testPay}
        onFail={() => testEnd('failed')}
        onDismiss={() => testEnd('cancelled')}
      />
    </div>
  );
}
