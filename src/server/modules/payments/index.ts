export * from './payments.tables';
export { RazorpayGateway, TestGateway, sameSignature, signCheckout, type PaymentGateway, type ProviderOrderRequest, type RazorpayCredentials } from './payments.gateway';
export {
  activeGateway,
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
  type GatewaySettingsInput,
  type GatewaySettingsView,
  type NewPayment,
  type Payment,
} from './payments.service';
