import { Coins, Loader2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { formatRupees, pointsToPaise } from '../../domain/money';
import { FREE_SHIPPING_ABOVE_PAISE, type OrderTotals } from '../../domain/pricing';
import { Money } from './Money';
import { PointsBadge } from './PointsBadge';
import { Slider } from './Slider';
import { Skeleton } from './States';

function Row({
  label,
  children,
  hint,
  strong,
}: {
  label: string;
  children: ReactNode;
  hint?: ReactNode;
  strong?: boolean;
}) {
  return (
    <div
      className={
        strong
          ? 'flex items-baseline justify-between border-t border-slate-200 pt-3 text-base font-bold text-slate-900'
          : 'flex items-baseline justify-between text-sm text-slate-700'
      }
    >
      <dt>
        {label}
        {hint && <span className="block text-xs font-normal text-slate-500">{hint}</span>}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Said while a cart change is still on its way, in place of amounts that would be out of date. */
/** The summary beside a cart's or a checkout's items: a card that stays in view on a wide screen. */
export function SummaryPanel({
  headingId,
  title,
  children,
}: {
  headingId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:sticky lg:top-24"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const UPDATING_TOTAL = 'Updating total…';

/**
 * The amounts, or while `updating` (a cart change not yet saved, the amounts being read again) a
 * placeholder of the same shape: no total older than the cart is ever shown. The status line is a
 * live region that is always there, so screen readers hear 'Updating total…' come and go.
 */
export function SummaryAmounts({ updating, children }: { updating: boolean; children: ReactNode }) {
  return (
    <div aria-busy={updating}>
      <p
        role="status"
        aria-live="polite"
        className={updating ? 'mb-2 flex items-center gap-2 text-sm font-medium text-violet-800' : 'sr-only'}
      >
        {updating && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {updating ? UPDATING_TOTAL : ''}
      </p>
      {updating ? (
        <div className="space-y-2" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-4 w-full" />
          ))}
          <Skeleton className="h-6 w-full" />
        </div>
      ) : (
        children
      )}
    </div>
  );
}

/**
 * Subtotal, the promotions' discount (when there is one), shipping, points discount and total, as
 * `orderTotals` computes them. Free shipping counts the items after the discount.
 */
export function SummaryLines({
  totals,
  itemCount,
  discountPaise = 0,
}: {
  totals: OrderTotals;
  itemCount: number;
  discountPaise?: number;
}) {
  const shortOfFree = FREE_SHIPPING_ABOVE_PAISE + 100 - (totals.subtotalPaise - discountPaise);
  return (
    <div>
      <dl className="space-y-2">
        <Row label={`Subtotal (${itemCount} ${itemCount === 1 ? 'item' : 'items'})`}>
          <Money paise={totals.subtotalPaise} />
        </Row>
        {discountPaise > 0 && (
          <Row label="Discount">
            <span className="font-medium text-green-700">{`−${formatRupees(discountPaise)}`}</span>
          </Row>
        )}
        <Row
          label="Shipping"
          hint={
            totals.shippingPaise > 0
              ? `Free shipping on orders above ₹999. Add ${formatRupees(shortOfFree)} more to get it.`
              : 'Free shipping on orders above ₹999'
          }
        >
          {totals.shippingPaise === 0 ? (
            <span className="font-medium text-green-700">Free</span>
          ) : (
            <Money paise={totals.shippingPaise} />
          )}
        </Row>
        <Row label="Points discount">
          <span className={totals.pointsUsed > 0 ? 'font-medium text-green-700' : undefined}>
            {totals.pointsUsed > 0 ? '−' : ''}
            <Money paise={pointsToPaise(totals.pointsUsed)} />
          </span>
        </Row>
        <Row label="Total" strong>
          <Money paise={totals.totalPaise} />
        </Row>
      </dl>
      {totals.pointsEarned > 0 && (
        <p className="flex items-center justify-end gap-2 pt-1 text-xs text-slate-600">
          You will earn <PointsBadge points={totals.pointsEarned} />
        </p>
      )}
    </div>
  );
}

type PointsPickerProps = { available: number; max: number; value: number; onChange: (points: number) => void };

/** The points to use: a slider and a number input kept in sync, 0 to `max` (the smaller of the balance and the total). */
export function PointsPicker({ available, max, value, onChange }: PointsPickerProps) {
  const numberId = useId();
  if (available <= 0) {
    return (
      <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <Coins className="h-4 w-4 shrink-0" aria-hidden="true" />
        You have no reward points to use yet. You earn them on every order.
      </p>
    );
  }
  const set = (n: number) => onChange(Math.min(max, Math.max(0, Math.floor(Number.isFinite(n) ? n : 0))));
  return (
    <fieldset className="space-y-3 rounded-lg border border-amber-200 bg-amber-50/60 p-3">
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-slate-900">
        <Coins className="h-4 w-4 text-amber-600" aria-hidden="true" />
        Use reward points
      </legend>
      <p className="text-sm text-slate-700">
        You have <strong>{available.toLocaleString('en-IN')}</strong> points available (1 point = ₹1). You can use up to{' '}
        {max.toLocaleString('en-IN')} on this order.
      </p>
      <Slider
        label="Points to use"
        value={value}
        max={max}
        onChange={set}
        valueText={(v) => `${v} points`}
        disabled={max === 0}
      />
      <div className="flex items-center gap-2">
        <label htmlFor={numberId} className="text-sm font-medium text-slate-700">
          Points
        </label>
        <input
          id={numberId}
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          step={1}
          value={value}
          disabled={max === 0}
          onChange={(e) => set(e.target.value === '' ? 0 : Number(e.target.value))}
          className="w-28 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm focus:outline-none focus:ring-2 focus:ring-violet-600"
        />
        <span className="text-sm text-slate-600">= {formatRupees(pointsToPaise(value))} off</span>
      </div>
    </fieldset>
  );
}
