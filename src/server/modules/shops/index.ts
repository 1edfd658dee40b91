export * from './shops.tables';
export { publicShopsRoutes, shopsRoutes } from './shops.routes';
export { getOwnShop, isShopActive, listVendorShops, setShopImage, setVendorShopsApproved, type Shop, type ShopImageKind } from './shops.service';
