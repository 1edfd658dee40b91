export * from './content.tables';
export { contentRoutes } from './content.routes';
export { setContactMessageRead } from './content.service';
