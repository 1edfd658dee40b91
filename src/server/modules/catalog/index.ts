export { catalogRoutes } from './catalog.routes';
export { catalogVendorRoutes } from './catalog.vendor.routes';
export {
  countVendorProducts,
  getVendorProduct,
  isImageOnVendorProduct,
  isOwnProduct,
  removeProductImage,
  updateVendorProduct,
  type UpdateVendorProductArgs,
} from './catalog.vendor';
export { searchProducts } from './catalog.search';
export {
  addReview,
  categoryNames,
  getProduct,
  hasReviewed,
  listCategories,
  listProductReviews,
  type NewReview,
} from './catalog.service';
export {
  byStockKey,
  getProductName,
  getProductSeller,
  getPurchasable,
  getPurchasableLines,
  returnStock,
  stockKey,
  takeStock,
  type Purchasable,
  type PurchasableLine,
  type StockKey,
} from './catalog.stock';
export {
  holdStock,
  holdStockAtOnce,
  holdableAtOnce,
  releaseExpiredHolds,
  releaseHeldStock,
  sellHeldStock,
  sellHeldStockStep,
  startStockHoldsJob,
  type HoldLine,
} from './catalog.holds';
export {
  deleteProductByAdmin,
  lockProductOwner,
  setProductActiveByAdmin,
  withdrawShopProducts,
  type ProductActiveChange,
  type ProductDeletion,
  type SetProductActiveByAdminArgs,
} from './catalog.admin';
export {
  categoryRows,
  itemPicture,
  productListRows,
  productRevisionRows,
  productRowOnSale,
  productRows,
  reviewRows,
  variantRows,
} from './catalog.rows';
export { getProductReviewSettings, saveProductReviewSettings } from './catalog.review';
export { decideProductRevision, getRevisionDiff, type RevisionDecision } from './catalog.review-decisions';
export { gstRatesOn, productTaxClasses } from './catalog.gst';
export { addHsnCode, addHsnRate, isHsnCode, listHsnCodes, type NewHsnCode, type NewHsnRate } from './catalog.hsn';
export {
  listProductVariants,
  listVariantsOfProducts,
  productIdsOfVariants,
  saveProductVariants,
  type ProductOptionsInput,
  type ProductVariant,
  type VariantInput,
} from './catalog.variants';
