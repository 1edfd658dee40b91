export { adminPromotionsRoutes } from './promotions.routes';
export {
  checkoutCandidates,
  lockPromotionsForOrder,
  promotionCounts,
  promotionUsesOfOrder,
  recordPromotionUses,
  releasePromotionUses,
  settleHeldPromotionUses,
} from './promotions.service';
