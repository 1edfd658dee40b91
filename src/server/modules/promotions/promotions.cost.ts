import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { todayInIndia } from '../../../domain/age';
import { promotionCostBack, promotionCostOfMonth, type PromotionCostOfMonth } from '../../../domain/promotions-cost';
import type { DbOrTx, Tx } from '../../platform/db';
import { promotionCostEntries, promotions } from './promotions.tables';

// Haat's promotion cost as a ledger (docs/promotions.md): granted per order item and promotion when
// an order is placed, given back when its part is cancelled or units of it are returned. The rules
// of the split are src/domain/promotions-cost.ts; this file only writes and sums the lines.

const signed = sql<number>`case when ${promotionCostEntries.kind} = 'granted' then ${promotionCostEntries.amountPaise}
  else -${promotionCostEntries.amountPaise} end`;

const dated = () => {
  const on = todayInIndia();
  return { on, month: on.slice(0, 7) };
};

/** A placed order item and the Haat-funded shares of its discount, by promotion. */
export type PromotionCostItem = {
  orderItemId: string;
  orderPartId: string;
  shares: readonly { promotionId: string; paise: number }[];
};

/** Writes what Haat owes for an order just placed (or paid): one 'granted' line per item and Haat-funded promotion. */
export async function recordPromotionCostGranted(
  tx: Tx,
  a: { orderId: string; items: readonly PromotionCostItem[] },
): Promise<void> {
  const when = dated();
  const rows = a.items.flatMap((i) =>
    i.shares
      .filter((s) => s.paise > 0)
      .map((s) => ({
        reference: `granted:${i.orderItemId}:${s.promotionId}`,
        orderId: a.orderId,
        orderPartId: i.orderPartId,
        orderItemId: i.orderItemId,
        promotionId: s.promotionId,
        kind: 'granted',
        amountPaise: s.paise,
        ...when,
      })),
  );
  if (rows.length > 0) await tx.insert(promotionCostEntries).values(rows).onConflictDoNothing();
}

/** What each item's promotions granted and what is left of it (granted - given back), for the items named. */
async function heldOf(tx: Tx, where: SQL | undefined) {
  const rows = await tx
    .select({
      orderId: promotionCostEntries.orderId,
      orderPartId: promotionCostEntries.orderPartId,
      orderItemId: promotionCostEntries.orderItemId,
      promotionId: promotionCostEntries.promotionId,
      granted: sql<string>`coalesce(sum(${promotionCostEntries.amountPaise})
        filter (where ${promotionCostEntries.kind} = 'granted'), 0)`,
      left: sql<string>`coalesce(sum(${signed}), 0)`,
    })
    .from(promotionCostEntries)
    .where(where)
    .groupBy(
      promotionCostEntries.orderId,
      promotionCostEntries.orderPartId,
      promotionCostEntries.orderItemId,
      promotionCostEntries.promotionId,
    );
  return rows.map((r) => ({ ...r, grantedPaise: Number(r.granted), leftPaise: Number(r.left) }));
}

type Back = { orderId: string; orderPartId: string; orderItemId: string; promotionId: string; paise: number };

async function writeBack(tx: Tx, prefix: string, back: readonly Back[]): Promise<void> {
  const when = dated();
  const rows = back
    .filter((b) => b.paise > 0)
    .map((b) => ({
      reference: `${prefix}:${b.orderItemId}:${b.promotionId}`,
      orderId: b.orderId,
      orderPartId: b.orderPartId,
      orderItemId: b.orderItemId,
      promotionId: b.promotionId,
      kind: 'given back',
      amountPaise: b.paise,
      ...when,
    }));
  if (rows.length > 0) await tx.insert(promotionCostEntries).values(rows).onConflictDoNothing();
}

/** Parts cancelled: everything still owed for their items comes back ('given back', cancel:<item>:<promotion>). */
export async function recordPromotionCostCancelled(tx: Tx, a: { orderPartIds: readonly string[] }): Promise<void> {
  if (a.orderPartIds.length === 0) return;
  const held = await heldOf(tx, inArray(promotionCostEntries.orderPartId, [...a.orderPartIds]));
  await writeBack(
    tx,
    'cancel',
    held.map((h) => ({ ...h, paise: h.leftPaise })),
  );
}

/**
 * Units of items received back in a return: their share of Haat's cost comes back (haatCostBackPaise
 * for those units, split by promotion with promotionCostBack), return:<return>:<item>:<promotion>.
 */
export async function recordPromotionCostReturned(
  tx: Tx,
  a: {
    returnId: string;
    orderPartId: string;
    lines: readonly { orderItemId: string; quantity: number; returnedBefore: number; returning: number }[];
  },
): Promise<void> {
  const held = await heldOf(tx, eq(promotionCostEntries.orderPartId, a.orderPartId));
  const back: Back[] = [];
  for (const l of a.lines) {
    const ofItem = held.filter((h) => h.orderItemId === l.orderItemId);
    if (ofItem.length === 0) continue;
    const to = Math.min(l.quantity, l.returnedBefore + l.returning);
    for (const b of promotionCostBack({ quantity: l.quantity }, Math.min(l.returnedBefore, to), to, ofItem))
      back.push({ ...ofItem[0], promotionId: b.promotionId, paise: b.paise });
  }
  await writeBack(tx, `return:${a.returnId}`, back);
}

/** Every order's net promotion cost (granted - given back), for the money-invariants check. */
export async function promotionCostNetByOrder(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ orderId: promotionCostEntries.orderId, net: sql<string>`sum(${signed})` })
    .from(promotionCostEntries)
    .groupBy(promotionCostEntries.orderId);
  return new Map(rows.map((r) => [r.orderId, Number(r.net)]));
}

/** One promotion's line of the monthly promotion cost report. */
export type PromotionCostRow = PromotionCostOfMonth & { name: string; code: string | null; orders: number };

/**
 * The month's promotion cost per promotion (India month, YYYY-MM): granted, given back and net
 * (promotionCostOfMonth, on monthlyPromotionCost), and the orders granted a discount in the month.
 * Promotions by name.
 */
export async function promotionCostReport(db: DbOrTx, month: string): Promise<PromotionCostRow[]> {
  const lines = await db
    .select({
      promotionId: promotionCostEntries.promotionId,
      orderId: promotionCostEntries.orderId,
      on: promotionCostEntries.on,
      kind: promotionCostEntries.kind,
      paise: promotionCostEntries.amountPaise,
    })
    .from(promotionCostEntries)
    .where(eq(promotionCostEntries.month, month));
  const figures = promotionCostOfMonth(
    lines.map((l) => ({ ...l, kind: l.kind === 'granted' ? 'granted' : 'given back', paise: Number(l.paise) })),
    month,
  );
  if (figures.length === 0) return [];
  const named = await db
    .select({ id: promotions.id, name: promotions.name, code: promotions.code })
    .from(promotions)
    .where(
      inArray(
        promotions.id,
        figures.map((f) => f.promotionId),
      ),
    );
  const byId = new Map(named.map((n) => [n.id, n]));
  const ordersOf = (id: string) =>
    new Set(lines.filter((l) => l.promotionId === id && l.kind === 'granted').map((l) => l.orderId)).size;
  return figures
    .map((f) => ({
      ...f,
      name: byId.get(f.promotionId)?.name ?? '',
      code: byId.get(f.promotionId)?.code ?? null,
      orders: ordersOf(f.promotionId),
    }))
    .sort((x, y) => x.name.localeCompare(y.name) || (x.promotionId < y.promotionId ? -1 : 1));
}
