// Issue 23, points 7–10: returns and refunds.
export { returnsRoutes } from './returns.routes';
export { decideReturnAsAdmin, getOrderReturns, getReturn, listReturns, requestReturn, retryReturnRefund } from './returns.service';
