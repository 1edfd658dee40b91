export { cartRoutes } from './cart.routes';
export { cartLinesColumn, clearCart, clearCartWrite, listCartLines } from './cart.service';
