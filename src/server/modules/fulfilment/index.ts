export { customerCancelRoutes } from './fulfilment.customer-cancel.routes';
export { cancelOrder, type CancelResult } from './fulfilment.customer-cancel';
export { vendorOrdersRoutes } from './fulfilment.vendor-orders.routes';
export { vendorOverviewRoutes } from './fulfilment.vendor-overview.routes';
export { setOrderStatusAsAdmin, type AdminPartChange, type AdminStatusResult } from './fulfilment.admin-status';
export { deleteOrderAsAdmin, type CancelledPart, type OrderDeleted } from './fulfilment.admin-delete';
