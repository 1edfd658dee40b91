import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../platform/db';
import { closePendingCashback, ledgerRowOpen, type PendingEnded } from '../rewards';

// A cashback row is open while no 'released' or 'voided' row points at it.
const open = ledgerRowOpen(sql`mt.ledger_transaction_id`);

/** A payment recorded more than the return window ago: its cashback may be released (to a verified merchant's customer). */
const pastWindow = (returnWindowDays: number) =>
  sql`mt.created_at <= now() - ${returnWindowDays}::int * interval '1 day'`;

/** Rows handled per pass, so that one pass never holds an unbounded list. */
const BATCH = 5_000;

/**
 * Makes available the pending cashback of verified merchants' payments recorded more than the
 * return window ago (of one merchant, or all), telling each customer ('cashback from Ravi Stores').
 * Answers the rows released and their points.
 */
export async function releaseCashback(
  db: DbOrTx,
  a: { returnWindowDays: number; merchantUserId?: string },
): Promise<PendingEnded> {
  const only = a.merchantUserId ? sql`and m.user_id = ${a.merchantUserId}` : sql``;
  const released: PendingEnded = { rows: 0, points: 0 };
  for (;;) {
    const due = await queryRows<{ id: string; business_name: string }>(
      db,
      sql`select mt.ledger_transaction_id as id, m.business_name from merchant_transactions mt join merchants m on m.id = mt.merchant_id
          where m.is_verified and mt.ledger_transaction_id is not null ${only}
            and ${pastWindow(a.returnWindowDays)} and ${open}
          limit ${BATCH}`,
    );
    const sources = Object.fromEntries(due.map((r) => [r.id, `cashback from ${r.business_name}`]));
    const n = await closePendingCashback(db, { ids: due.map((r) => r.id), action: 'release', sources });
    released.rows += n.rows;
    released.points += n.points;
    if (due.length < BATCH || n.rows === 0) return released;
  }
}

/** The cashback release as a part of the points release job: answers the rows released. */
export async function releaseDueCashback(
  db: DbOrTx,
  a: { returnWindowDays: number; merchantUserId?: string },
): Promise<number> {
  return (await releaseCashback(db, a)).rows;
}

/** Voids the still-pending cashback of a merchant's payments (unverified or deleted), inside the caller's transaction; answers the rows voided and their points. */
export async function voidPendingCashback(tx: DbOrTx, merchantUserId: string): Promise<PendingEnded> {
  const pending = await queryRows<{ id: string }>(
    tx,
    sql`select mt.ledger_transaction_id as id from merchant_transactions mt join merchants m on m.id = mt.merchant_id
        where m.user_id = ${merchantUserId} and mt.ledger_transaction_id is not null and ${open}`,
  );
  return closePendingCashback(tx, { ids: pending.map((r) => r.id), action: 'void' });
}

/**
 * What verifying or unverifying would do to the customers' cashback now, before the super admin
 * confirms: verifying releases the open cashback past the return window; unverifying voids all the
 * open cashback. Null for an unknown merchant.
 */
export async function cashbackAtStake(
  db: DbOrTx,
  a: { merchantUserId: string; returnWindowDays: number },
): Promise<{ releasePayments: number; releasePoints: number; voidPayments: number; voidPoints: number } | null> {
  const [row] = await queryRows<{
    merchant: string | null;
    due_n: number;
    due_points: number;
    open_n: number;
    open_points: number;
  }>(
    db,
    sql`select m.id as merchant,
               count(mt.id) filter (where ${pastWindow(a.returnWindowDays)})::int as due_n,
               coalesce(sum(mt.cashback_points) filter (where ${pastWindow(a.returnWindowDays)}), 0)::int as due_points,
               count(mt.id)::int as open_n, coalesce(sum(mt.cashback_points), 0)::int as open_points
        from merchants m
        left join merchant_transactions mt on mt.merchant_id = m.id and mt.ledger_transaction_id is not null and ${open}
        where m.user_id = ${a.merchantUserId}
        group by m.id`,
  );
  if (!row) return null;
  return {
    releasePayments: Number(row.due_n),
    releasePoints: Number(row.due_points),
    voidPayments: Number(row.open_n),
    voidPoints: Number(row.open_points),
  };
}
