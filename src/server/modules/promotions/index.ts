export { adminPromotionsRoutes } from './promotions.routes';
export { promotionRows } from './promotions.read-model';
export {
  checkoutCandidates,
  createPromotion,
  editPromotion,
  holdPromotionUses,
  lockPromotionsForOrder,
  promotionCounts,
  promotionUsesOfOrder,
  recordPromotionUses,
  releaseHeldPromotionUses,
  releasePromotionUses,
  type PromotionUseInput,
} from './promotions.service';
