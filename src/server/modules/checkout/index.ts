export { checkoutRoutes } from './checkout.routes';
export { confirmPayment, getCheckoutSummary, startCheckout } from './checkout.service';
export { addProductReview } from './checkout.reviews';
export { placeOrderPaidWithPoints } from './checkout.place';
