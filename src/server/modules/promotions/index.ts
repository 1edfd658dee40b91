export { adminPromotionsRoutes } from './promotions.routes';
export { vendorPromotionsRoutes } from './promotions.vendor.routes';
export { promotionCostRoutes } from './promotions.cost.routes';
export { promotionResult } from './promotions.read-model';
export { offersNow, type OffersFor } from './promotions.offers';
export {
  earlierOrdersFor,
  promoCartOf,
  quoteCartPromotions,
  quoteOf,
  type LineForPromotions,
  type PromotionsQuote,
} from './promotions.quote';
export {
  changePromotionState,
  checkoutCandidates,
  checkoutCandidatesColumn,
  createPromotion,
  editPromotion,
  holdPromotionUses,
  isCouponNotEnded,
  lockPromotionsForOrder,
  promotionCounts,
  promotionCustomer,
  promotionUsesOfOrder,
  recordPromotionUses,
  releaseHeldPromotionUses,
  releasePromotionUses,
  type CheckoutCandidates,
  type PromotionCustomer,
  type PromotionUseInput,
} from './promotions.service';
export {
  promotionCostNetByOrder,
  promotionCostReport,
  recordPromotionCostCancelled,
  recordPromotionCostGranted,
  recordPromotionCostReturned,
  type PromotionCostItem,
  type PromotionCostRow,
} from './promotions.cost';
