import { asc, and, gte, lt } from 'drizzle-orm';
import {
  commissionMessages,
  type CommissionGstReport,
  type CommissionGstRow,
} from '../../../contracts/commission-invoices.contract';
import type { CommissionDocumentKind } from '../../../domain/commission-invoice';
import type { DbOrTx } from '../../platform/db';
import { getHaatTaxIdentity } from './settlement.commission-invoices';
import { commissionDocuments } from './settlement.commission-invoices.tables';
import { monthBounds } from './settlement.tax-reports';

// Haat's output GST on its commission for a month (for its own GSTR-1 and GSTR-3B): every commission
// invoice and credit note issued in the month (India date), a credit note's amounts below zero, and
// the totals: invoices less credit notes. Figures are the documents' own.

/** The month's output GST report on Haat's commission. */
export async function getCommissionGstReport(db: DbOrTx, month: string): Promise<CommissionGstReport> {
  const { from, to } = monthBounds(month);
  const docs = await db
    .select()
    .from(commissionDocuments)
    .where(and(gte(commissionDocuments.issuedOn, from), lt(commissionDocuments.issuedOn, to)))
    .orderBy(asc(commissionDocuments.kind), asc(commissionDocuments.sequence));
  const rows: CommissionGstRow[] = docs.map((d) => {
    const sign = d.kind === 'credit_note' ? -1 : 1;
    return {
      id: d.id,
      kind: d.kind as CommissionDocumentKind,
      number: d.number,
      issuedOn: d.issuedOn,
      month: d.month,
      vendorUserId: d.vendorUserId,
      vendorName: d.parties.recipient.name,
      gstin: d.parties.recipient.gstin,
      placeOfSupplyState: d.placeOfSupplyState,
      taxablePaise: sign * d.taxablePaise,
      cgstPaise: sign * d.cgstPaise,
      sgstPaise: sign * d.sgstPaise,
      igstPaise: sign * d.igstPaise,
      totalPaise: sign * d.totalPaise,
    };
  });
  const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise') =>
    rows.reduce((s, r) => s + r[k], 0);
  return {
    month,
    rows,
    totals: {
      invoices: rows.filter((r) => r.kind === 'invoice').length,
      creditNotes: rows.filter((r) => r.kind === 'credit_note').length,
      taxablePaise: sum('taxablePaise'),
      cgstPaise: sum('cgstPaise'),
      sgstPaise: sum('sgstPaise'),
      igstPaise: sum('igstPaise'),
      totalPaise: sum('totalPaise'),
    },
    notice: (await getHaatTaxIdentity(db)) ? null : commissionMessages.notSet,
  };
}
