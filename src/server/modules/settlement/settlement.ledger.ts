import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../platform/db';
import { orderItemSettlements, vendorBalances, vendorLedger } from './settlement.tables';

// The vendor ledger: what Haat owes each vendor, in the style of the points ledger. A
// delivered part's net is credited as pending; after the return window it becomes payable; a cancel
// or refund after delivery reverses it (from pending, or from payable, which may go below zero: a
// debit carried into the next payout). Every change is a new row whose `reference` is unique
// ('sale:', 'release:', 'reverse:' + the part's id), so it is written once however many processes
// try, and the vendor's balances row changes in the same transaction, under its row lock.

/**
 * The time of a ledger row: the moment after the vendor's balance lock, not the transaction's start,
 * so that the rows' order by created_at is the order in which they changed the vendor's balances.
 */
export const afterLock = sql`clock_timestamp()`;

type Balances = { pendingPaise: number; payablePaise: number; paidPaise: number };

/** Locks the vendor's balances row (creating it at zero), in the order every ledger writer takes it (before any payout row). */
export async function lockBalances(tx: DbOrTx, vendorUserId: string): Promise<Balances> {
  await tx.insert(vendorBalances).values({ vendorUserId }).onConflictDoNothing();
  const [row] = await tx
    .select({
      pendingPaise: vendorBalances.pendingPaise,
      payablePaise: vendorBalances.payablePaise,
      paidPaise: vendorBalances.paidPaise,
    })
    .from(vendorBalances)
    .where(eq(vendorBalances.vendorUserId, vendorUserId))
    .for('update');
  return row;
}

/**
 * Locks the balances of the vendors of these parts, in vendor id order, as the release pass does: a
 * transaction that settles several vendors' parts at once (an order's cancel) then never holds one
 * vendor's balances while waiting for another's that a second such transaction holds (a deadlock).
 */
export async function lockBalancesOfParts(tx: Tx, orderPartIds: readonly string[]): Promise<void> {
  const vendors = new Set<string>();
  for (const id of orderPartIds) {
    const net = await partNet(tx, id);
    if (net) vendors.add(net.vendorUserId);
  }
  for (const vendorUserId of [...vendors].sort()) await lockBalances(tx, vendorUserId);
}

/** Moves the vendor's balances (under lockBalances, in the transaction that writes the ledger row). */
export async function addToBalances(
  tx: DbOrTx,
  vendorUserId: string,
  d: { pendingPaise?: number; payablePaise?: number; paidPaise?: number },
): Promise<void> {
  await tx
    .update(vendorBalances)
    .set({
      pendingPaise: sql`${vendorBalances.pendingPaise} + ${d.pendingPaise ?? 0}`,
      payablePaise: sql`${vendorBalances.payablePaise} + ${d.payablePaise ?? 0}`,
      paidPaise: sql`${vendorBalances.paidPaise} + ${d.paidPaise ?? 0}`,
      updatedAt: sql`now()`,
    })
    .where(eq(vendorBalances.vendorUserId, vendorUserId));
}

/** The ledger row written for a reference, if any. */
export async function entryOf(tx: DbOrTx, reference: string): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: vendorLedger.id })
    .from(vendorLedger)
    .where(eq(vendorLedger.reference, reference));
  return row;
}

/** The vendor and net of a part, from the lines written when its order was placed (null for an order placed before settlement existed). */
async function partNet(tx: DbOrTx, orderPartId: string): Promise<{ vendorUserId: string; netPaise: number } | null> {
  const [row] = await queryRows<{ vendor_user_id: string; net: string }>(
    tx,
    sql`select ${orderItemSettlements.vendorUserId} as vendor_user_id, sum(${orderItemSettlements.vendorNetPaise}) as net
        from ${orderItemSettlements} where ${orderItemSettlements.orderPartId} = ${orderPartId} group by ${orderItemSettlements.vendorUserId}`,
  );
  return row ? { vendorUserId: row.vendor_user_id, netPaise: Number(row.net) } : null;
}

/**
 * Credits a part's net to its vendor as pending, in the transaction that marks it delivered. Once:
 * a second call does nothing. An order placed before settlement existed has no lines and no credit.
 */
export async function creditDeliveredPart(tx: Tx, a: { orderPartId: string; orderRef: string }): Promise<void> {
  const net = await partNet(tx, a.orderPartId);
  if (!net) return;
  await lockBalances(tx, net.vendorUserId);
  const reference = `sale:${a.orderPartId}`;
  if (await entryOf(tx, reference)) return;
  await tx.insert(vendorLedger).values({
    createdAt: afterLock,
    vendorUserId: net.vendorUserId,
    orderPartId: a.orderPartId,
    entryType: 'sale',
    pendingPaise: net.netPaise,
    reference,
    description: `Order ${a.orderRef} delivered`,
  });
  await addToBalances(tx, net.vendorUserId, { pendingPaise: net.netPaise });
}

/**
 * Reverses a delivered part's credit when it is cancelled or refunded: from pending while the return
 * window runs, else from payable (below zero when it was paid out already: a debit carried into the
 * next payout). Once; nothing for a part never delivered (it was never credited).
 */
