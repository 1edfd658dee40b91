import { formatDay, formatRate } from '../../../contracts/earnings.contract';
import { formatRupeesWithPaise } from '../../../domain/money';
import { rupeesInWords } from '../../../domain/rupees-in-words';
import type { TaxDocumentKind } from '../../../domain/tax-documents';
import type { TaxDocumentParties } from './settlement.tables';

// What a tax invoice or credit note PDF prints, as text, worked out from the stored document alone:
// the PDF renderer only lays these strings out, so the tests of this view are
// the tests of what the customer reads. Amounts are always in rupees and paise with Indian digit
// grouping (₹1,25,000.00), as invoices write them, unlike the shop pages' ₹1,25,000.

/** A stored tax document with its lines (and, for a credit note, the invoice it is against). */
export type TaxDocumentForView = {
  kind: TaxDocumentKind;
  number: string;
  /** YYYY-MM-DD, India. */
  issuedOn: string;
  orderId: string;
  parties: TaxDocumentParties;
  placeOfSupplyState: string | null;
  intraState: boolean;
  reason: string | null;
  /** A credit note's invoice or bill of supply (kind absent: an invoice). */
  againstInvoice: { number: string; issuedOn: string; kind?: TaxDocumentKind } | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  lines: {
    description: string;
    hsnCode: string | null;
    quantity: number;
    unitPricePaise: number;
    /** The seller's own promotion's discount on these units (0 or absent: none). */
    discountPaise?: number;
    gstRateBp: number;
    grossPaise: number;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
  }[];
};

export type InvoiceViewLine = {
  no: string;
  description: string;
  hsnCode: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  taxableValue: string;
  gstRate: string;
  cgst: string;
  sgst: string;
  igst: string;
  total: string;
};

export type InvoiceViewColumn = { key: keyof InvoiceViewLine; label: string; align: 'left' | 'right' };

export type InvoiceView = {
  /** For the download: the number with '-' for '/', e.g. 'INV-26-27-000001.pdf'. */
  fileName: string;
  title: 'Tax Invoice' | 'Bill of Supply' | 'Credit Note';
  /** The label of its number: 'Invoice no.', 'Bill of supply no.' or 'Credit note no.'. */
  numberLabel: string;
  number: string;
  date: string;
  orderRef: string;
  /** A credit note's invoice: 'Against invoice INV/26-27/000001 dated 26 Nov 2026'. */
  against: string | null;
  reason: string | null;
  /** enrolmentNumber: printed for a seller without a GSTIN ('Not given' when it has none), null otherwise. */
  seller: { name: string; address: string; gstin: string; pan: string; enrolmentNumber: string | null };
  buyer: { name: string; billingAddress: string; deliveryAddress: string };
  placeOfSupply: string;
  supplyType: string;
  reverseCharge: string;
  /** The table's columns, in order: CGST and SGST within a state, IGST between states, no GST columns on a bill of supply. */
  columns: InvoiceViewColumn[];
  lines: InvoiceViewLine[];
  totals: { label: string; value: string }[];
  totalInWords: string;
  footer: string[];
  /** What the third line of the heading names ('Order' unless given, e.g. 'Period' on Haat's commission invoice). */
  referenceLabel?: string;
  /** The headings of the two parties ('SOLD BY' and 'BILLED TO' unless given). */
  partyHeadings?: { seller: string; buyer: string };
  /** The rows under the buyer's name (its billing and delivery addresses unless given). */
  buyerRows?: [string | null, string][];
};

/** '2026-11-26' as '26 Nov 2026' (a calendar date: no time zone involved). */
export const invoiceDate = formatDay;

/** Paise as an invoice writes them: 12500000 -> '₹1,25,000.00', 5 -> '₹0.05'. */
export function invoiceRupees(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`not an amount in paise: ${paise}`);
  return formatRupeesWithPaise(paise);
}

const BASE_COLUMNS: InvoiceViewColumn[] = [
  { key: 'no', label: '#', align: 'left' },
  { key: 'description', label: 'Description', align: 'left' },
  { key: 'hsnCode', label: 'HSN', align: 'left' },
  { key: 'quantity', label: 'Qty', align: 'right' },
  { key: 'unitPrice', label: 'Unit price (incl. GST)', align: 'right' },
  { key: 'taxableValue', label: 'Taxable value', align: 'right' },
  { key: 'gstRate', label: 'GST rate', align: 'right' },
];
const INTRA_COLUMNS: InvoiceViewColumn[] = [
  { key: 'cgst', label: 'CGST', align: 'right' },
  { key: 'sgst', label: 'SGST', align: 'right' },
];
const INTER_COLUMNS: InvoiceViewColumn[] = [{ key: 'igst', label: 'IGST', align: 'right' }];
const TOTAL_COLUMN: InvoiceViewColumn = { key: 'total', label: 'Total', align: 'right' };

/** A GST document's tax columns then its Total: CGST and SGST within a state, IGST between states. */
export const gstColumns = (intraState: boolean): InvoiceViewColumn[] => [
  ...(intraState ? INTRA_COLUMNS : INTER_COLUMNS),
  TOTAL_COLUMN,
];

