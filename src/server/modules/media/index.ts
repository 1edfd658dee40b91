export { mediaRoutes } from './media.routes';
export { foreignImages, foreignProductImages, processImage } from './media.service';
