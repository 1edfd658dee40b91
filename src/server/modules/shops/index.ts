export { publicShopsRoutes, shopsRoutes } from './shops.routes';
export {
  getOwnShop,
  isShopActive,
  listVendorShops,
  closeVendorShops,
  findShopsNamed,
  setShopImage,
  setVendorShopsApproved,
  type Shop,
  type ShopImageKind,
} from './shops.service';
export { shopIdsOfVendor } from './shops.conditions';
export { shopAddress, shopIdsNamed, shopRowOpenToShoppers, shopRows, shopSellers } from './shops.rows';
