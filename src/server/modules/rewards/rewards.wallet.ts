import { and, count, desc, eq } from 'drizzle-orm';
import type { Page } from '../../../contracts/common.contract';
import {
  rewardsMessages,
  type TransactionType,
  type Wallet,
  type Withdrawal,
  type WithdrawalRequest,
  type WithdrawalStatus,
} from '../../../contracts/rewards.contract';
import { formatRupees, pointsToPaise } from '../../../domain/money';
import { AppError } from '../../platform/app-error';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { emailOfUser } from '../auth';
import { notify } from '../notifications';
import { takeAvailablePoints } from './rewards.balances';
import { getBalances, moveCache, releaseDuePoints } from './rewards.service';
import { rewardsTransactions, withdrawalRequests } from './rewards.tables';

// A withdrawal's 'withdrawn' ledger row carries the same id as its withdrawal request, so the row
// that later returns the points (a rejection) can point at it without a column of its own.

/** What withdrawn points are worth, as a message writes it ('₹150'). */
const amountOf = (points: number) => formatRupees(pointsToPaise(points));

type PageArgs = { db: Db; customerUserId: string; page: number; pageSize: number };

const toWithdrawal = (w: typeof withdrawalRequests.$inferSelect): Withdrawal => ({
  id: w.id,
  points: w.points,
  upiId: w.upiId,
  status: w.status as WithdrawalStatus,
  createdAt: w.createdAt.toISOString(),
  processedAt: w.processedAt?.toISOString() ?? null,
  // What the super admin wrote for the customer: the UPI reference of a paid request, the reason of a rejected one.
  upiReference: w.status === 'paid' ? w.upiReference : null,
  rejectReason: w.status === 'rejected' ? w.rejectReason : null,
});

/** The wallet of a customer (or of a vendor or merchant with referral rewards): balances (after releasing due points) and one page of ledger rows, newest first. */
export async function getWallet({
  db,
  customerUserId,
  page,
  pageSize,
  returnWindowDays,
}: PageArgs & { returnWindowDays: number }): Promise<Wallet> {
  // A vendor or merchant has a balance row only once it earned something (a referral reward): until then, zeros.
  const balances = await getBalances(db, customerUserId, { returnWindowDays }).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'NOT_FOUND')
      return { availablePoints: 0, pendingPoints: 0, withdrawnPoints: 0, totalEarned: 0 };
    throw e;
  });
  const mine = eq(rewardsTransactions.customerId, customerUserId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(rewardsTransactions)
      .where(mine)
      .orderBy(desc(rewardsTransactions.createdAt), desc(rewardsTransactions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(rewardsTransactions).where(mine),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    type: r.transactionType as TransactionType,
    points: r.points,
    pendingPoints: r.pendingPoints,
    description: r.description,
    orderId: r.orderId,
    createdAt: r.createdAt.toISOString(),
  }));
  return { ...balances, returnWindowDays, transactions: { items, total: Number(total), page, pageSize } };
}

/** The customer's withdrawal requests, newest first. */
export async function listWithdrawals({ db, customerUserId, page, pageSize }: PageArgs): Promise<Page<Withdrawal>> {
  const mine = eq(withdrawalRequests.customerId, customerUserId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(withdrawalRequests)
      .where(mine)
      .orderBy(desc(withdrawalRequests.createdAt), desc(withdrawalRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(withdrawalRequests).where(mine),
  ]);
  return { items: rows.map(toWithdrawal), total: Number(total), page, pageSize };
}

export type CreateWithdrawalArgs = {
  db: Db;
  customerUserId: string;
  input: WithdrawalRequest;
  returnWindowDays: number;
};

/**
 * Requests a withdrawal to UPI: in one transaction, takes the points from the available balance
 * (never below 0), stores a pending request and writes its 'withdrawn' ledger row.
 */
export async function createWithdrawal({
  db,
  customerUserId,
  input,
  returnWindowDays,
}: CreateWithdrawalArgs): Promise<Withdrawal> {
  // Points whose return window has passed are available now, even if nobody opened the wallet.
  await releaseDuePoints(db, { customerUserId, returnWindowDays });
  return db.transaction(async (tx) => {
    if (!(await takeAvailablePoints(tx, customerUserId, input.points)))
      throw new AppError('VALIDATION_FAILED', rewardsMessages.withdrawTooMuch, {
        points: rewardsMessages.withdrawTooMuch,
      });
    const [request] = await tx
      .insert(withdrawalRequests)
      .values({ customerId: customerUserId, points: input.points, upiId: input.upiId, status: 'pending' })
      .returning();
    await tx.insert(rewardsTransactions).values({
      id: request.id,
      customerId: customerUserId,
      transactionType: 'withdrawn',
      points: -input.points,
      description: `Withdrawal to UPI ID ${input.upiId}`,
    });
    const customerEmail = (await emailOfUser(tx, customerUserId)) ?? 'A customer';
    await notify(tx, {
      kind: 'admin-withdrawal-request',
      to: 'admin',
      data: { customerEmail, amount: amountOf(input.points), upiId: input.upiId },
    });
    return toWithdrawal(request);
  });
}

// Moves a pending request to its final status; NOT_FOUND or CONFLICT when it is not pending.
async function closeRequest(tx: Tx, withdrawalId: string, set: Partial<typeof withdrawalRequests.$inferInsert>) {
  const [row] = await tx
    .update(withdrawalRequests)
    .set({ ...set, processedAt: new Date() })
    .where(and(eq(withdrawalRequests.id, withdrawalId), eq(withdrawalRequests.status, 'pending')))
    .returning();
  if (row) return row;
  const [exists] = await tx
    .select({ id: withdrawalRequests.id })
    .from(withdrawalRequests)
    .where(eq(withdrawalRequests.id, withdrawalId));
  if (!exists) throw new AppError('NOT_FOUND', 'Withdrawal request not found');
  throw new AppError('CONFLICT', 'This withdrawal request has already been processed');
}

/** Marks a pending withdrawal as paid with the UPI reference of the transfer (the points stay withdrawn); the customer is told. */
export async function markWithdrawalPaid({
  db,
  withdrawalId,
  upiReference,
}: {
  db: DbOrTx;
  withdrawalId: string;
  upiReference: string;
}): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const row = await closeRequest(tx, withdrawalId, { status: 'paid', upiReference });
    await notify(tx, {
      kind: 'withdrawal-paid',
      to: { userId: row.customerId },
      data: { amount: amountOf(row.points), upiId: row.upiId, upiReference },
    });
    return toWithdrawal(row);
  });
}

/** Rejects a pending withdrawal and gives its points back through a 'withdrawal_returned' ledger row; the customer is told why. */
export async function rejectWithdrawal({
  db,
  withdrawalId,
  reason,
}: {
  db: DbOrTx;
  withdrawalId: string;
  reason: string;
}): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const row = await closeRequest(tx, withdrawalId, { status: 'rejected', rejectReason: reason });
    await moveCache(tx, row.customerId, { points: row.points });
    await tx.insert(rewardsTransactions).values({
      customerId: row.customerId,
      transactionType: 'withdrawal_returned',
      points: row.points,
      relatedTransactionId: row.id,
      description: reason ? `Withdrawal returned: ${reason}` : 'Withdrawal returned',
    });
    await notify(tx, {
      kind: 'withdrawal-rejected',
      to: { userId: row.customerId },
      data: { amount: amountOf(row.points), points: row.points, reason: reason || 'none given.' },
    });
    return toWithdrawal(row);
  });
}
