// Issue 23, points 7–10: returns and refunds.
export { returnsRoutes } from './returns.routes';
export { decideReturnAsAdmin, getOrderReturns, getReturn, listReturns, partsWithReturnInProgress, requestReturn, retryReturnRefund } from './returns.service';
