export * from './admin.tables';
export { adminRoutes } from './admin.routes';
