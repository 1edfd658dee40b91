// The pieces of a paged, sorted and searched list of the super admin's screens (admin's read model
// and the lists a single module answers: content's messages, erp's employees, auth's accounts).
import { asc, count, desc, ilike, or, sql, type AnyColumn, type SQL, type Subquery } from 'drizzle-orm';
import { ADMIN_COUNT_CAP, type AdminListQuery } from '../../contracts/admin-lists.contract';
import type { Db } from './db';
import { AppError } from './app-error';

/** Rows an export may hold: enough for any real filter, bounded so one click cannot take the server down. */
export const EXPORT_LIMIT = 10_000;

/** The ORDER BY of an admin list: the requested sort key (or the default) and direction, then the id for a stable order. */
export function orderOf<K extends string>(
  sorts: Record<K, AnyColumn | SQL>,
  query: Pick<AdminListQuery, 'sort' | 'dir'>,
  fallback: K,
  id: AnyColumn,
): SQL[] {
  const key = (query.sort ?? fallback) as K;
  const column = sorts[key];
  if (!column)
    throw new AppError('VALIDATION_FAILED', `Unknown sort '${query.sort}'`, {
      sort: `Sort by one of: ${Object.keys(sorts).join(', ')}`,
    });
  const by = query.dir === 'asc' ? asc : desc;
  return [by(column), by(id)];
}

/** A LIKE pattern for what the admin typed: wildcards in it are taken literally. */
export const containsPattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * Matches a row whose id starts with the typed text (ids are searched as well as names and emails):
 * a range of the key (served by its index) checked exactly as text too; `false` when the text
 * cannot begin an id, which the planner drops, so a name search keeps to its own indexes.
 */
export function idStartsWith(id: AnyColumn, q: string): SQL {
  if (!/^[0-9a-f-]+$/i.test(q)) return sql`false`;
  const hex = q.toLowerCase().replace(/-/g, '');
  if (hex.length === 0 || hex.length > 32) return sql`false`;
  return sql`(${id} between ${uuidOf(hex.padEnd(32, '0'))} and ${uuidOf(hex.padEnd(32, 'f'))} and ${id}::text like ${`${q.toLowerCase()}%`})`;
}

/**
 * The search box of a list: a row matches when one of its texts contains what was typed (case aside,
 * wildcards taken literally) or one of its ids starts with it; nothing typed, no condition.
 */
export function searchOf(
  q: string | undefined,
  texts: Parameters<typeof ilike>[0][],
  ids: AnyColumn[],
): SQL | undefined {
  if (!q) return undefined;
  const p = containsPattern(q);
  return or(...texts.map((t) => ilike(t, p)), ...ids.map((id) => idStartsWith(id, q)));
}

/**
 * The total of a long list, counted up to ADMIN_COUNT_CAP or to the end of the page asked for when
 * that is further, and one more to know whether there are more: `matches(limit)` is the list's
 * filter as a subquery with that limit, so PostgreSQL stops reading at it.
 */
export async function countCapped(
  db: Db,
  query: Pick<AdminListQuery, 'page' | 'pageSize'>,
  matches: (limit: number) => Subquery,
): Promise<{ total: number; totalCapped: boolean }> {
  const upTo = Math.max(ADMIN_COUNT_CAP, query.page * query.pageSize);
  const [{ counted }] = await db.select({ counted: count() }).from(matches(upTo + 1));
  return Number(counted) > upTo ? { total: upTo, totalCapped: true } : { total: Number(counted), totalCapped: false };
}

/** LIMIT and OFFSET of a page, or the export's bound. */
export const pageWindow = (query: Pick<AdminListQuery, 'page' | 'pageSize'>, forExport = false) =>
  forExport ? { limit: EXPORT_LIMIT, offset: 0 } : { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
