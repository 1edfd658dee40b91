export { catalogRoutes } from './catalog.routes';
export { catalogVendorRoutes } from './catalog.vendor.routes';
export { countVendorProducts, isImageOnVendorProduct, isOwnProduct, removeProductImage } from './catalog.vendor';
export { searchProducts } from './catalog.search';
export { addReview, getProduct, hasReviewed, listCategories, listProductReviews, type NewReview } from './catalog.service';
export { getProductName, getPurchasable, returnStock, takeStock, type Purchasable } from './catalog.stock';
export { holdStock, releaseExpiredHolds, releaseHeldStock, sellHeldStock, startStockHoldsJob, type HoldLine } from './catalog.holds';
export { deleteProductByAdmin, setProductActiveByAdmin, withdrawShopProducts, type ProductActiveChange, type ProductDeletion, type SetProductActiveByAdminArgs } from './catalog.admin';
export { productRows, reviewRows } from './catalog.rows';
