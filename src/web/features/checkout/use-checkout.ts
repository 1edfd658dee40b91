import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type {
  CheckoutInput,
  CheckoutResult,
  CheckoutSummary,
  PaymentMethod,
  Placed,
  TestPayment,
  VerifyPaymentInput,
} from '../../../contracts/checkout.contract';
import { checkoutMessages, checkoutSchema, paymentFailedMessage } from '../../../contracts/checkout.contract';
import { api, ApiError, toQuery } from '../../api/client';
import { notify } from '../../ui/notify';
import { checkoutSummaryQueryKey } from '../../api/cart';

/** GET /api/checkout/summary for the points chosen and the coupon code applied (none: not sent). */
export const checkoutSummaryPath = (pointsToUse: number, couponCode: string | null) =>
  `/api/checkout/summary${toQuery({ pointsToUse, couponCode })}`;

/** The amounts checkout will charge, priced by the server for the points chosen and the coupon applied. */
export const fetchCheckoutSummary = (pointsToUse: number, couponCode: string | null) =>
  api.get<CheckoutSummary>(checkoutSummaryPath(pointsToUse, couponCode));

/**
 * The amounts checkout will charge, priced by the server for the points the customer chose and the
 * coupon applied; while a new coupon is priced the amounts shown before stay (marked as updating).
 */
export function useCheckoutSummary(pointsToUse: number, couponCode: string | null, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...checkoutSummaryQueryKey, pointsToUse, couponCode],
    queryFn: () => fetchCheckoutSummary(pointsToUse, couponCode),
    placeholderData: keepPreviousData,
    // A refusal (empty cart, product gone) will not change by asking again at once.
    retry: (n, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && n < 2,
  });
}

/**
 * What Pay (or Place Order) sends, checked by the server's own contract: the address, the points, the
 * payment method ('online' when nothing is left to pay, as there is no choice then), the total the
 * page shows, the only amount the server will charge, and the coupon code that total counts (if any).
 */
export function checkoutRequest(a: {
  addressId: string;
  pointsToUse: number;
  method: PaymentMethod;
  totalPaise: number;
  couponCode?: string | null;
}): CheckoutInput & { couponCode?: string } {
  const input = checkoutSchema.parse({
    addressId: a.addressId,
    pointsToUse: a.pointsToUse,
    paymentMethod: a.totalPaise > 0 ? a.method : 'online',
    expectedTotalPaise: a.totalPaise,
  });
  return a.couponCode ? { ...input, couponCode: a.couponCode } : input;
}

/** Starts the checkout: the order is placed at once when nothing is due or it is paid cash on delivery, else a payment is created. */
export const startCheckout = (input: CheckoutInput) => api.post<CheckoutResult>('/api/checkout', input);

/** Sends the signed payment response to the server, which verifies it and places the order. */
export const verifyPayment = (input: VerifyPaymentInput) => api.post<Placed>('/api/payments/verify', input);

/** The test gateway's Pay button: the server signs a simulated payment, as a real provider would. */
export const payTestOrder = (paymentId: string) => api.post<TestPayment>(`/api/payments/${paymentId}/test-pay`);

/** Records a failed or dismissed payment and answers the message to show (computed here if the call fails). */
export async function reportPaymentFailure(
  paymentId: string,
  reason: 'failed' | 'cancelled',
  detail?: string,
): Promise<string> {
  try {
    return (await api.post<{ message: string }>(`/api/payments/${paymentId}/fail`, { reason, detail })).message;
  } catch {
    return reason === 'cancelled'
      ? checkoutMessages.cancelledByUser
      : paymentFailedMessage(detail ?? 'The payment was declined');
  }
}

/** After an order is placed: refresh the cart, the user and the wallet, say so, and go to /orders. */
export function useOrderPlaced() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return (message: string = checkoutMessages.orderPlaced) => {
    notify.success(message, { action: 'checkout' });
    navigate('/orders');
    // The checkout summary of an emptied cart is never asked for again.
    qc.removeQueries({ queryKey: ['checkout'] });
    for (const key of [['cart'], ['me'], ['wallet'], ['orders'], ['product'], ['products']])
      void qc.invalidateQueries({ queryKey: key });
  };
}
