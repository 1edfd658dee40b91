import { Banknote, CreditCard } from 'lucide-react';
import { useId, useState } from 'react';
import type { CheckoutSummary, PaymentMethod } from '../../../contracts/checkout.contract';
import { codMessages } from '../../../domain/cod';
import { formatRupees } from '../../../domain/money';
import { cn } from '../../ui/cn';

// Checkout's 'Payment method': pay online through the gateway, as before, or
// in cash at the door when the server says the cart may be (cod.available), every reason shown if not.

type Cod = CheckoutSummary['cod'];

/** The line under 'Cash on delivery': the amount payable after points, in cash at the door. */
export const codPayLine = (totalPaise: number) => `Pay ${formatRupees(totalPaise)} in cash when it is delivered`;

/** The checkout button: the online payment's amount, or 'Place Order' when nothing is paid now (cash on delivery, or points cover everything). */
export const payButtonLabel = (method: PaymentMethod, totalPaise: number) =>
  method === 'online' && totalPaise > 0 ? `Pay ${formatRupees(totalPaise)}` : 'Place Order';

/** Why cash on delivery is off: the server's reasons, or its general message when it gave none. */
const reasonsOf = (cod: Cod) => (cod.reasons.length > 0 ? cod.reasons : [codMessages.unavailable]);

/** Said when cash on delivery was chosen and the summary no longer allows it, so checkout is back to paying online. */
export const codLostMessage = (reasons: string[]) =>
  `Cash on delivery is no longer available for this order (${reasons.join('; ')}), so Pay online is chosen instead.`;

/** The reasons to fall back to paying online: cash on delivery is chosen but the summary no longer allows it; null otherwise. */
export function codFallback(method: PaymentMethod, cod: Cod | undefined): string[] | null {
  return method === 'cod' && cod !== undefined && !cod.available ? reasonsOf(cod) : null;
}

/**
 * The chosen payment method, 'online' at first. When the summary changes so that cash on delivery,
 * chosen, is no longer available, the choice goes back to online and `lost` says why until the
 * customer chooses again.
 */
export function usePaymentMethod(cod: Cod | undefined) {
  const [method, setMethod] = useState<PaymentMethod>('online');
  const [lost, setLost] = useState<string[] | null>(null);
  // Adjusted while rendering (React's pattern for state that follows props): no frame shows COD chosen but unavailable.
  const fallback = codFallback(method, cod);
  if (fallback) {
    setMethod('online');
    setLost(fallback);
  }
  const choose = (next: PaymentMethod) => {
    setMethod(next);
    setLost(null);
  };
  return { method: fallback ? 'online' : method, choose, lost: fallback ?? lost };
}

type Props = {
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** The amount payable after points; null while it is being read again (no amount is shown then). */
  totalPaise: number | null;
  cod: Cod;
  /** The server's refusal of the chosen method (error.fields.paymentMethod). */
  error?: string;
  /** The reasons cash on delivery was taken away while chosen (see usePaymentMethod). */
  lost?: string[] | null;
  disabled?: boolean;
};

const option = cn(
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2.5 text-sm text-slate-800',
  'has-[:checked]:border-violet-600 has-[:checked]:bg-violet-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-600',
  'has-[:disabled]:cursor-not-allowed has-[:disabled]:border-dashed has-[:disabled]:bg-slate-50 has-[:disabled]:text-slate-500',
);

/** 'Payment method': Pay online or Cash on delivery, as native radio buttons in 44 px rows; an unavailable COD is disabled with its reasons under it. */
export function PaymentMethodChoice({ method, onChange, totalPaise, cod, error, lost, disabled }: Props) {
  const id = useId();
  const reasonsId = `${id}-cod-reasons`;
  const errorId = `${id}-error`;
  const lostId = `${id}-lost`;
  const groupDescribedBy = [error ? errorId : '', lost ? lostId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="space-y-2" aria-describedby={groupDescribedBy}>
      <legend className="mb-2 text-sm font-semibold text-slate-900">Payment method</legend>
      <label className={option}>
        <input
          type="radio"
          name={`${id}-method`}
          value="online"
          checked={method === 'online'}
          onChange={() => onChange('online')}
          disabled={disabled}
          className="mt-0.5 h-5 w-5 shrink-0 accent-violet-700"
        />
        <CreditCard className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
        <span>
          <span className="block font-medium">Pay online</span>
          <span className="block text-xs text-slate-600">UPI, cards, net banking or wallets, paid securely now</span>
        </span>
      </label>
      <div>
        <label className={option}>
          <input
            type="radio"
            name={`${id}-method`}
            value="cod"
            checked={method === 'cod'}
            onChange={() => onChange('cod')}
            disabled={disabled || !cod.available}
            aria-describedby={cod.available ? undefined : reasonsId}
            className="mt-0.5 h-5 w-5 shrink-0 accent-violet-700"
          />
          <Banknote className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
          <span>
            <span className="block font-medium">{codMessages.label}</span>
            <span className="block text-xs text-slate-600">
              {totalPaise === null ? 'Pay in cash when it is delivered' : codPayLine(totalPaise)}
            </span>
          </span>
        </label>
        {!cod.available && (
          <ul id={reasonsId} className="mt-1.5 list-disc space-y-0.5 pl-8 text-xs text-slate-700">
            {reasonsOf(cod).map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
      </div>
      {lost && (
        <p id={lostId} role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {codLostMessage(lost)}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
