export { mediaRoutes } from './media.routes';
export { foreignProductImages, processImage } from './media.service';
