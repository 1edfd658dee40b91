import { inArray, sql } from 'drizzle-orm';
import { DEFAULT_COD_LIMIT_PAISE } from '../../../domain/cod';
import { queryRows, type DbOrTx, type Tx } from '../../platform/db';
import { codExcludedCategories, codSettings } from './payments.tables';

/** Cash on delivery's rules as the super admin set them: the order value limit and the excluded categories. */
export type CodSettings = { limitPaise: number; excludedCategoryIds: string[] };

/** The cash on delivery rules (the default limit of ₹10,000 and no excluded category until the super admin saves them). */
export async function getCodSettings(db: DbOrTx): Promise<CodSettings> {
  // The limit and the excluded categories (in the order they were added) in one statement.
  const [row] = await queryRows<{ limit_paise: string | number | null; excluded: string[] | string | null }>(
    db,
    sql`select (select ${codSettings.limitPaise} from ${codSettings} where ${codSettings.id} = 1) as limit_paise,
      (select json_agg(${codExcludedCategories.categoryId}
        order by ${codExcludedCategories.createdAt}, ${codExcludedCategories.categoryId})
       from ${codExcludedCategories}) as excluded`,
  );
  const excluded = typeof row.excluded === 'string' ? (JSON.parse(row.excluded) as string[]) : row.excluded;
  return {
    limitPaise: row.limit_paise === null ? DEFAULT_COD_LIMIT_PAISE : Number(row.limit_paise),
    excludedCategoryIds: excluded ?? [],
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
