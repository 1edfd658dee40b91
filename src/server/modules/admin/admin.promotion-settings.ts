import { eq } from 'drizzle-orm';
import type { PromotionSettings } from '../../../contracts/promotions.contract';
import { toPaise } from '../../../domain/money';
import type { Config } from '../../platform/config';
import type { DbOrTx, Tx } from '../../platform/db';
import { promotionSettings } from './admin.tables';

/**
 * The amount above which saving a promotion Haat pays for needs a fresh code (the most it can take
 * off one order, needsFreshCodeToSave): the super admin's setting, else PROMOTION_FRESH_CODE_ABOVE_RUPEES.
 */
export async function getPromotionSettings(db: DbOrTx, config: Config): Promise<PromotionSettings> {
  const [row] = await db.select().from(promotionSettings).where(eq(promotionSettings.id, 1));
  const defaultPaise = toPaise(config.PROMOTION_FRESH_CODE_ABOVE_RUPEES);
  return { freshCodeAbovePaise: row?.freshCodeAbovePaise ?? defaultPaise, defaultPaise };
}

/** Saves the amount (the caller holds the fresh code and writes the audit entry); answers the settings before. */
export async function savePromotionSettings(
  tx: Tx,
  config: Config,
  freshCodeAbovePaise: number,
): Promise<PromotionSettings> {
  const before = await getPromotionSettings(tx, config);
  await tx
    .insert(promotionSettings)
    .values({ id: 1, freshCodeAbovePaise })
    .onConflictDoUpdate({ target: promotionSettings.id, set: { freshCodeAbovePaise, updatedAt: new Date() } });
  return before;
}
