import { asc, eq, inArray } from 'drizzle-orm';
import { DEFAULT_COD_LIMIT_PAISE } from '../../../domain/cod';
import type { DbOrTx, Tx } from '../../platform/db';
import { codExcludedCategories, codSettings } from './payments.tables';

/** Cash on delivery's rules as the super admin set them: the order value limit and the excluded categories. */
export type CodSettings = { limitPaise: number; excludedCategoryIds: string[] };

/** The cash on delivery rules (the default limit of ₹10,000 and no excluded category until the super admin saves them). */
export async function getCodSettings(db: DbOrTx): Promise<CodSettings> {
  const [row] = await db.select({ limitPaise: codSettings.limitPaise }).from(codSettings).where(eq(codSettings.id, 1));
  const excluded = await db
    .select({ id: codExcludedCategories.categoryId })
    .from(codExcludedCategories)
    .orderBy(asc(codExcludedCategories.createdAt), asc(codExcludedCategories.categoryId));
  return {
    limitPaise: row ? Number(row.limitPaise) : DEFAULT_COD_LIMIT_PAISE,
    excludedCategoryIds: excluded.map((e) => e.id),
  };
}

/** Saves the cash on delivery rules in the caller's transaction (the categories must exist: their foreign key refuses others). */
export async function saveCodSettings(tx: Tx, s: CodSettings): Promise<CodSettings> {
  await tx
    .insert(codSettings)
    .values({ id: 1, limitPaise: s.limitPaise })
    .onConflictDoUpdate({ target: codSettings.id, set: { limitPaise: s.limitPaise, updatedAt: new Date() } });
  const keep = [...new Set(s.excludedCategoryIds)];
  const current = (await tx.select({ id: codExcludedCategories.categoryId }).from(codExcludedCategories)).map(
    (r) => r.id,
  );
  const gone = current.filter((id) => !keep.includes(id));
  if (gone.length > 0) await tx.delete(codExcludedCategories).where(inArray(codExcludedCategories.categoryId, gone));
  const added = keep.filter((id) => !current.includes(id));
  if (added.length > 0)
    await tx
      .insert(codExcludedCategories)
      .values(added.map((categoryId) => ({ categoryId })))
      .onConflictDoNothing();
  return getCodSettings(tx);
}
