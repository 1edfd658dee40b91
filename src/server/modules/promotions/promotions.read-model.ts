import { and, desc, eq, ilike, inArray, isNotNull, or } from 'drizzle-orm';
import type { PromotionListQuery, PromotionResult, PromotionRow } from '../../../contracts/promotions.contract';
import { todayInIndia } from '../../../domain/age';
import { formatRupees } from '../../../domain/money';
import { benefitText } from '../../../domain/promotions';
import type { DbOrTx } from '../../platform/db';
import { vendorBusinessNames } from '../auth';
import { orderValuesAfterDiscount } from '../orders';
import { promotionStatus, toForm, toPromotion, usageOf, type PromotionRecord } from './promotions.service';
import { promotions, promotionUses } from './promotions.tables';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a promotion covers, in words: 'Whole cart', '2 categories', '1 shop', '3 products'; single sizes
 * or colours are counted apart: '1 variant', '2 products, 1 variant'.
 */
export function coversText(r: PromotionRecord): string {
  const ids = r.scopeIds;
  switch (r.scopeType) {
    case 'categories':
      return count(ids.categoryIds.length, 'category', 'categories');
    case 'shops':
      return count(ids.shopIds.length, 'shop', 'shops');
    case 'products': {
      const products = count(ids.productIds.length, 'product', 'products');
      const variants = count(ids.variantIds.length, 'variant', 'variants');
      if (ids.variantIds.length === 0) return products;
      return ids.productIds.length === 0 ? variants : `${products}, ${variants}`;
    }
    default:
      return 'Whole cart';
  }
}

/** Its budget in words: '₹5,000', '100 uses', or null. */
function budgetText(r: PromotionRecord): string | null {
  if (r.budgetLimit === null) return null;
  if (r.budgetType === 'paise') return formatRupees(r.budgetLimit);
  return r.budgetType === 'uses' ? count(r.budgetLimit, 'use', 'uses') : null;
}

/**
 * Each promotion's orders (placed with it, its use not released) and what they were worth after
 * their discount (orderValuesAfterDiscount: their parts not cancelled, before points and delivery).
 */
async function ordersAndRevenueOf(db: DbOrTx, ids: readonly string[]) {
  const out = new Map(ids.map((id) => [id, { orders: 0, revenuePaise: 0 }]));
  if (ids.length === 0) return out;
  const used = await db
    .select({ promotionId: promotionUses.promotionId, orderId: promotionUses.orderId })
    .from(promotionUses)
    .where(
      and(
        inArray(promotionUses.promotionId, [...ids]),
        eq(promotionUses.state, 'used'),
        isNotNull(promotionUses.orderId),
      ),
    );
  const values = await orderValuesAfterDiscount(db, [...new Set(used.map((u) => u.orderId!))]);
  for (const u of used) {
    const o = out.get(u.promotionId)!;
    o.orders += 1;
    o.revenuePaise += values.get(u.orderId!) ?? 0;
  }
  return out;
}

/** Rows as the admin's list shows them, with their uses and spend, orders and revenue. */
export async function promotionRows(db: DbOrTx, records: readonly PromotionRecord[]): Promise<PromotionRow[]> {
  const usage = await usageOf(
    db,
    records.map((r) => r.id),
    null,
  );
  const sales = await ordersAndRevenueOf(
    db,
    records.map((r) => r.id),
  );
  const vendorNames = await vendorBusinessNames(db, [
    ...new Set(records.flatMap((r) => (r.vendorId === null ? [] : [r.vendorId]))),
  ]);
  const today = todayInIndia();
  return records.map((r) => {
    const p = toPromotion(r);
    const u = usage.get(r.id) ?? { uses: 0, spentPaise: 0 };
    return {
      id: r.id,
      name: r.name,
      kind: p.kind,
      code: r.code,
      offer: benefitText(p.benefit),
      covers: coversText(r),
      fundedBy: p.funder.by,
      vendorName: r.vendorId === null ? null : (vendorNames.get(r.vendorId) ?? null),
      startsOn: r.startsOn,
      endsOn: r.endsOn,
      status: promotionStatus(r, today),
      uses: u.uses,
      spentPaise: u.spentPaise,
      orders: sales.get(r.id)?.orders ?? 0,
      revenuePaise: sales.get(r.id)?.revenuePaise ?? 0,
      budget: budgetText(r),
      minimumPaise: r.minimumPaise,
      perCustomerLimit: r.perCustomerLimit,
      firstOrderOnly: r.firstOrderOnly,
      stackable: r.stackable,
      input: toForm(r),
    };
  });
}

/** A promotion just saved or changed, as the routes answer it: with its uses, spend, orders and revenue. */
export async function promotionResult(db: DbOrTx, record: PromotionRecord): Promise<PromotionResult> {
  const [promotion] = await promotionRows(db, [record]);
  return { promotion };
}

/** The admin's list: newest first, filtered by status and by a search on the name or the code. */
export async function listPromotions(
  db: DbOrTx,
  query: PromotionListQuery,
  vendorId?: string,
): Promise<PromotionRow[]> {
  const like = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const records = await db
    .select()
    .from(promotions)
    .where(
      and(
        like ? or(ilike(promotions.name, like), ilike(promotions.code, like)) : undefined,
        vendorId === undefined ? undefined : eq(promotions.vendorId, vendorId),
      ),
    )
    .orderBy(desc(promotions.createdAt), desc(promotions.id));
  const rows = await promotionRows(db, records);
  return query.status ? rows.filter((r) => r.status === query.status) : rows;
}
