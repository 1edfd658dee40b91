import { and, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { orderParts } from './orders.tables';

/**
 * What each order named was worth after its promotions: its parts not cancelled, their items at full
 * price less their discount (before points, without delivery). An order wholly cancelled is worth 0.
 */
export async function orderValuesAfterDiscount(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map(orderIds.map((id) => [id, 0]));
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({
      orderId: orderParts.orderId,
      paise: sql<string>`coalesce(sum(${orderParts.subtotalPaise} - ${orderParts.discountPaise}), 0)`,
    })
    .from(orderParts)
    .where(and(inArray(orderParts.orderId, [...orderIds]), ne(orderParts.status, 'cancelled')))
    .groupBy(orderParts.orderId);
  for (const r of rows) out.set(r.orderId, Number(r.paise));
  return out;
}
