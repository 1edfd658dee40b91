import { and, asc, eq, inArray } from 'drizzle-orm';
import { creditNoteForUnits } from '../../../domain/promotions-tax';
import type { LineAmounts } from '../../../domain/settlement';
import type { Tx } from '../../platform/db';
import { addToBalances, afterLock, entryOf, lockBalances } from './settlement.ledger';
import { insertCreditNote, invoiceOfPart } from './settlement.invoices';
import { keepReturnedTds } from './settlement.tds-adjustments';
import { orderItemSettlements, taxDocuments, vendorLedger } from './settlement.tables';

// A return received back: the vendor's credit for the returned units is
// reversed (from pending while the return window runs, else from payable, below zero when it was
// paid out already: a debit carried into the next payout), and a credit note is issued against the
// part's tax invoice for exactly those units. Their figures follow the invoice's own rule
// (domain/settlement.ts settleReturnedUnits: the line's rule for the units returned so far less the
// units returned before), so a return of some units credits what an invoice for them would carry,
// and returning every unit, in any number of returns, reverses exactly the part's net and credits
// exactly its invoice.

export type ReturnedLine = {
  orderItemId: string;
  quantity: number;
  returnedBefore: number;
  returning: number;
  description: string;
  unitPricePaise: number;
  /** The vendor-funded discount on the whole line (all its units), which its invoice showed. */
  vendorFundedPaise: number;
};

export type ReturnSettled = { vendorReversedPaise: number; creditNote: { id: string; number: string } | null };

/** Settles a return received back, once (its references are unique), in the caller's transaction. */
export async function settleReturnReceived(
  tx: Tx,
  a: { orderPartId: string; returnId: string; orderRef: string; lines: ReturnedLine[]; reason: string; now?: Date },
): Promise<ReturnSettled> {
  const ids = a.lines.map((l) => l.orderItemId);
  const rows =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(orderItemSettlements)
          .where(
            and(eq(orderItemSettlements.orderPartId, a.orderPartId), inArray(orderItemSettlements.orderItemId, ids)),
          )
          .orderBy(asc(orderItemSettlements.orderItemId));
  // An order placed before settlement existed has no lines: nothing was credited or invoiced.
  if (rows.length === 0) return { vendorReversedPaise: 0, creditNote: null };
  const byItem = new Map(a.lines.map((l) => [l.orderItemId, l]));
  const shares = rows.map((r) => {
    const l = byItem.get(r.orderItemId)!;
    const rates = {
      gstRateBp: r.gstRateBp,
      intraState: r.intraState,
      commissionBp: r.commissionBp,
      tcsBp: r.tcsBp,
      tdsBp: r.tdsBp,
      vendorHasGstin: r.vendorGstin !== null,
    };
    // Units from+1..to of the line on their value after their share of the vendor's discount, which
    // the credit note shows (without one, exactly the invoice's rule for those units).
    const credit = creditNoteForUnits(
      r,
      {
        unitPricePaise: l.unitPricePaise,
        quantity: l.quantity,
        vendorFundedPaise: l.vendorFundedPaise,
        haatFundedPaise: 0,
      },
      rates,
      l.returnedBefore,
      l.returnedBefore + l.returning,
    );
    return { row: r, line: l, share: credit.amounts, discountPaise: credit.discountPaise };
  });
  const vendorUserId = rows[0].vendorUserId;
  const reversed = shares.reduce((s, x) => s + x.share.vendorNetPaise, 0);

  await lockBalances(tx, vendorUserId);
  const sale = await entryOf(tx, `sale:${a.orderPartId}`);
  const reference = `return:${a.returnId}`;
  if (sale && !(await entryOf(tx, reference)) && reversed > 0) {
    const released = await entryOf(tx, `release:${a.orderPartId}`);
    const change = released ? { payablePaise: -reversed } : { pendingPaise: -reversed };
    await tx.insert(vendorLedger).values({
      createdAt: afterLock,
      vendorUserId,
      orderPartId: a.orderPartId,
      entryType: 'returned',
      ...change,
      relatedEntryId: sale.id,
      reference,
      description: `Items of order ${a.orderRef} returned`,
    });
    await addToBalances(tx, vendorUserId, change);
    // The TDS on the returned units stays deposited in the vendor's name (CBDT Circular 20/2023, Q4):
    // debited now, it reduces the TDS of the vendor's next credits this financial year.
    const tdsPaise = shares.reduce((s, x) => s + x.share.tdsPaise, 0);
    await keepReturnedTds(tx, {
      vendorUserId,
      orderPartId: a.orderPartId,
      returnId: a.returnId,
      tdsPaise,
      relatedEntryId: sale.id,
    });
  }
  const creditNote = await issueReturnCreditNote(tx, { ...a, shares });
  return { vendorReversedPaise: sale ? reversed : 0, creditNote };
}

/** The credit note of a return against its part's invoice (null when the part was never invoiced), once. */
async function issueReturnCreditNote(
  tx: Tx,
  a: {
    orderPartId: string;
    returnId: string;
    reason: string;
    now?: Date;
    shares: {
      row: typeof orderItemSettlements.$inferSelect;
      line: ReturnedLine;
      share: LineAmounts;
      discountPaise: number;
    }[];
  },
): Promise<{ id: string; number: string } | null> {
  const reference = `credit:return:${a.returnId}`;
  const [existing] = await tx
    .select({ id: taxDocuments.id, number: taxDocuments.number })
    .from(taxDocuments)
    .where(eq(taxDocuments.reference, reference));
  if (existing) return existing;
  const invoice = await invoiceOfPart(tx, a.orderPartId);
  const shares = a.shares.filter((x) => x.share.grossPaise > 0);
  if (!invoice || shares.length === 0) return null;
  const doc = await insertCreditNote(tx, {
    invoice,
    reference,
    reason: a.reason,
    now: a.now,
    lines: shares.map(({ row, line, share, discountPaise }) => ({
      orderItemId: row.orderItemId,
      description: line.description,
      hsnCode: row.hsnCode,
      quantity: line.returning,
      unitPricePaise: line.unitPricePaise,
      discountPaise,
      gstRateBp: row.gstRateBp,
      grossPaise: share.grossPaise,
      taxablePaise: share.taxablePaise,
      cgstPaise: share.cgstPaise,
      sgstPaise: share.sgstPaise,
      igstPaise: share.igstPaise,
      commissionBp: row.commissionBp,
      commissionPaise: share.commissionPaise,
      tcsBp: row.tcsBp,
      tcsCgstPaise: share.tcsCgstPaise,
      tcsSgstPaise: share.tcsSgstPaise,
      tcsIgstPaise: share.tcsIgstPaise,
      tdsBp: row.tdsBp,
      tdsPaise: share.tdsPaise,
    })),
  });
  return { id: doc.id, number: doc.number };
}
