export { contentRoutes } from './content.routes';
export { listContactMessages, setContactMessageRead } from './content.service';
