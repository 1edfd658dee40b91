export * from './media.tables';
export { mediaRoutes } from './media.routes';
export { processImage } from './media.service';
