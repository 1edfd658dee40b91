import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatDay } from '../../../contracts/earnings.contract';
import {
  adminPayoutMessages as m,
  payoutReferenceProblem,
  type PayoutPreview,
} from '../../../contracts/payouts.contract';
import { toPayoutDetails, type PayoutDetails } from '../../../contracts/payout-details.contract';
import { formatRupees } from '../../../domain/money';
import { AppError } from '../../platform/app-error';
import { queryRows, type DbOrTx, type Tx } from '../../platform/db';
import { notify } from '../notifications';
import { addToBalances, afterLock, entryOf, lockBalances, vendorBalancesOf } from './settlement.ledger';
import { vendorNameOf } from './settlement.payouts.read-model';
import { vendorLedger, vendorPayoutDetails, vendorPayouts } from './settlement.tables';

// Payouts, paid by hand outside Haat (bank transfer or UPI) or as a Razorpay
// Route transfer (settlement.route.ts). The rules:
// - Settle: the super admin chooses a vendor and a day to settle up to (today in India or earlier).
//   The amount is the vendor's payable as of the end of that day (India) — the payable_paise of its
//   ledger rows written up to then, plus every 'payout' and 'payout_cancelled' row whenever written
//   (so earlier payouts are netted even when they were created after that day, and a reversal's debit
//   carries into this payout) — capped by its payable balance now. Refused (409) when the vendor has
//   no payout details, when it has another payout still 'created' or 'transferring' (one open payout per vendor), when
//   that day is before the end of the previous payout's period, or when the amount is not above ₹0.
//   periodFrom is the day after the previous (not cancelled) payout's periodTo (that same day when
//   settling up to it again, for what became payable since), else the day of the vendor's first
//   ledger row. The payout and its 'payout' ledger row (payable_paise = -amount,
//   reference 'payout:{id}') are written in one transaction under the vendor's balance lock, so the
//   money is reserved at once and a payout never exceeds what is payable, by construction.
// - Mark paid: the bank UTR (up to 22 letters and digits) or the UPI reference (12 digits), by the
//   payout's method (from the vendor's payout details when it was created); status 'paid', paid_at
//   (India date), the reference and the admin; paid_paise += amount. The payout row is locked (after
//   the balance row, the order every writer takes), so two admins paying it at once pay it once: the
//   second gets 409 'This payout is already paid'. A payout left 'transferring' (the process stopped
//   during its Route transfer) is marked paid by hand with its transfer id (trf_…), method 'route'.
// - Cancel a created payout: status 'cancelled' and a 'payout_cancelled' ledger row (payable_paise =
//   +amount, reference 'payout-cancel:{id}'): the amount is payable again. A 'transferring' payout
//   cannot be cancelled (its money may have moved).

const IST = sql.raw(`'Asia/Kolkata'`);

type PayoutRow = typeof vendorPayouts.$inferSelect;

/** Where a settle up to `upTo` stands: the figures, the vendor's details and why it cannot be settled (null when it can). */
type Figures = Omit<PayoutPreview, 'vendorUserId' | 'businessName' | 'upTo' | 'payout'> & {
  details: PayoutDetails | null;
};

