import { Tag } from 'lucide-react';
import { useId, useState } from 'react';
import type { CheckoutSummary } from '../../../contracts/checkout.contract';
import { COUPON_CODE_MAX, couponCodeSchema, type CheckoutPromotions } from '../../../contracts/promotions.contract';
import { AppliedOffers } from '../../ui/AppliedOffers';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';

/** The checkout summary with its promotions (absent from a server that prices none). */
export type SummaryWithPromotions = CheckoutSummary & {
  promotions?: CheckoutPromotions;
  amounts: CheckoutSummary['amounts'] & { discountPaise?: number };
};

/** The summary's promotions, none when the server sends none. */
export const promotionsOf = (summary: CheckoutSummary): CheckoutPromotions =>
  (summary as SummaryWithPromotions).promotions ?? {
    couponCode: null,
    couponMessage: null,
    applied: [],
    notApplied: [],
  };

/** What the promotions take off the items (0 when none). */
export const discountOf = (summary: CheckoutSummary) => (summary as SummaryWithPromotions).amounts.discountPaise ?? 0;

/** A line's share of the promotions' discount (0 when none). */
export const lineDiscountOf = (line: CheckoutSummary['lines'][number]) =>
  (line as { discountPaise?: number }).discountPaise ?? 0;

/** The code a shopper typed, normalised, or why it cannot be a code (the contract's message). */
export function readCouponCode(text: string): { code: string } | { error: string } {
  const checked = couponCodeSchema.safeParse(text);
  return checked.success ? { code: checked.data } : { error: checked.error.issues[0].message };
}

/**
 * The coupon field of the payment summary: 'Coupon code', Apply, and Remove once one is applied.
 * A code that is not one (too short, a symbol) is refused here with the contract's message; a code
 * the server refuses shows its message (`message`) as the field's error.
 */
export function CouponField({
  applied,
  message,
  busy,
  disabled,
  onApply,
  onRemove,
}: {
  /** The code applied (sent with the summary), or null. */
  applied: string | null;
  /** Why the applied code does not apply, or null. */
  message: string | null;
  /** The summary is being read again with the code. */
  busy: boolean;
  disabled?: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(applied ?? '');
  const [typed, setTyped] = useState<string | null>(null);
  const error = typed ?? message;
  const accepted = applied !== null && !message && !busy;
  const apply = () => {
    const read = readCouponCode(text);
    if ('error' in read) return setTyped(read.error);
    setTyped(null);
    setText(read.code);
    onApply(read.code);
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setTyped(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          // Room for spaces around the longest code: they are trimmed.
          maxLength={COUPON_CODE_MAX + 4}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : accepted ? `${id}-applied` : undefined}
          className={cn(
            'block min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-sm uppercase text-slate-900',
            'placeholder:normal-case placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-violet-600',
            error ? 'border-red-500' : 'border-slate-300',
          )}
        />
        <Button variant="secondary" onClick={apply} loading={busy && applied !== null} disabled={disabled}>
          Apply
        </Button>
        {applied !== null && (
          <Button
            variant="ghost"
            onClick={() => {
              setText('');
              setTyped(null);
              onRemove();
            }}
            disabled={disabled || busy}
          >
            Remove
          </Button>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : accepted ? (
        <p id={`${id}-applied`} className="flex items-center gap-1.5 text-sm font-medium text-green-700">
          <Tag className="h-4 w-4" aria-hidden="true" />
          {applied} applied
        </p>
      ) : null}
    </div>
  );
}

/**
 * The promotions of the order: each applied one as 'SAVE10 · You save ₹190' with its explanation, then
 * in small text why the others were not used (the coupon's refusal aside: the field shows it).
 */
export function PromotionLines({ promotions }: { promotions: CheckoutPromotions }) {
  // The coupon's own refusal is already the field's error: not said twice.
  const notApplied = promotions.notApplied.filter((p) => p.explanation !== promotions.couponMessage);
  if (promotions.applied.length === 0 && notApplied.length === 0) return null;
  return (
    <div className="space-y-2">
      <AppliedOffers
        offers={promotions.applied.map((p) => ({
          key: p.promotionId,
          title: p.code ?? p.name,
          savedPaise: p.savedPaise,
          explanation: p.explanation,
        }))}
      />
      {notApplied.length > 0 && (
        <ul aria-label="Offers not applied" className="space-y-0.5 text-xs text-slate-500">
          {notApplied.map((p, i) => (
            <li key={p.promotionId ?? `${p.name}-${i}`}>{p.explanation}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
