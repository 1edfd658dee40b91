import { eq, sql } from 'drizzle-orm';
import { rewardsMessages } from '../../../contracts/rewards.contract';
import { AppError } from '../../platform/app-error';
import { queryRows, type DbOrTx, type Tx } from '../../platform/db';
import { customers } from '../auth';
import { rewardsTransactions } from './rewards.tables';

// The ledger (rewards_transactions) is the truth; customers.reward_points / pending_points are
// caches changed by the same delta, in the same transaction, as each ledger row. Rows are only
// ever inserted: releasing or voiding an 'earned' row writes a new row pointing at it.

export type Balances = { availablePoints: number; pendingPoints: number; withdrawnPoints: number; totalEarned: number };

/** `#1A2B3C4D`: the short order reference used in ledger descriptions. */
export const orderRef = (orderId: string) => `#${orderId.slice(0, 8).toUpperCase()}`;

function assertPoints(points: number): void {
  if (!Number.isInteger(points) || points < 0) throw new AppError('VALIDATION_FAILED', 'Points must be a whole number of at least 0');
}

// Locks the customer's balance row until the transaction ends: ledger writes for one customer go one at a time.
async function lockCustomer(tx: Tx, customerUserId: string): Promise<void> {
  const rows = await tx.select({ id: customers.id }).from(customers).where(eq(customers.userId, customerUserId)).for('update');
  if (rows.length === 0) throw new AppError('NOT_FOUND', rewardsMessages.customerNotFound);
}

/** Changes the cached balances by the given deltas (in the caller's transaction, beside its ledger row); false when the customer has no customers row. */
export async function moveCache(tx: Tx, customerUserId: string, d: { points?: number; pendingPoints?: number }): Promise<boolean> {
  const rows = await tx
    .update(customers)
    .set({
      rewardPoints: sql`${customers.rewardPoints} + ${d.points ?? 0}`,
      pendingPoints: sql`${customers.pendingPoints} + ${d.pendingPoints ?? 0}`,
      updatedAt: new Date(),
    })
    .where(eq(customers.userId, customerUserId))
    .returning({ id: customers.id });
  return rows.length > 0;
}

// An 'earned' row is open while no 'released' or 'voided' row points at it.
const isOpen = sql`not exists (select 1 from rewards_transactions r where r.related_transaction_id = e.id and r.transaction_type in ('released', 'voided'))`;

/** Reads the balances of a customer after releasing their due pending points. */
export async function getBalances(db: DbOrTx, customerUserId: string, opts: { returnWindowDays: number }): Promise<Balances> {
  await releaseDuePoints(db, { customerUserId, returnWindowDays: opts.returnWindowDays });
  const [row] = await queryRows<{ available: number; pending: number; withdrawn: number; earned: number }>(
    db,
    sql`select c.reward_points as available, c.pending_points as pending,
          coalesce((select -sum(t.points) from rewards_transactions t
                    where t.customer_id = c.user_id and t.transaction_type in ('withdrawn', 'withdrawal_returned')), 0)::int as withdrawn,
          coalesce((select sum(t.points + t.pending_points) from rewards_transactions t
                    where t.customer_id = c.user_id and t.transaction_type in ('earned', 'voided', 'referral', 'cashback', 'reversed')), 0)::int as earned
        from customers c where c.user_id = ${customerUserId}`,
  );
  if (!row) throw new AppError('NOT_FOUND', rewardsMessages.customerNotFound);
  return { availablePoints: Number(row.available), pendingPoints: Number(row.pending), withdrawnPoints: Number(row.withdrawn), totalEarned: Number(row.earned) };
}

/** Spends available points on an order with one conditional update (never below 0) and a 'spent' row; throws CONFLICT when there are not enough. */
export async function spendPoints(tx: Tx, a: { customerUserId: string; orderId: string; points: number }): Promise<void> {
  assertPoints(a.points);
  if (a.points === 0) return;
  const rows = await tx
    .update(customers)
    .set({ rewardPoints: sql`${customers.rewardPoints} - ${a.points}`, updatedAt: new Date() })
    .where(sql`${customers.userId} = ${a.customerUserId} and ${customers.rewardPoints} >= ${a.points}`)
    .returning({ id: customers.id });
  if (rows.length === 0) throw new AppError('CONFLICT', rewardsMessages.spendTooMuch, { pointsToUse: rewardsMessages.spendTooMuch });
  await tx.insert(rewardsTransactions).values({
    customerId: a.customerUserId,
    orderId: a.orderId,
    transactionType: 'spent',
    points: -a.points,
    description: `Used on order ${orderRef(a.orderId)}`,
  });
}

/** Writes points earned on one shop's part of an order as pending (an 'earned' row); nothing when the points are 0. */
export async function recordPendingEarn(tx: Tx, a: { customerUserId: string; orderId: string; orderPartId: string; points: number; description: string }): Promise<void> {
  assertPoints(a.points);
  if (a.points === 0) return;
  if (!(await moveCache(tx, a.customerUserId, { pendingPoints: a.points }))) throw new AppError('NOT_FOUND', rewardsMessages.customerNotFound);
  await tx.insert(rewardsTransactions).values({
    customerId: a.customerUserId,
    orderId: a.orderId,
    orderPartId: a.orderPartId,
    transactionType: 'earned',
    pendingPoints: a.points,
    description: a.description,
  });
}

type OpenEarned = { id: string; customer_id: string; order_id: string | null; order_part_id: string; pending_points: number };