export async function reversePartSale(tx: Tx, a: { orderPartId: string; reason: string }): Promise<void> {
  const net = await partNet(tx, a.orderPartId);
  if (!net) return;
  await lockBalances(tx, net.vendorUserId);
  const sale = await entryOf(tx, `sale:${a.orderPartId}`);
  if (!sale) return;
  const reference = `reverse:${a.orderPartId}`;
  if (await entryOf(tx, reference)) return;
  const released = await entryOf(tx, `release:${a.orderPartId}`);
  const change = released ? { payablePaise: -net.netPaise } : { pendingPaise: -net.netPaise };
  await tx.insert(vendorLedger).values({
    createdAt: afterLock,
    vendorUserId: net.vendorUserId,
    orderPartId: a.orderPartId,
    entryType: 'reversed',
    ...change,
    relatedEntryId: sale.id,
    reference,
    description: a.reason,
  });
  await addToBalances(tx, net.vendorUserId, change);
}

/**
 * Makes payable every sale whose return window has passed (credited at delivery, so its row's time is
 * the delivery's) and that was not reversed; answers how many. Run by the points release job for
 * every vendor, and for one vendor (`vendorUserId`) before its balances are shown or settled, as the
 * wallet releases a customer's due points when it is read.
 */
export async function releaseDueVendorSales(
  db: DbOrTx,
  a: { returnWindowDays: number; now?: Date; vendorUserId?: string },
): Promise<number> {
  const due = await queryRows<{
    id: string;
    vendor_user_id: string;
    order_part_id: string;
    pending_paise: string;
    description: string;
  }>(
    db,
    sql`select s.id, s.vendor_user_id, s.order_part_id, s.pending_paise, s.description from ${vendorLedger} s
        where s.entry_type = 'sale' and s.created_at <= ${(a.now ?? new Date()).toISOString()}::timestamptz - make_interval(days => ${a.returnWindowDays})
          ${a.vendorUserId ? sql`and s.vendor_user_id = ${a.vendorUserId}` : sql``}
          and not exists (select 1 from ${vendorLedger} r where r.reference in ('release:' || s.order_part_id, 'reverse:' || s.order_part_id))
        order by s.vendor_user_id, s.created_at
        limit 1000`,
  );
  let released = 0;
  // Each sale in a short transaction of its own: the vendor's balances are locked for one sale, not a whole pass.
  for (const s of due) {
    released += await db.transaction(async (tx) => {
      await lockBalances(tx, s.vendor_user_id);
      // Under the vendor's lock: a reversal or another pass may have come first.
      if ((await entryOf(tx, `release:${s.order_part_id}`)) || (await entryOf(tx, `reverse:${s.order_part_id}`)))
        return 0;
      // What returns already took from the pending credit is not released.
      const [returned] = await queryRows<{ paise: string }>(
        tx,
        sql`select coalesce(sum(pending_paise), 0) as paise from ${vendorLedger}
            where order_part_id = ${s.order_part_id} and entry_type = 'returned'`,
      );
      const amount = Number(s.pending_paise) + Number(returned?.paise ?? 0);
      await tx.insert(vendorLedger).values({
        createdAt: afterLock,
        vendorUserId: s.vendor_user_id,
        orderPartId: s.order_part_id,
        entryType: 'released',
        pendingPaise: -amount,
        payablePaise: amount,
        relatedEntryId: s.id,
        reference: `release:${s.order_part_id}`,
        description: `${s.description}: return window over, payable`,
      });
      await addToBalances(tx, s.vendor_user_id, { pendingPaise: -amount, payablePaise: amount });
      return 1;
    });
  }
  return released;
}

/** A vendor's balances (zeros before its first sale). */
export async function vendorBalancesOf(db: DbOrTx, vendorUserId: string): Promise<Balances> {
  const [row] = await db
    .select({
      pendingPaise: vendorBalances.pendingPaise,
      payablePaise: vendorBalances.payablePaise,
      paidPaise: vendorBalances.paidPaise,
    })
    .from(vendorBalances)
    .where(eq(vendorBalances.vendorUserId, vendorUserId));
  return row
    ? {
        pendingPaise: Number(row.pendingPaise),
        payablePaise: Number(row.payablePaise),
        paidPaise: Number(row.paidPaise),
      }
    : { pendingPaise: 0, payablePaise: 0, paidPaise: 0 };
}

/**
 * Records the cash a shop collected at the door for its cash on delivery part, in the transaction
 * that marks it delivered (after the sale's credit): the shop holds Haat's money, so its payable
 * balance goes down by the cash (below zero is a debit carried into the next payout: the sale's net
 * less the cash is what Haat keeps, its commission and the taxes it collects). Once per part.
 */
export async function recordCodCollected(
  tx: Tx,
  a: { orderPartId: string; vendorUserId: string; cashPaise: number; orderRef: string },
): Promise<void> {
  await lockBalances(tx, a.vendorUserId);
  const reference = `cod:${a.orderPartId}`;
  if (await entryOf(tx, reference)) return;
  await tx.insert(vendorLedger).values({
    createdAt: afterLock,
    vendorUserId: a.vendorUserId,
    orderPartId: a.orderPartId,
    entryType: 'cod_collected',
    payablePaise: -a.cashPaise,
    reference,
    description: `Cash collected on delivery of order ${a.orderRef}`,
  });
  await addToBalances(tx, a.vendorUserId, { payablePaise: -a.cashPaise });
}
