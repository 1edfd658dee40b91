// Returns and refunds.
export { returnsRoutes } from './returns.routes';
export {
  decideReturnAsAdmin,
  getOrderReturns,
  getReturn,
  listReturns,
  partsWithReturnInProgress,
  requestReturn,
  retryReturnRefund,
} from './returns.service';
