import { checkoutMessages, type PaymentRequired } from '../../../contracts/checkout.contract';

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** What Razorpay's checkout hands to its success handler. */
export type RazorpayResponse = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };

type RazorpayOptions = {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  theme: { color: string };
  handler: (r: RazorpayResponse) => void;
  modal: { ondismiss: () => void };
};
type RazorpayInstance = {
  open: () => void;
  on: (event: 'payment.failed', cb: (r: { error?: { description?: string; reason?: string } }) => void) => void;
};

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

let loading: Promise<void> | null = null;

/** Loads Razorpay's checkout script once, on demand; rejects with 'Failed to load payment gateway'. */
export function loadRazorpay(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve() : reject(new Error(checkoutMessages.gatewayLoadFailed)));
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error(checkoutMessages.gatewayLoadFailed));
    };
    document.body.appendChild(script);
  });
  return loading;
}

/** How a Razorpay checkout ended: paid (with the signed response), failed (with the provider's reason) or dismissed. */
export type RazorpayOutcome =
  { kind: 'paid'; response: RazorpayResponse } | { kind: 'failed'; detail: string } | { kind: 'dismissed' };

/**
 * Opens Razorpay's checkout for a payment the server created: its key, amount in paise, order id,
 * the customer's name, email and phone prefilled, and the purple theme.
 */
export async function payWithRazorpay(p: PaymentRequired): Promise<RazorpayOutcome> {
  if (!p.keyId) throw new Error(checkoutMessages.gatewayNotConfigured);
  await loadRazorpay();
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error(checkoutMessages.gatewayLoadFailed);
  return new Promise<RazorpayOutcome>((resolve) => {
    let failure: string | null = null;
    const rzp = new Razorpay({
      key: p.keyId!,
      amount: p.amountPaise,
      currency: p.currency,
      order_id: p.providerOrderId,
      name: 'Haat',
      description: 'Your Haat order',
      prefill: p.prefill,
      theme: { color: '#6d28d9' },
      handler: (response) => resolve({ kind: 'paid', response }),
      // A failed attempt keeps the checkout open for a retry; closing it after a failure reports that failure.
      modal: { ondismiss: () => resolve(failure ? { kind: 'failed', detail: failure } : { kind: 'dismissed' }) },
    });
    rzp.on('payment.failed', (r) => {
      failure = r.error?.description || r.error?.reason || 'The payment was declined';
    });
    rzp.open();
  });
}
