export { ordersRoutes } from './orders.routes';
export {
  countOrders,
  deliveredPartIds,
  earlierOrdersOf,
  getOrder,
  getOrderHistory,
  listOrders,
  openPartsOfVendor,
  partCustomer,
  partForDocument,
  partForReturn,
  tabStatuses,
  type PartForDocument,
  type PartForReturn,
} from './orders.queries';
export { orderShown, ordersHistoryOf, partDueForRelease } from './orders.conditions';
export { orderItemRows, orderPartRows, orderRows, orderRowShown } from './orders.rows';
export {
  addRefundDue,
  findDeliveredOrderWithProduct,
  isProductOrdered,
  findOrderCustomer,
  hideOrder,
  insertOrder,
  orderWrite,
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
export {
  itemLines,
  noticeOrderPlaced,
  noticePartsCancelled,
  orderPlacedNoticeWrite,
  type PlacedOrderNotice,
} from './orders.notices';
export { orderValuesAfterDiscount } from './orders.values';
