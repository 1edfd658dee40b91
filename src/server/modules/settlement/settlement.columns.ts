import { sql } from 'drizzle-orm';
import { bigint, check, integer, text, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Columns that several of settlement's tables write alike: a value's GST split, what Haat deducts
// from a line (the figures of LineAmounts in domain/settlement.ts), and a document's stored PDF.

const paise = (name: string) => bigint(name, { mode: 'number' }).notNull();

/** A value's taxable part and its GST: CGST + SGST within a state, IGST across states. */
export const gstSplitColumns = () => ({
  taxablePaise: paise('taxable_paise'),
  cgstPaise: paise('cgst_paise'),
  sgstPaise: paise('sgst_paise'),
  igstPaise: paise('igst_paise'),
});

/** What Haat deducts from a line, with the rates it took: commission, TCS (split as GST is) and TDS. */
export const deductionColumns = () => ({
  commissionBp: integer('commission_bp').notNull(),
  commissionPaise: paise('commission_paise'),
  tcsBp: integer('tcs_bp').notNull(),
  tcsCgstPaise: paise('tcs_cgst_paise'),
  tcsSgstPaise: paise('tcs_sgst_paise'),
  tcsIgstPaise: paise('tcs_igst_paise'),
  tdsBp: integer('tds_bp').notNull(),
  tdsPaise: paise('tds_paise'),
});

/** A document's PDF, set once when it is rendered. */
export const storedPdfColumns = () => ({
  /** Where its PDF is stored (the documents' store), set once when it is rendered. */
  pdfKey: text('pdf_key'),
  /** The SHA-256 of its PDF (hex): the bytes served forever, and their ETag. */
  pdfSha256: text('pdf_sha256'),
});

/** A stored PDF has both its key and its SHA-256, or neither. */
export const storedPdfCheck = (table: string, t: { pdfKey: AnyPgColumn; pdfSha256: AnyPgColumn }) =>
  check(`${table}_pdf_check`, sql`(${t.pdfKey} is null) = (${t.pdfSha256} is null)`);