/** A GST document's tax lines in its totals: CGST and SGST within a state, IGST between states. */
export const gstTotalRows = (doc: {
  intraState: boolean;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}): { label: string; value: string }[] =>
  doc.intraState
    ? [
        { label: 'CGST', value: invoiceRupees(doc.cgstPaise) },
        { label: 'SGST', value: invoiceRupees(doc.sgstPaise) },
      ]
    : [{ label: 'IGST', value: invoiceRupees(doc.igstPaise) }];
// A bill of supply (and a credit note against one) shows no GST: the price is the whole value.
const NO_GST_COLUMNS: InvoiceViewColumn[] = [
  { key: 'no', label: '#', align: 'left' },
  { key: 'description', label: 'Description', align: 'left' },
  { key: 'hsnCode', label: 'HSN', align: 'left' },
  { key: 'quantity', label: 'Qty', align: 'right' },
  { key: 'unitPrice', label: 'Unit price', align: 'right' },
  TOTAL_COLUMN,
];

const DISCOUNT_COLUMN: InvoiceViewColumn = { key: 'discount', label: 'Discount', align: 'right' };

/**
 * A document with a seller's discount shows it after the unit price: the line's value is its units
 * at the unit price less the discount (CGST Act, section 15(3)(a): a discount shown on the invoice is
 * not part of the taxable value).
 */
const withDiscountColumn = (columns: InvoiceViewColumn[], discounted: boolean): InvoiceViewColumn[] =>
  discounted ? columns.flatMap((c) => (c.key === 'unitPrice' ? [c, DISCOUNT_COLUMN] : [c])) : columns;

/** Everything a tax invoice, bill of supply or credit note prints, from the stored document. */
export function invoiceView(doc: TaxDocumentForView): InvoiceView {
  const credit = doc.kind === 'credit_note';
  // A seller without a GSTIN issues a bill of supply without GST (CGST Act, section 32; CGST Rules, rule 49).
  const noGst = doc.kind === 'bill_of_supply' || (credit && doc.againstInvoice?.kind === 'bill_of_supply');
  const { seller, buyer } = doc.parties;
  const taxRows = noGst ? [] : gstTotalRows(doc);
  const discountPaise = doc.lines.reduce((sum, l) => sum + (l.discountPaise ?? 0), 0);
  return {
    fileName: `${doc.number.replaceAll('/', '-')}.pdf`,
    title: credit ? 'Credit Note' : noGst ? 'Bill of Supply' : 'Tax Invoice',
    numberLabel: credit ? 'Credit note no.' : noGst ? 'Bill of supply no.' : 'Invoice no.',
    number: doc.number,
    date: invoiceDate(doc.issuedOn),
    orderRef: `#${doc.orderId.slice(0, 8).toUpperCase()}`,
    against:
      credit && doc.againstInvoice
        ? `Against ${noGst ? 'bill of supply' : 'invoice'} ${doc.againstInvoice.number} dated ${invoiceDate(doc.againstInvoice.issuedOn)}`
        : null,
    reason: credit ? (doc.reason ?? null) : null,
    seller: {
      name: seller.name,
      address: seller.address || '—',
      gstin: seller.gstin ?? 'Unregistered',
      pan: seller.pan ?? (noGst ? 'Not given' : '—'),
      enrolmentNumber: noGst ? (seller.enrolmentNumber ?? 'Not given') : null,
    },
    buyer: { name: buyer.name, billingAddress: buyer.billingAddress, deliveryAddress: buyer.deliveryAddress },
    placeOfSupply: doc.placeOfSupplyState ?? 'Not known',
    supplyType: noGst
      ? 'No GST: the seller is not registered under GST'
      : doc.intraState
        ? 'Intra-state: CGST + SGST'
        : 'Inter-state: IGST',
    reverseCharge: 'No',
    columns: withDiscountColumn(
      noGst ? NO_GST_COLUMNS : [...BASE_COLUMNS, ...gstColumns(doc.intraState)],
      discountPaise > 0,
    ),
    lines: doc.lines.map((l, i) => ({
      no: String(i + 1),
      description: l.description,
      hsnCode: l.hsnCode ?? '—',
      quantity: String(l.quantity),
      unitPrice: invoiceRupees(l.unitPricePaise),
      discount: invoiceRupees(l.discountPaise ?? 0),
      taxableValue: invoiceRupees(l.taxablePaise),
      gstRate: formatRate(l.gstRateBp),
      cgst: invoiceRupees(l.cgstPaise),
      sgst: invoiceRupees(l.sgstPaise),
      igst: invoiceRupees(l.igstPaise),
      total: invoiceRupees(l.grossPaise),
    })),
    totals: [
      ...(discountPaise > 0 ? [{ label: "Seller's discount", value: invoiceRupees(discountPaise) }] : []),
      ...(noGst ? [] : [{ label: 'Taxable value', value: invoiceRupees(doc.taxablePaise) }]),
      ...taxRows,
      { label: credit ? 'Total credited' : 'Total', value: invoiceRupees(doc.totalPaise) },
    ],
    totalInWords: rupeesInWords(doc.totalPaise),
    footer: [
      `Issued by Haat on behalf of the seller, ${seller.name}.`,
      noGst
        ? 'The seller is not registered under GST and charges no GST (CGST Act, section 32; bill of supply under CGST Rules, rule 49). This is a computer-generated document.'
        : 'Prices include GST. This is a computer-generated document.',
    ],
  };
}
