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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from '../../platform/columns';
import { users } from '../auth/auth.tables';
import { categories } from '../catalog/catalog.tables';
import { orderItems, orderParts, orders } from '../orders/orders.tables';
import { deductionColumns, gstSplitColumns, storedPdfCheck, storedPdfColumns } from './settlement.columns';

// What Haat keeps and what it owes its vendors. Every rate is data with the date from
// which it applies (the next change is a row, not a release); what an order item paid whom is
// written once, when the order is placed; the vendor's ledger only ever grows.

/**
 * The other rates, by kind, from a date: TCS under GST section 52, TDS under section 194-O with and
 * without a PAN, and the GST rate of a product with no HSN code chosen yet.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: id(),
    kind: text('kind').notNull(),
    rateBp: integer('rate_bp').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    /** Where the rate comes from (a notification, a section of an act). */
    source: text('source').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_rates_kind_from_unique').on(t.kind, t.effectiveFrom),
    check('tax_rates_kind_check', sql`${t.kind} in ('tcs', 'tds_with_pan', 'tds_without_pan', 'gst_unclassified')`),
    check('tax_rates_rate_check', sql`${t.rateBp} >= 0 and ${t.rateBp} <= 10000`),
  ],
);

/**
 * Haat's commission: a global default, per category and per vendor, each from a date. Rows are
 * never edited: a new rate is a new row (pickCommissionRate in src/domain/settlement.ts decides).
 */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: id(),
    scope: text('scope').notNull(),
    categoryId: uuid('category_id').references(() => categories.id),
    /** The vendor's user id. */
    vendorUserId: uuid('vendor_user_id').references(() => users.id, { onDelete: 'cascade' }),
    rateBp: integer('rate_bp').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    /** The super admin account that set it. */
    createdByAdminId: uuid('created_by_admin_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('commission_rules_from_idx').on(t.effectiveFrom),
    check('commission_rules_scope_check', sql`${t.scope} in ('global', 'category', 'vendor')`),
    check(
      'commission_rules_target_check',
      sql`(${t.scope} = 'global' and ${t.categoryId} is null and ${t.vendorUserId} is null)
       or (${t.scope} = 'category' and ${t.categoryId} is not null and ${t.vendorUserId} is null)
       or (${t.scope} = 'vendor' and ${t.vendorUserId} is not null and ${t.categoryId} is null)`,
    ),
    check('commission_rules_rate_check', sql`${t.rateBp} >= 0 and ${t.rateBp} <= 10000`),
  ],
);