/** Voids the still-pending points of a cancelled part ('voided' rows pointing at each open 'earned' row); answers the points voided. */
export async function voidPendingEarn(tx: Tx, a: { orderPartId: string }): Promise<number> {
  const owners = await queryRows<{ customer_id: string }>(
    tx,
    sql`select distinct customer_id from rewards_transactions where order_part_id = ${a.orderPartId} and transaction_type = 'earned'`,
  );
  let voided = 0;
  for (const { customer_id: customerUserId } of owners) {
    await lockCustomer(tx, customerUserId);
    // Read after the lock: a release or void that committed meanwhile is seen here.
    const open = await queryRows<OpenEarned>(
      tx,
      sql`select e.id, e.customer_id, e.order_id, e.order_part_id, e.pending_points from rewards_transactions e
          where e.order_part_id = ${a.orderPartId} and e.customer_id = ${customerUserId} and e.transaction_type = 'earned' and ${isOpen}`,
    );
    if (open.length === 0) continue;
    const total = open.reduce((s, e) => s + Number(e.pending_points), 0);
    await tx.insert(rewardsTransactions).values(
      open.map((e) => ({
        customerId: customerUserId,
        orderId: e.order_id,
        orderPartId: e.order_part_id,
        transactionType: 'voided',
        pendingPoints: -Number(e.pending_points),
        relatedTransactionId: e.id,
        description: `Pending points cancelled${e.order_id ? ` for order ${orderRef(e.order_id)}` : ''}`,
      })),
    );
    await moveCache(tx, customerUserId, { pendingPoints: -total });
    voided += total;
  }
  return voided;
}

/** Gives back points spent on an order (a 'refunded' row), never more than the order spent and has not had back. */
export async function refundSpentPoints(tx: Tx, a: { customerUserId: string; orderId: string; points: number; description: string }): Promise<void> {
  assertPoints(a.points);
  if (a.points === 0) return;
  await lockCustomer(tx, a.customerUserId);
  const [row] = await queryRows<{ refundable: number }>(
    tx,
    sql`select coalesce(-sum(points), 0)::int as refundable from rewards_transactions
        where customer_id = ${a.customerUserId} and order_id = ${a.orderId} and transaction_type in ('spent', 'refunded')`,
  );
  if (a.points > Number(row?.refundable ?? 0)) throw new AppError('CONFLICT', 'These points were already refunded');
  await moveCache(tx, a.customerUserId, { points: a.points });
  await tx.insert(rewardsTransactions).values({
    customerId: a.customerUserId,
    orderId: a.orderId,
    transactionType: 'refunded',
    points: a.points,
    description: a.description,
  });
}

// Due: the part is delivered and its return window has passed.
const isDue = (returnWindowDays: number) =>
  sql`p.status = 'delivered' and p.delivered_at is not null and p.delivered_at <= now() - ${returnWindowDays}::int * interval '1 day'`;

/**
 * Releases pending points whose order part is delivered and past the return window ('released'
 * rows: pending -n, available +n), for one customer or all; safe to run concurrently; answers the rows released.
 */
export async function releaseDuePoints(db: DbOrTx, a: { customerUserId?: string; returnWindowDays: number }): Promise<number> {
  const only = a.customerUserId ? sql`and e.customer_id = ${a.customerUserId}` : sql``;
  const candidates = await queryRows<{ customer_id: string }>(
    db,
    sql`select distinct e.customer_id from rewards_transactions e join order_parts p on p.id = e.order_part_id
        where e.transaction_type = 'earned' ${only} and ${isDue(a.returnWindowDays)} and ${isOpen}`,
  );
  let released = 0;
  for (const { customer_id: customerUserId } of candidates) {
    released += await db.transaction(async (tx) => {
      await lockCustomer(tx, customerUserId);
      const due = await queryRows<OpenEarned>(
        tx,
        sql`select e.id, e.customer_id, e.order_id, e.order_part_id, e.pending_points from rewards_transactions e
            join order_parts p on p.id = e.order_part_id
            where e.customer_id = ${customerUserId} and e.transaction_type = 'earned' and ${isDue(a.returnWindowDays)} and ${isOpen}`,
      );
      if (due.length === 0) return 0;
      const total = due.reduce((s, e) => s + Number(e.pending_points), 0);
      await tx.insert(rewardsTransactions).values(
        due.map((e) => ({
          customerId: customerUserId,
          orderId: e.order_id,
          orderPartId: e.order_part_id,
          transactionType: 'released',
          points: Number(e.pending_points),
          pendingPoints: -Number(e.pending_points),
          relatedTransactionId: e.id,
          description: e.order_id ? `Points from order ${orderRef(e.order_id)} are now available` : 'Pending points are now available',
        })),
      );
      await moveCache(tx, customerUserId, { points: total, pendingPoints: -total });
      return due.length;
    });
  }
  return released;
}

/**
 * Credits a one-time award of available points (a referral reward, say) under a unique reference:
 * the ledger's unique index lets exactly one writer through, however many try at once. Someone
 * without a balance row yet (a vendor or merchant referrer) gets one. Answers whether it was written now.
 */
export async function awardPointsOnce(tx: Tx, a: { userId: string; points: number; type: 'referral'; reference: string; description: string }): Promise<boolean> {
  assertPoints(a.points);
  const written = await tx
    .insert(rewardsTransactions)
    .values({ customerId: a.userId, transactionType: a.type, points: a.points, reference: a.reference, description: a.description })
    .onConflictDoNothing()
    .returning({ id: rewardsTransactions.id });
  if (written.length === 0) return false;
  if (!(await moveCache(tx, a.userId, { points: a.points }))) {
    await tx.execute(sql`insert into customers (user_id, full_name, email, reward_points)
                         select id, 'Referral rewards', email, ${a.points} from users where id = ${a.userId}
                         on conflict (user_id) do update set reward_points = customers.reward_points + excluded.reward_points`);
  }
  return true;
}
