export { cartRoutes } from './cart.routes';
export { clearCart, listCartLines } from './cart.service';
