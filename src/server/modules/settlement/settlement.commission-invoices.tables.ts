import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/columns';
import { users } from '../auth/auth.tables';
import { gstSplitColumns, storedPdfCheck, storedPdfColumns } from './settlement.columns';

// Haat's own commission invoices: once a month Haat bills each vendor for its commission plus GST
// (the vendor claims it as input tax credit; Haat reports it as output tax), and a credit note when
// returns gave commission back. Haat is the supplier here, so the series is Haat's, not the vendor's.

/** Haat's GST registration as its invoices print it (a single row, set by the super admin): until it is set no commission invoice is issued. */
export const haatTaxIdentity = pgTable(
  'haat_tax_identity',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    /** Haat's registered state, one of src/domain/india-states.ts (the GSTIN's state). */
    state: text('state').notNull(),
    gstin: text('gstin').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('haat_tax_identity_single_row', sql`${t.id} = 1`)],
);

/** The last number used in Haat's commission series (invoices, or credit notes) per financial year: gap-free, taken in the issuing transaction. */
export const commissionDocumentSeries = pgTable(
  'commission_document_series',
  {
    kind: text('kind').notNull(),
    /** April to March, e.g. '2026-27'. */
    financialYear: text('financial_year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.financialYear] }),
    check('commission_document_series_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
  ],
);

/** Who supplied Haat's service and who received it, as printed, kept as they were when the document was issued. */
export type CommissionDocumentParties = {
  supplier: { name: string; address: string; state: string; gstin: string };
  recipient: { name: string; address: string; state: string | null; gstin: string | null };
};

/**
 * A commission tax invoice (a vendor's commission of one month plus GST) or credit note (commission
 * a month's returns gave back on sales already invoiced), issued by Haat. Never changed (a trigger
 * refuses it); its GST is debited (or credited back) in the vendor ledger in the same transaction.
 */
export const commissionDocuments = pgTable(
  'commission_documents',
  {
    id: id(),
    vendorUserId: uuid('vendor_user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    /** The calendar month (India) it covers, YYYY-MM. */
    month: text('month').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    /** 'HC/26-27/000001' or 'HCN/26-27/000001' (at most 16 characters, GST rule 46). */
    number: text('number').notNull(),
    /** 'commission-invoice:{vendor}:{month}' or 'commission-credit:{vendor}:{month}': unique, so it is issued once. */
    reference: text('reference').notNull(),
    /** The date in India on which it was issued. */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    parties: jsonb('parties').$type<CommissionDocumentParties>().notNull(),
    sacCode: text('sac_code').notNull(),
    gstRateBp: integer('gst_rate_bp').notNull(),
    placeOfSupplyState: text('place_of_supply_state'),
    intraState: boolean('intra_state').notNull(),
    // Its taxable value is the commission (GST not included).
    ...gstSplitColumns(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    ...storedPdfColumns(),
  },
  (t) => [
    uniqueIndex('commission_documents_reference_unique').on(t.reference),
    storedPdfCheck('commission_documents', t),
    uniqueIndex('commission_documents_series_unique').on(t.kind, t.financialYear, t.sequence),
    uniqueIndex('commission_documents_number_unique').on(t.number),
    index('commission_documents_vendor_idx').on(t.vendorUserId, t.issuedOn),
    index('commission_documents_month_idx').on(t.month),
    check('commission_documents_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('commission_documents_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check(
      'commission_documents_total_check',
      sql`${t.taxablePaise} > 0 and ${t.cgstPaise} >= 0 and ${t.sgstPaise} >= 0 and ${t.igstPaise} >= 0 and ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.totalPaise}`,
    ),
  ],
);

/**
 * Each vendor's months whose commission Haat has billed (an invoice, a credit note, both, or none
 * when nothing was due): written with the documents, so a month is settled once however many
 * processes try, and a month with nothing to bill is not looked at again.
 */
export const commissionMonths = pgTable(
  'commission_months',
  {
    vendorUserId: uuid('vendor_user_id')
      .notNull()
      .references(() => users.id),
    month: text('month').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.vendorUserId, t.month] })],
);