async function figuresOf(
  tx: DbOrTx,
  a: { vendorUserId: string; upTo: string; today: string; payableNowPaise: number },
): Promise<Figures> {
  if (a.upTo > a.today) throw new AppError('VALIDATION_FAILED', m.upToFuture, { upTo: m.upToFuture });
  const [detailsRow] = await tx
    .select()
    .from(vendorPayoutDetails)
    .where(eq(vendorPayoutDetails.vendorUserId, a.vendorUserId));
  const [row] = await queryRows<{
    as_of: string | null;
    first_day: string | null;
    last_to: string | null;
    open: number;
  }>(
    tx,
    sql`select
          (select coalesce(sum(payable_paise), 0) from ${vendorLedger} where vendor_user_id = ${a.vendorUserId}
             and (entry_type in ('payout', 'payout_cancelled') or created_at < ((${a.upTo}::date + 1)::timestamp at time zone ${IST}))) as as_of,
          (select to_char(min(created_at at time zone ${IST}), 'YYYY-MM-DD') from ${vendorLedger} where vendor_user_id = ${a.vendorUserId}) as first_day,
          (select to_char(max(period_to) + 1, 'YYYY-MM-DD') from ${vendorPayouts} where vendor_user_id = ${a.vendorUserId} and status <> 'cancelled') as last_to,
          (select count(*)::int from ${vendorPayouts} where vendor_user_id = ${a.vendorUserId} and status in ('created', 'transferring')) as open`,
  );
  const payableAsOfPaise = Number(row.as_of ?? 0);
  const amountPaise = Math.min(payableAsOfPaise, a.payableNowPaise);
  const lastTo = row.last_to === null ? null : addDays(row.last_to, -1);
  // A second payout on the day the last one ended covers that day again (what became payable since).
  const periodFrom = row.last_to === null ? row.first_day : row.last_to > a.upTo ? a.upTo : row.last_to;
  const refusal = !detailsRow
    ? m.noPayoutDetails
    : row.open > 0
      ? m.openPayout
      : lastTo !== null && lastTo > a.upTo
        ? m.alreadySettled(lastTo)
        : amountPaise <= 0
          ? m.nothingPayable
          : null;
  return {
    periodFrom,
    periodTo: a.upTo,
    payableAsOfPaise,
    payableNowPaise: a.payableNowPaise,
    amountPaise,
    refusal,
    details: detailsRow ? toPayoutDetails(detailsRow) : null,
  };
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function vendorName(db: DbOrTx, vendorUserId: string): Promise<string> {
  const name = await vendorNameOf(db, vendorUserId);
  if (name === null) throw new AppError('NOT_FOUND', m.vendorNotFound);
  return name;
}

export type PayoutPreviewArgs = { db: DbOrTx; vendorUserId: string; upTo: string; today: string };

/** What settling the vendor up to a day would pay now, and why it would be refused (nothing is written). */
export async function previewVendorPayout({
  db,
  vendorUserId,
  upTo,
  today,
}: PayoutPreviewArgs): Promise<PayoutPreview> {
  const businessName = await vendorName(db, vendorUserId);
  const { payablePaise } = await vendorBalancesOf(db, vendorUserId);
  const { details, ...f } = await figuresOf(db, { vendorUserId, upTo, today, payableNowPaise: payablePaise });
  return { vendorUserId, businessName, upTo, ...f, payout: details };
}

/** Creates the vendor's payout up to a day and reserves its amount in the ledger, in the caller's transaction; 409 with the reason when it cannot. */
export async function createVendorPayout(
  tx: Tx,
  a: { vendorUserId: string; upTo: string; today: string; adminId: string | null },
): Promise<PayoutRow> {
  await vendorName(tx, a.vendorUserId);
  const { payablePaise } = await lockBalances(tx, a.vendorUserId);
  const f = await figuresOf(tx, { ...a, payableNowPaise: Number(payablePaise) });
  if (f.refusal !== null || f.periodFrom === null || f.details === null)
    throw new AppError('CONFLICT', f.refusal ?? m.nothingPayable);
  const [payout] = await tx
    .insert(vendorPayouts)
    .values({
      vendorUserId: a.vendorUserId,
      amountPaise: f.amountPaise,
      periodFrom: f.periodFrom,
      periodTo: a.upTo,
      status: 'created',
      method: f.details.method,
      createdByAdminId: a.adminId,
    })
    .returning();
  await tx.insert(vendorLedger).values({
    vendorUserId: a.vendorUserId,
    payoutId: payout.id,
    entryType: 'payout',
    payablePaise: -f.amountPaise,
    reference: `payout:${payout.id}`,
    description: `Payout for ${f.periodFrom} to ${a.upTo}`,
    createdAt: afterLock,
  });
  await addToBalances(tx, a.vendorUserId, { payablePaise: -f.amountPaise });
  return { ...payout, amountPaise: Number(payout.amountPaise) };
}

/** The payout, locked after its vendor's balances (the order every ledger writer takes); 404 when there is none, 409 when paid or cancelled. */
export async function lockPayout(tx: Tx, payoutId: string): Promise<PayoutRow> {
  const [known] = await tx
    .select({ vendorUserId: vendorPayouts.vendorUserId })
    .from(vendorPayouts)
    .where(eq(vendorPayouts.id, payoutId));
  if (!known) throw new AppError('NOT_FOUND', m.notFound);
  await lockBalances(tx, known.vendorUserId);
  const [payout] = await tx.select().from(vendorPayouts).where(eq(vendorPayouts.id, payoutId)).for('update');
  if (payout.status === 'paid') throw new AppError('CONFLICT', m.alreadyPaid);
  if (payout.status === 'cancelled') throw new AppError('CONFLICT', m.alreadyCancelled);
  return { ...payout, amountPaise: Number(payout.amountPaise) };
}

/** How a paid payout went, as its vendor reads it: the way it was paid and the name of its reference. */
const paidHow: Record<string, { via: string; referenceLabel: string }> = {
  bank: { via: 'bank transfer', referenceLabel: 'UTR' },
  upi: { via: 'UPI', referenceLabel: 'UPI reference' },
  route: { via: 'Razorpay Route transfer', referenceLabel: 'Transfer id' },
};

/**
 * Marks a payout locked by lockPayout paid (status 'paid', the reference, the method, the day and the
 * admin), adds it to the vendor's paid total and tells the vendor the amount and the reference.
 */
export async function payLockedPayout(
  tx: Tx,
  payout: PayoutRow,
  a: { reference: string; method: string | null; today: string; adminId: string | null },
): Promise<PayoutRow> {
  const [paid] = await tx
    .update(vendorPayouts)
    .set({
      status: 'paid',
      method: a.method,
      reference: a.reference,
      paidAt: a.today,
      paidByAdminId: a.adminId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(vendorPayouts.id, payout.id), inArray(vendorPayouts.status, ['created', 'transferring'])))
    .returning();
  await addToBalances(tx, payout.vendorUserId, { paidPaise: payout.amountPaise });
  const how = paidHow[a.method ?? ''] ?? { via: 'transfer', referenceLabel: 'Reference' };
  await notify(tx, {
    kind: 'vendor-payout-paid',
    to: { userId: payout.vendorUserId },
    data: {
      businessName: await vendorName(tx, payout.vendorUserId),
      amount: formatRupees(payout.amountPaise),
      period:
        payout.periodFrom === payout.periodTo
          ? formatDay(payout.periodTo)
          : `${formatDay(payout.periodFrom)} to ${formatDay(payout.periodTo)}`,
      ...how,
      reference: a.reference,
    },
  });
  return { ...paid, amountPaise: Number(paid.amountPaise) };
}

/**
 * Marks a created payout paid with the transfer's reference (checked against its method) and adds it
 * to the vendor's paid total, once; a payout left 'transferring' takes its Route transfer id (method 'route').
 */
export async function markVendorPayoutPaid(
  tx: Tx,
  a: { payoutId: string; reference: string; today: string; adminId: string | null },
): Promise<PayoutRow> {
  const payout = await lockPayout(tx, a.payoutId);
  const transferring = payout.status === 'transferring';
  const problem = payoutReferenceProblem(payout.method, a.reference, transferring);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { reference: problem });
  return payLockedPayout(tx, payout, { ...a, method: transferring ? 'route' : payout.method });
}

/** Cancels a created payout: its amount returns to payable through a 'payout_cancelled' ledger row, once. */
export async function cancelVendorPayout(tx: Tx, a: { payoutId: string }): Promise<PayoutRow> {
  const payout = await lockPayout(tx, a.payoutId);
  if (payout.status === 'transferring') throw new AppError('CONFLICT', m.cancelTransferring);
  const entry = await entryOf(tx, `payout:${payout.id}`);
  const [cancelled] = await tx
    .update(vendorPayouts)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(vendorPayouts.id, a.payoutId), eq(vendorPayouts.status, 'created')))
    .returning();
  await tx.insert(vendorLedger).values({
    vendorUserId: payout.vendorUserId,
    payoutId: payout.id,
    entryType: 'payout_cancelled',
    payablePaise: payout.amountPaise,
    relatedEntryId: entry?.id,
    reference: `payout-cancel:${payout.id}`,
    description: `Payout for ${payout.periodFrom} to ${payout.periodTo} cancelled`,
    createdAt: afterLock,
  });
  await addToBalances(tx, payout.vendorUserId, { payablePaise: payout.amountPaise });
  return { ...cancelled, amountPaise: Number(cancelled.amountPaise) };
}