/** A vendor's payout and tax details: where Haat pays it, and the PAN and GSTIN its TDS and TCS depend on. */
export const vendorPayoutDetails = pgTable(
  'vendor_payout_details',
  {
    vendorUserId: uuid('vendor_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    accountHolderName: text('account_holder_name'),
    bankAccountNumber: text('bank_account_number'),
    ifsc: text('ifsc'),
    upiId: text('upi_id'),
    pan: text('pan'),
    gstin: text('gstin'),
    /** The ₹5 lakh exemption of income tax section 194-O(2), declared by an individual or HUF ('none': not declared). */
    tdsExemption: text('tds_exemption').notNull().default('none'),
    /** The Aadhaar number an individual gave with the declaration instead of (or besides) its PAN. */
    aadhaar: text('aadhaar'),
    /** The GST enrolment number of a seller without a GSTIN that supplies through Haat (Notification 34/2023-Central Tax). */
    enrolmentNumber: text('enrolment_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('vendor_payout_details_method_check', sql`${t.method} in ('bank', 'upi')`),
    check(
      'vendor_payout_details_tds_exemption_check',
      sql`${t.tdsExemption} in ('none', 'individual', 'huf') and (${t.tdsExemption} = 'none' or ${t.pan} is not null or ${t.aadhaar} is not null)`,
    ),
    check(
      'vendor_payout_details_method_fields',
      sql`(${t.method} = 'bank' and ${t.bankAccountNumber} is not null and ${t.ifsc} is not null and ${t.accountHolderName} is not null) or (${t.method} = 'upi' and ${t.upiId} is not null)`,
    ),
  ],
);

/**
 * What one order item pays whom, written once when the order is placed and never changed (a trigger
 * refuses updates): its price, GST, Haat's commission, TCS and TDS, and the vendor's net, in paise,
 * with the rates and the vendor's PAN and GSTIN as they were that day.
 */
export const orderItemSettlements = pgTable(
  'order_item_settlements',
  {
    orderItemId: uuid('order_item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderPartId: uuid('order_part_id')
      .notNull()
      .references(() => orderParts.id, { onDelete: 'cascade' }),
    vendorUserId: uuid('vendor_user_id')
      .notNull()
      .references(() => users.id),
    /** The day (in India) whose rates applied. */
    ratesOn: date('rates_on', { mode: 'string' }).notNull(),
    hsnCode: text('hsn_code'),
    gstRateBp: integer('gst_rate_bp').notNull(),
    /** The supplier's state (the vendor's GSTIN, else its shop's state) and the place of supply (the delivery address's state). */
    supplierState: text('supplier_state'),
    placeOfSupplyState: text('place_of_supply_state'),
    intraState: boolean('intra_state').notNull(),
    grossPaise: bigint('gross_paise', { mode: 'number' }).notNull(),
    ...gstSplitColumns(),
    commissionRuleId: uuid('commission_rule_id').references(() => commissionRules.id),
    ...deductionColumns(),
    vendorNetPaise: bigint('vendor_net_paise', { mode: 'number' }).notNull(),
    vendorPan: text('vendor_pan'),
    vendorGstin: text('vendor_gstin'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_item_settlements_part_idx').on(t.orderPartId),
    index('order_item_settlements_order_idx').on(t.orderId),
    index('order_item_settlements_vendor_idx').on(t.vendorUserId, t.ratesOn),
    check(
      'order_item_settlements_amounts_check',
      sql`${t.grossPaise} >= 0 and ${t.taxablePaise} >= 0 and ${t.commissionPaise} >= 0 and ${t.tdsPaise} >= 0 and ${t.vendorNetPaise} >= 0`,
    ),
    check(
      'order_item_settlements_gst_check',
      sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.grossPaise}`,
    ),
    check(
      'order_item_settlements_split_check',
      sql`${t.grossPaise} = ${t.commissionPaise} + ${t.tcsCgstPaise} + ${t.tcsSgstPaise} + ${t.tcsIgstPaise} + ${t.tdsPaise} + ${t.vendorNetPaise}`,
    ),
  ],
);

/** Haat's payouts to a vendor (the payout slice fills them in). */
export const vendorPayouts = pgTable(
  'vendor_payouts',
  {
    id: id(),
    vendorUserId: uuid('vendor_user_id')
      .notNull()
      .references(() => users.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('created'),
    method: text('method'),
    /** The bank UTR, the UPI reference or the Razorpay transfer id. */
    reference: text('reference'),
    createdByAdminId: uuid('created_by_admin_id'),
    paidByAdminId: uuid('paid_by_admin_id'),
    paidAt: date('paid_at', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vendor_payouts_vendor_idx').on(t.vendorUserId, t.createdAt),
    check('vendor_payouts_amount_check', sql`${t.amountPaise} > 0`),
    // 'transferring': a Razorpay Route transfer has been asked for and its answer is awaited.
    check('vendor_payouts_status_check', sql`${t.status} in ('created', 'transferring', 'paid', 'cancelled')`),
  ],
);

/**
 * The vendor ledger: the truth for every vendor balance, in the style of the points ledger. Rows
 * are never edited or deleted (a trigger refuses it); releasing or reversing writes a new row.
 * pendingPaise and payablePaise are changes of the two balances.
 */
export const vendorLedger = pgTable(
  'vendor_ledger',
  {
    id: id(),
    vendorUserId: uuid('vendor_user_id')
      .notNull()
      .references(() => users.id),
    orderPartId: uuid('order_part_id').references(() => orderParts.id),
    payoutId: uuid('payout_id').references(() => vendorPayouts.id),
    entryType: text('entry_type').notNull(),
    pendingPaise: bigint('pending_paise', { mode: 'number' }).notNull().default(0),
    payablePaise: bigint('payable_paise', { mode: 'number' }).notNull().default(0),
    relatedEntryId: uuid('related_entry_id').references((): AnyPgColumn => vendorLedger.id),
    /** What the row answers to, e.g. 'sale:{part id}': unique, so that it is written once however many processes try. */
    reference: text('reference').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vendor_ledger_reference_unique').on(t.reference),
    index('vendor_ledger_vendor_idx').on(t.vendorUserId, t.createdAt),
    index('vendor_ledger_part_idx').on(t.orderPartId),
    index('vendor_ledger_payout_idx').on(t.payoutId),
    check(
      'vendor_ledger_type_check',
      sql`${t.entryType} in ('sale', 'released', 'reversed', 'payout', 'payout_cancelled', 'cod_collected', 'returned', 'tds_kept', 'tds_adjusted', 'tds_exempt', 'tds_catch_up', 'commission_gst', 'commission_gst_credit')`,
    ),
  ],
);

/** Each vendor's balances, kept with the ledger in the same transaction: pending + payable = the ledger's sum. */
export const vendorBalances = pgTable(
  'vendor_balances',
  {
    vendorUserId: uuid('vendor_user_id')
      .primaryKey()
      .references(() => users.id),
    pendingPaise: bigint('pending_paise', { mode: 'number' }).notNull().default(0),
    /** May go below zero: a reversal after a payout is a debit carried into the next payout. */
    payablePaise: bigint('payable_paise', { mode: 'number' }).notNull().default(0),
    paidPaise: bigint('paid_paise', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('vendor_balances_pending_check', sql`${t.pendingPaise} >= 0 and ${t.paidPaise} >= 0`)],
);

/**
 * The vendor's Razorpay Route linked account (acc_…), set by the super admin once Razorpay has
 * onboarded the vendor: payouts then go as Route transfers when Route is enabled.
 */
export const vendorRouteAccounts = pgTable(
  'vendor_route_accounts',
  {
    vendorUserId: uuid('vendor_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    setByAdminId: uuid('set_by_admin_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('vendor_route_accounts_account_check', sql`${t.accountId} ~ '^acc_[A-Za-z0-9]{14}$'`)],
);

/** The last number used in each vendor's series of invoices, bills of supply or credit notes, per financial year (gap-free: taken in the issuing transaction). */
export const taxDocumentSeries = pgTable(
  'tax_document_series',
  {
    vendorUserId: uuid('vendor_user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    /** April to March, e.g. '2026-27'. */
    financialYear: text('financial_year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorUserId, t.kind, t.financialYear] }),
    check('tax_document_series_kind_check', sql`${t.kind} in ('invoice', 'bill_of_supply', 'credit_note')`),
  ],
);

/** Who sold and who bought, as printed on a tax document, kept as they were when it was issued. */
export type TaxDocumentParties = {
  /** enrolmentNumber: the GST enrolment number of a seller without a GSTIN (absent on documents issued before it was kept). */
  seller: {
    name: string;
    address: string;
    state: string | null;
    gstin: string | null;
    pan: string | null;
    enrolmentNumber?: string | null;
  };
  buyer: { name: string; billingAddress: string; deliveryAddress: string };
};

/**
 * A GST tax invoice of one order part, issued by its vendor (through Haat) when the part ships, or
 * a credit note against it when it is cancelled or returned afterwards. Never changed (a trigger
 * refuses it): its lines and parties are copies, as they were on the day it was issued.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: id(),
    vendorUserId: uuid('vendor_user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    orderPartId: uuid('order_part_id')
      .notNull()
      .references(() => orderParts.id),
    kind: text('kind').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    /** e.g. 'INV/26-27/000001' or 'CN/26-27/000001' (at most 16 characters, as GST rule 46 allows). */
    number: text('number').notNull(),
    /** The invoice a credit note is against. */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => taxDocuments.id),
    /** What the document answers to, e.g. 'invoice:{part id}', 'credit:{part id}': unique, so it is issued once. */
    reference: text('reference').notNull(),
    /** The date in India on which it was issued. */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    parties: jsonb('parties').$type<TaxDocumentParties>().notNull(),
    supplierState: text('supplier_state'),
    placeOfSupplyState: text('place_of_supply_state'),
    intraState: boolean('intra_state').notNull(),
    reason: text('reason'),
    ...gstSplitColumns(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    ...storedPdfColumns(),
  },
  (t) => [
    uniqueIndex('tax_documents_reference_unique').on(t.reference),
    storedPdfCheck('tax_documents', t),
    uniqueIndex('tax_documents_series_unique').on(t.vendorUserId, t.kind, t.financialYear, t.sequence),
    index('tax_documents_part_idx').on(t.orderPartId),
    index('tax_documents_issued_idx').on(t.issuedOn),
    check('tax_documents_kind_check', sql`${t.kind} in ('invoice', 'bill_of_supply', 'credit_note')`),
    check('tax_documents_credit_check', sql`(${t.kind} <> 'credit_note') = (${t.invoiceId} is null)`),
    // A bill of supply (CGST Rules, rule 49) charges no GST.
    check(
      'tax_documents_bill_of_supply_check',
      sql`${t.kind} <> 'bill_of_supply' or (${t.cgstPaise} = 0 and ${t.sgstPaise} = 0 and ${t.igstPaise} = 0)`,
    ),
    check(
      'tax_documents_total_check',
      sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.totalPaise} and ${t.totalPaise} >= 0`,
    ),
  ],
);

/**
 * A line of a tax document: one order item (all of its quantity, or on a credit note the quantity
 * given back), with its share of the item's GST, commission, TCS and TDS. All amounts are positive;
 * a credit note's lines count against its invoice's in the reports.
 */
export const taxDocumentLines = pgTable(
  'tax_document_lines',
  {
    id: id(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => taxDocuments.id),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    description: text('description').notNull(),
    hsnCode: text('hsn_code'),
    quantity: integer('quantity').notNull(),
    unitPricePaise: bigint('unit_price_paise', { mode: 'number' }).notNull(),
    /**
     * The vendor-funded promotions' discount on these units, shown on the document: gross is the units
     * at the unit price less it (a Haat-funded discount is not the vendor's: never here).
     */
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    gstRateBp: integer('gst_rate_bp').notNull(),
    grossPaise: bigint('gross_paise', { mode: 'number' }).notNull(),
    ...gstSplitColumns(),
    ...deductionColumns(),
  },
  (t) => [
    index('tax_document_lines_document_idx').on(t.documentId),
    uniqueIndex('tax_document_lines_item_unique').on(t.documentId, t.orderItemId),
    check('tax_document_lines_quantity_check', sql`${t.quantity} >= 1`),
    check(
      'tax_document_lines_discount_check',
      sql`${t.discountPaise} >= 0 and ${t.discountPaise} <= ${t.unitPricePaise} * ${t.quantity}`,
    ),
    check(
      'tax_document_lines_gst_check',
      sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.grossPaise}`,
    ),
  ],
);

/**
 * The outbox of document PDFs: a row is written in the transaction that issues a tax document or a
 * commission document, and the document PDFs job renders it once, stores the file and keeps its
 * SHA-256 on the document (the row then goes); a failed render is retried with backoff.
 */
export const documentPdfRenders = pgTable(
  'document_pdf_renders',
  {
    id: id(),
    /** 'tax' (tax_documents) or 'commission' (commission_documents). */
    source: text('source').notNull(),
    documentId: uuid('document_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    /** A renderer holds the row until then; after it, another may take it (a process that died mid-render). */
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('document_pdf_renders_document_unique').on(t.source, t.documentId),
    index('document_pdf_renders_due_idx').on(t.nextAttemptAt),
    check('document_pdf_renders_source_check', sql`${t.source} in ('tax', 'commission')`),
  ],
);
