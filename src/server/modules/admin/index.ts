export { adminRoutes } from './admin.routes';
export { adminOverviewRoutes } from './overview.routes';
export { adminWithdrawalsRoutes } from './withdrawals.routes';
export { adminMessagesRoutes } from './messages.routes';
