export * from './content.tables';
export { contentRoutes } from './content.routes';
