import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../platform/db';
import { closePendingCashback, ledgerRowOpen } from '../rewards';

// A cashback row is open while no 'released' or 'voided' row points at it.
const open = ledgerRowOpen(sql`mt.ledger_transaction_id`);

/** Rows handled per pass, so that one pass never holds an unbounded list. */
const BATCH = 5_000;

/**
 * Makes available the pending cashback of verified merchants' payments recorded more than the
 * return window ago (of one merchant, or all); part of the points release job. Answers the rows released.
 */
export async function releaseDueCashback(db: DbOrTx, a: { returnWindowDays: number; merchantUserId?: string }): Promise<number> {
  const only = a.merchantUserId ? sql`and m.user_id = ${a.merchantUserId}` : sql``;
  let released = 0;
  for (;;) {
    const due = await queryRows<{ id: string }>(
      db,
      sql`select mt.ledger_transaction_id as id from merchant_transactions mt join merchants m on m.id = mt.merchant_id
          where m.is_verified and mt.ledger_transaction_id is not null ${only}
            and mt.created_at <= now() - ${a.returnWindowDays}::int * interval '1 day' and ${open}
          limit ${BATCH}`,
    );
    const n = await closePendingCashback(db, { ids: due.map((r) => r.id), action: 'release' });
    released += n;
    if (due.length < BATCH || n === 0) return released;
  }
}

/** Voids the still-pending cashback of a merchant's payments (unverified or deleted), inside the caller's transaction; answers the rows voided. */
export async function voidPendingCashback(tx: DbOrTx, merchantUserId: string): Promise<number> {
  const pending = await queryRows<{ id: string }>(
    tx,
    sql`select mt.ledger_transaction_id as id from merchant_transactions mt join merchants m on m.id = mt.merchant_id
        where m.user_id = ${merchantUserId} and mt.ledger_transaction_id is not null and ${open}`,
  );
  return closePendingCashback(tx, { ids: pending.map((r) => r.id), action: 'void' });
}
