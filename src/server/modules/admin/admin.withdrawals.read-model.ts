import { and, count, eq } from 'drizzle-orm';
import type {
  AdminWithdrawal,
  AdminWithdrawalPage,
  AdminWithdrawalsQuery,
} from '../../../contracts/admin-lists.contract';
import { pointsToPaise } from '../../../domain/money';
import type { Db } from '../../platform/db';
import { orderOf, pageWindow, searchOf } from '../../platform/list-query';
import { customerRows as customers, userRows as users } from '../auth';
import { withdrawalRows as withdrawals } from '../rewards';

// The Withdrawals tab: withdrawal requests (rewards) with the customer's name and email (auth),
// filtered, sorted and paged in one statement through their owners' row sources. Read-only.

const withdrawalSorts = { createdAt: withdrawals.createdAt, points: withdrawals.points, customer: customers.fullName };

const selectWithdrawals = (db: Db) =>
  db
    .select({ w: withdrawals._.selectedFields, customerName: customers.fullName, customerEmail: users.email })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.customerId))
    .leftJoin(customers, eq(customers.userId, withdrawals.customerId));
type WithdrawalRow = Awaited<ReturnType<typeof selectWithdrawals>>[number];

function withdrawalWhere(query: AdminWithdrawalsQuery) {
  const search = searchOf(query.q, [customers.fullName, users.email, withdrawals.upiId], [withdrawals.id]);
  return and(eq(withdrawals.status, query.status), search);
}

function selectWithdrawalPage(db: Db, query: AdminWithdrawalsQuery, forExport: boolean) {
  const { limit, offset } = pageWindow(query, forExport);
  return selectWithdrawals(db)
    .where(withdrawalWhere(query))
    .orderBy(...orderOf(withdrawalSorts, query, 'createdAt', withdrawals.id))
    .limit(limit)
    .offset(offset);
}

const toWithdrawal = ({ w, customerName, customerEmail }: WithdrawalRow): AdminWithdrawal => ({
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
export async function listAdminWithdrawals({
  db,
  query,
}: {
  db: Db;
  query: AdminWithdrawalsQuery;
}): Promise<AdminWithdrawalPage> {
  const [rows, [{ total }]] = await Promise.all([
    selectWithdrawalPage(db, query, false),
    db
      .select({ total: count() })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.customerId))
      .leftJoin(customers, eq(customers.userId, withdrawals.customerId))
      .where(withdrawalWhere(query)),
  ]);
  return { items: rows.map(toWithdrawal), total: Number(total), page: query.page, pageSize: query.pageSize };
}

/** The same filter, every row up to the export bound, for CSV. */
export async function exportAdminWithdrawals({
  db,
  query,
}: {
  db: Db;
  query: AdminWithdrawalsQuery;
}): Promise<AdminWithdrawal[]> {
  return (await selectWithdrawalPage(db, query, true)).map(toWithdrawal);
}

/** One request as the Withdrawals tab shows it. */
export async function getAdminWithdrawal(db: Db, id: string): Promise<AdminWithdrawal> {
  const [row] = await selectWithdrawals(db).where(eq(withdrawals.id, id));
  return toWithdrawal(row);
}
