export { ordersRoutes } from './orders.routes';
export { countOrders, getOrder, getOrderHistory, listOrders, openPartsOfVendor, partForDocument, tabStatuses, type PartForDocument } from './orders.queries';
export { ordersHistoryOf, partDueForRelease } from './orders.conditions';
export {
  addRefundDue,
  findDeliveredOrderWithProduct,
  isProductOrdered,
  findOrderCustomer,
  insertOrder,
  lockCustomerOrder,
  markReturnedToSeller,
  recordCashCollected,
  setPartStatus,
  setPaymentStatus,
  type Actor,
  type LockedOrder,
  type NewOrder,
  type NewOrderLine,
  type PlacedPart,
} from './orders.service';
