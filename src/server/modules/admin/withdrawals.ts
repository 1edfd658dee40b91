import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { AdminWithdrawal, AdminWithdrawalPage, AdminWithdrawalsQuery } from '../../../contracts/admin-lists.contract';
import { pointsToPaise } from '../../../domain/money';
import type { Db } from '../../platform/db';
import { customers, users } from '../auth';
import { markWithdrawalPaid, rejectWithdrawal, withdrawalRequests } from '../rewards';
import { containsPattern, idStartsWith, orderOf, pageWindow } from './list-query';
import type { SensitiveTx } from './step-up';

const sorts = { createdAt: withdrawalRequests.createdAt, points: withdrawalRequests.points, customer: customers.fullName };
type Row = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: Db, query: AdminWithdrawalsQuery, forExport: boolean) {
  const { limit, offset } = pageWindow(query, forExport);
  return db
    .select({ w: withdrawalRequests, customerName: customers.fullName, customerEmail: users.email })
    .from(withdrawalRequests)
    .innerJoin(users, eq(users.id, withdrawalRequests.customerId))
    .leftJoin(customers, eq(customers.userId, withdrawalRequests.customerId))
    .where(where(query))
    .orderBy(...orderOf(sorts, query, 'createdAt', withdrawalRequests.id))
    .limit(limit)
    .offset(offset);
}

function where(query: AdminWithdrawalsQuery) {
  const q = query.q;
  const search = q ? or(ilike(customers.fullName, containsPattern(q)), ilike(users.email, containsPattern(q)), ilike(withdrawalRequests.upiId, containsPattern(q)), idStartsWith(withdrawalRequests.id, q)) : undefined;
  return and(eq(withdrawalRequests.status, query.status), search);
}

const toItem = ({ w, customerName, customerEmail }: Row): AdminWithdrawal => ({
  id: w.id,
  customerName: customerName ?? customerEmail,
  customerEmail,
  upiId: w.upiId,
  points: w.points,
  amountPaise: pointsToPaise(w.points),
  status: w.status as AdminWithdrawal['status'],
  upiReference: w.upiReference,
  rejectReason: w.rejectReason,
  createdAt: w.createdAt.toISOString(),
  processedAt: w.processedAt?.toISOString() ?? null,
});

/** The Withdrawals tab: requests of one status (pending first of all), searched by customer, email, UPI ID or id. */
export async function listAdminWithdrawals({ db, query }: { db: Db; query: AdminWithdrawalsQuery }): Promise<AdminWithdrawalPage> {
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db, query, false),
    db
      .select({ total: count() })
      .from(withdrawalRequests)
      .innerJoin(users, eq(users.id, withdrawalRequests.customerId))
      .leftJoin(customers, eq(customers.userId, withdrawalRequests.customerId))
      .where(where(query)),
  ]);
  return { items: rows.map(toItem), total: Number(total), page: query.page, pageSize: query.pageSize };
}

/** The same filter, every row up to the export bound, for CSV. */
export async function exportAdminWithdrawals({ db, query }: { db: Db; query: AdminWithdrawalsQuery }): Promise<AdminWithdrawal[]> {
  return (await selectRows(db, query, true)).map(toItem);
}

type ActionArgs = { db: Db; sensitiveTx: SensitiveTx; withdrawalId: string };

/** Mark paid: with a fresh code, the UPI reference of the transfer is stored and the request closes, once. */
export async function payAdminWithdrawal({ db, sensitiveTx, withdrawalId, upiReference }: ActionArgs & { upiReference: string }): Promise<AdminWithdrawal> {
  const done = await sensitiveTx(async (tx) => {
    const paid = await markWithdrawalPaid({ db: tx, withdrawalId, upiReference });
    return { result: paid, audit: { action: 'withdrawal_paid', resourceType: 'withdrawal', resourceId: withdrawalId, newData: { upiReference, points: paid.points } } };
  });
  return getOne(db, done.id);
}

/** Reject: with a fresh code and a reason, the request closes and its points return to the wallet through the ledger, once. */
export async function rejectAdminWithdrawal({ db, sensitiveTx, withdrawalId, reason }: ActionArgs & { reason: string }): Promise<AdminWithdrawal> {
  const done = await sensitiveTx(async (tx) => {
    const rejected = await rejectWithdrawal({ db: tx, withdrawalId, reason });
    return { result: rejected, audit: { action: 'withdrawal_rejected', resourceType: 'withdrawal', resourceId: withdrawalId, newData: { reason, points: rejected.points } } };
  });
  return getOne(db, done.id);
}

async function getOne(db: Db, id: string): Promise<AdminWithdrawal> {
  const [row] = await db
    .select({ w: withdrawalRequests, customerName: customers.fullName, customerEmail: users.email })
    .from(withdrawalRequests)
    .innerJoin(users, eq(users.id, withdrawalRequests.customerId))
    .leftJoin(customers, eq(customers.userId, withdrawalRequests.customerId))
    .where(sql`${withdrawalRequests.id} = ${id}`);
  return toItem(row);
}
