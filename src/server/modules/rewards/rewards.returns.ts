import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import { queryRows, type Tx } from '../../platform/db';
import { addPointsMakingBalance, availablePointsOf, lockBalance, moveBalancesWithLedger } from './rewards.balances';
import { ledgerRowOpen } from './rewards.conditions';
import { moveCache, orderRef } from './rewards.service';
import { rewardsTransactions } from './rewards.tables';

// Points when a return is received back: what the returned items earned is
// voided while it is still pending, or taken back through the ledger once it is available; a cash
// on delivery order's refund is paid as points. Each change is a ledger row, the caches move with it.

export type EarnedTakenBack = { voided: number; takenBack: number; notTakenBack: number };

/**
 * Takes back `points` earned on an order part for returned items, under the customer's lock: from
 * the part's still-pending points (the open 'earned' row is voided and what the rest of the part
 * still earns is written as a new pending row), else from the available balance (a 'reversed' row,
 * never below zero). Answers what was voided, taken back, and could not be (already spent).
 */
export async function takeBackEarnedPoints(
  tx: Tx,
  a: { customerUserId: string; orderId: string; orderPartId: string; points: number; reference: string },
): Promise<EarnedTakenBack> {
  if (!Number.isInteger(a.points) || a.points < 0)
    throw new Error(`takeBackEarnedPoints: not a number of points: ${a.points}`);
  if (a.points === 0) return { voided: 0, takenBack: 0, notTakenBack: 0 };
  if (!(await lockBalance(tx, a.customerUserId))) throw new AppError('NOT_FOUND', 'Customer not found');
  const open = await queryRows<{ id: string; pending_points: number; description: string }>(
    tx,
    sql`select e.id, e.pending_points, e.description from rewards_transactions e
        where e.order_part_id = ${a.orderPartId} and e.customer_id = ${a.customerUserId} and e.transaction_type = 'earned' and ${ledgerRowOpen(sql`e.id`)}
        order by e.created_at, e.id`,
  );
  const pending = open.reduce((s, e) => s + Number(e.pending_points), 0);
  if (pending > 0) {
    const voided = Math.min(a.points, pending);
    for (const e of open) {
      await tx.insert(rewardsTransactions).values({
        customerId: a.customerUserId,
        orderId: a.orderId,
        orderPartId: a.orderPartId,
        transactionType: 'voided',
        pendingPoints: -Number(e.pending_points),
        relatedTransactionId: e.id,
        description: `Pending points for returned items of order ${orderRef(a.orderId)} cancelled`,
      });
    }
    const rest = pending - voided;
    if (rest > 0) {
      await tx.insert(rewardsTransactions).values({
        customerId: a.customerUserId,
        orderId: a.orderId,
        orderPartId: a.orderPartId,
        transactionType: 'earned',
        pendingPoints: rest,
        description: `Points from order ${orderRef(a.orderId)} (after a return)`,
      });
    }
    await moveCache(tx, a.customerUserId, { pendingPoints: -voided });
    // Points beyond the part's pending ones (never, while the caller computes them from the part) are not taken from the wallet.
    return { voided, takenBack: 0, notTakenBack: a.points - voided };
  }
  const takenBack = Math.min(a.points, Math.max(0, await availablePointsOf(tx, a.customerUserId)));
  if (takenBack > 0) {
    const written = await moveBalancesWithLedger(
      tx,
      a.customerUserId,
      { points: -takenBack, whenAvailable: takenBack },
      [
        {
          orderId: a.orderId,
          orderPartId: a.orderPartId,
          transactionType: 'reversed',
          points: -takenBack,
          reference: a.reference,
          description: `Points earned on returned items of order ${orderRef(a.orderId)} taken back`,
        },
      ],
    );
    if (written.length === 0) throw new Error('takeBackEarnedPoints: the balance changed under the lock');
  }
  return { voided: 0, takenBack, notTakenBack: a.points - takenBack };
}

/** Pays a refund as available points (a cash on delivery order's return), once per reference. */
export async function creditRefundPoints(
  tx: Tx,
  a: { customerUserId: string; orderId: string; points: number; reference: string },
): Promise<void> {
  if (!Number.isInteger(a.points) || a.points < 0)
    throw new Error(`creditRefundPoints: not a number of points: ${a.points}`);
  if (a.points === 0) return;
  await lockBalance(tx, a.customerUserId);
  const written = await tx
    .insert(rewardsTransactions)
    .values({
      customerId: a.customerUserId,
      orderId: a.orderId,
      transactionType: 'return_refund',
      points: a.points,
      reference: a.reference,
      description: `Refund for returned items of order ${orderRef(a.orderId)} (paid in cash on delivery)`,
    })
    .onConflictDoNothing()
    .returning({ id: rewardsTransactions.id });
  if (written.length === 0) throw new AppError('CONFLICT', 'This return was already refunded');
  if (!(await moveCache(tx, a.customerUserId, { points: a.points })))
    await addPointsMakingBalance(tx, a.customerUserId, a.points);
}
