export { adminRoutes } from './admin.routes';
export { adminOverviewRoutes } from './overview.routes';
