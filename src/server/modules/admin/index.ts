export { adminRoutes } from './admin.routes';
export { adminOverviewRoutes } from './overview.routes';
export { adminWithdrawalsRoutes } from './withdrawals.routes';
export { adminMessagesRoutes } from './messages.routes';
export { adminVendorsRoutes } from './vendors.routes';
export { adminProductsRoutes } from './products.routes';
export { adminUsersRoutes } from './users.routes';
export { adminEmployeesRoutes } from './employees.routes';
