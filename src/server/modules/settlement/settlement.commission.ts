import { and, count, desc, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  rateMessages as m,
  type CommissionRule,
  type CommissionRulePage,
  type CommissionScope,
  type RateStatus,
} from '../../../contracts/settlement-rates.contract';
import { basisPointsToPercent, percentToBasisPoints } from '../../../domain/money';
import { pickCommissionRate } from '../../../domain/settlement';
import { AppError } from '../../platform/app-error';
import type { DbOrTx, Tx } from '../../platform/db';
import { getVendorContact, vendorBusinessNames } from '../auth';
import { categoryNames } from '../catalog';
import { commissionRules } from './settlement.tables';

// Haat's commission rules, a global default, per category and per vendor, each
// from a date. Rules are never edited: a new rule from a later date supersedes the one before it.

/** Adding rules takes this lock, so that two admins adding the same rule at once add it once. */
export const COMMISSION_RULES_LOCK = 72_410_003;

type RuleRow = typeof commissionRules.$inferSelect;

const targetOf = (r: Pick<RuleRow, 'scope' | 'categoryId' | 'vendorUserId'>): string | null =>
  r.scope === 'category' ? r.categoryId : r.scope === 'vendor' ? r.vendorUserId : null;
const groupKey = (r: Pick<RuleRow, 'scope' | 'categoryId' | 'vendorUserId'>) => `${r.scope}:${targetOf(r) ?? ''}`;

/** The same scope and target (the global rule has none). */
const sameTarget = (scope: CommissionScope, categoryId: string | null, vendorUserId: string | null): SQL =>
  and(
    eq(commissionRules.scope, scope),
    categoryId ? eq(commissionRules.categoryId, categoryId) : isNull(commissionRules.categoryId),
    vendorUserId ? eq(commissionRules.vendorUserId, vendorUserId) : isNull(commissionRules.vendorUserId),
  )!;

/**
 * Where each rule stands on `day`: scheduled before its date; in force when pickCommissionRate picks
 * it among the rules of its scope and target; superseded otherwise (a later rule of its target applies).
 */
export function commissionStatuses(
  page: readonly RuleRow[],
  group: readonly RuleRow[],
  day: string,
): Map<string, RateStatus> {
  const byGroup = new Map<string, RuleRow[]>();
  // Oldest first, so that of two rules from one day the later-added wins, as pickCommissionRate reads a list.
  const ordered = [...group].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const r of ordered) byGroup.set(groupKey(r), [...(byGroup.get(groupKey(r)) ?? []), r]);
  const statuses = new Map<string, RateStatus>();
  for (const r of page) {
    if (r.effectiveFrom > day) {
      statuses.set(r.id, 'scheduled');
      continue;
    }
    const rules = (byGroup.get(groupKey(r)) ?? []).map((x) => ({
      ...x,
      targetId: targetOf(x),
      rateBp: x.rateBp,
      scope: x.scope as CommissionScope,
    }));
    const target = targetOf(r);
    const picked = pickCommissionRate(rules, {
      vendorId: r.scope === 'vendor' ? (target ?? '') : '',
      categoryId: r.scope === 'category' ? target : null,
      on: day,
    });
    statuses.set(r.id, picked?.id === r.id ? 'in_force' : 'superseded');
  }
  return statuses;
}

export type ListCommissionRulesArgs = { db: DbOrTx; day: string; page: number; pageSize: number };

/** One page of the commission rules, newest first, each with its category's or vendor's name and its status on `day`. */
export async function listCommissionRules({
  db,
  day,
  page,
  pageSize,
}: ListCommissionRulesArgs): Promise<CommissionRulePage> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(commissionRules)
      .orderBy(desc(commissionRules.createdAt), desc(commissionRules.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(commissionRules),
  ]);
  // The rules in force or past of the page's targets decide each status.
  const targets = [...new Map(rows.map((r) => [groupKey(r), r])).values()].map((r) =>
    sameTarget(r.scope as CommissionScope, r.categoryId, r.vendorUserId),
  );
  const [group, categories, vendors] = await Promise.all([
    targets.length
      ? db
          .select()
          .from(commissionRules)
          .where(and(lte(commissionRules.effectiveFrom, day), or(...targets)))
      : Promise.resolve([]),
    categoryNames(
      db,
      rows.flatMap((r) => (r.categoryId ? [r.categoryId] : [])),
    ),
    vendorBusinessNames(
      db,
      rows.flatMap((r) => (r.vendorUserId ? [r.vendorUserId] : [])),
    ),
  ]);
  const statuses = commissionStatuses(rows, group, day);
  const items: CommissionRule[] = rows.map((r) => ({
    id: r.id,
    scope: r.scope as CommissionScope,
    categoryId: r.categoryId,
    categoryName: r.categoryId ? (categories.get(r.categoryId) ?? null) : null,
    vendorUserId: r.vendorUserId,
    vendorName: r.vendorUserId ? (vendors.get(r.vendorUserId) ?? null) : null,
    rateBp: r.rateBp,
    ratePercent: basisPointsToPercent(r.rateBp),
    effectiveFrom: r.effectiveFrom,
    status: statuses.get(r.id) ?? 'superseded',
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, total: Number(total), page, pageSize };
}

export type NewCommissionRule = {
  scope: CommissionScope;
  categoryId?: string | null;
  vendorUserId?: string | null;
  ratePercent: number;
  effectiveFrom: string;
  adminId: string;
};
export type AddedCommissionRule = {
  id: string;
  scope: CommissionScope;
  categoryId: string | null;
  vendorUserId: string | null;
  rateBp: number;
  effectiveFrom: string;
};

/**
 * Adds a rule in the caller's transaction: 400 for a category or vendor that does not exist, 409 when
 * a rule of the same scope and target from the same date exists (rules are never edited).
 */
export async function addCommissionRule(tx: Tx, input: NewCommissionRule): Promise<AddedCommissionRule> {
  const categoryId = input.scope === 'category' ? (input.categoryId ?? null) : null;
  const vendorUserId = input.scope === 'vendor' ? (input.vendorUserId ?? null) : null;
  if (input.scope === 'category' && !(categoryId && (await categoryNames(tx, [categoryId])).has(categoryId)))
    throw new AppError('VALIDATION_FAILED', m.unknownCategory, { categoryId: m.unknownCategory });
  if (input.scope === 'vendor' && !(vendorUserId && (await getVendorContact(tx, vendorUserId))))
    throw new AppError('VALIDATION_FAILED', m.unknownVendor, { vendorUserId: m.unknownVendor });
  await tx.execute(sql`select pg_advisory_xact_lock(${COMMISSION_RULES_LOCK})`);
  const [same] = await tx
    .select({ id: commissionRules.id })
    .from(commissionRules)
    .where(
      and(sameTarget(input.scope, categoryId, vendorUserId), eq(commissionRules.effectiveFrom, input.effectiveFrom)),
    )
    .limit(1);
  if (same) throw new AppError('CONFLICT', m.duplicateRule, { effectiveFrom: m.duplicateRule });
  const rateBp = percentToBasisPoints(input.ratePercent);
  const [row] = await tx
    .insert(commissionRules)
    .values({
      scope: input.scope,
      categoryId,
      vendorUserId,
      rateBp,
      effectiveFrom: input.effectiveFrom,
      createdByAdminId: input.adminId,
    })
    .returning({ id: commissionRules.id });
  return { id: row.id, scope: input.scope, categoryId, vendorUserId, rateBp, effectiveFrom: input.effectiveFrom };
}
