export { cartRoutes } from './cart.routes';
export { clearCart, clearCartWrite, listCartLines } from './cart.service';
