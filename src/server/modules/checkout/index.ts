export { checkoutRoutes } from './checkout.routes';
export { confirmPayment, getCheckoutSummary, startCheckout } from './checkout.service';
export { addProductReview, cancelOrder, type CancelResult } from './checkout.orders';
export { vendorOverviewRoutes } from './vendor-overview.routes';
export { vendorOrdersRoutes } from './vendor-orders.routes';
export { setOrderStatusAsAdmin, type AdminPartChange, type AdminStatusResult } from './admin-status';
