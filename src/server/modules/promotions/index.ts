export { adminPromotionsRoutes } from './promotions.routes';
export {
  checkoutCandidates,
  holdPromotionUses,
  lockPromotionsForOrder,
  promotionCounts,
  promotionUsesOfOrder,
  recordPromotionUses,
  releaseHeldPromotionUses,
  releasePromotionUses,
  type PromotionUseInput,
} from './promotions.service';
