export * from './payments.tables';
export { RazorpayGateway, TestGateway, sameSignature, signCheckout, type PaymentGateway, type ProviderOrderRequest, type ProviderPayment, type RazorpayCredentials } from './payments.gateway';
export {
  activeGateway,
  activeGatewayName,
  createPayment,
  findPaymentByProviderOrder,
  gatewayNamed,
  getGatewaySettings,
  getPayment,
  isRefundDue,
  listOpenPaymentIds,
  lockPayment,
  markPaymentFailed,
  markPaymentPaid,
  razorpayGateway,
  saveGatewaySettings,
  testGateway,
  testGatewayKeys,
  testPaymentsWarning,
  warnIfTestPayments,
  type GatewaySettingsInput,
  type GatewaySettingsView,
  type NewPayment,
  type Payment,
} from './payments.service';
export { paymentsHistoryOf } from './payments.service';
