import { formatRate } from '../../../contracts/earnings.contract';
import { monthName } from '../../../contracts/tax-reports.contract';
import { rupeesInWords } from '../../../domain/rupees-in-words';
import type { CommissionDocumentKind } from '../../../domain/commission-invoice';
import type { CommissionDocumentParties } from './settlement.commission-invoices.tables';
import {
  gstColumns,
  gstTotalRows,
  invoiceDate,
  invoiceRupees,
  type InvoiceView,
  type InvoiceViewColumn,
} from './settlement.invoice-view';

// What Haat's commission invoice or credit note prints, worked out from the stored document alone,
// in the same layout as the vendors' tax invoices (settlement.invoice-pdf.ts lays it out): Haat as
// the supplier, the vendor as the recipient, one line for the service (its SAC code), the taxable
// value (the commission), the GST by place of supply, the total and the total in words.

/** A stored commission document, as the view reads it. */
export type CommissionDocumentForView = {
  kind: CommissionDocumentKind;
  number: string;
  /** YYYY-MM, the month it covers. */
  month: string;
  /** YYYY-MM-DD, India. */
  issuedOn: string;
  parties: CommissionDocumentParties;
  sacCode: string;
  gstRateBp: number;
  placeOfSupplyState: string | null;
  intraState: boolean;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

const COLUMNS: InvoiceViewColumn[] = [
  { key: 'no', label: '#', align: 'left' },
  { key: 'description', label: 'Description of service', align: 'left' },
  { key: 'hsnCode', label: 'SAC', align: 'left' },
  { key: 'taxableValue', label: 'Taxable value', align: 'right' },
  { key: 'gstRate', label: 'GST rate', align: 'right' },
];

/** Everything a commission invoice or credit note prints, from the stored document. */
export function commissionInvoiceView(doc: CommissionDocumentForView): InvoiceView {
  const credit = doc.kind === 'credit_note';
  const { supplier, recipient } = doc.parties;
  const period = monthName(doc.month);
  const description = credit
    ? `Marketplace commission given back on items returned in ${period}`
    : `Marketplace commission on your sales credited in ${period}`;
  return {
    fileName: `${doc.number.replaceAll('/', '-')}.pdf`,
    title: credit ? 'Credit Note' : 'Tax Invoice',
    numberLabel: credit ? 'Credit note no.' : 'Invoice no.',
    number: doc.number,
    date: invoiceDate(doc.issuedOn),
    orderRef: period,
    referenceLabel: 'Period',
    against: credit ? `Against Haat's commission invoices for the months in which the returned items were sold` : null,
    reason: credit ? 'Items returned: commission given back' : null,
    seller: {
      name: supplier.name,
      address: supplier.address,
      gstin: supplier.gstin,
      pan: supplier.gstin.slice(2, 12),
      enrolmentNumber: null,
    },
    buyer: {
      name: recipient.name,
      billingAddress: recipient.address || '—',
      deliveryAddress: recipient.address || '—',
    },
    partyHeadings: { seller: 'SUPPLIER', buyer: 'RECIPIENT' },
    buyerRows: [
      ['Address', recipient.address || '—'],
      ['GSTIN', recipient.gstin ?? 'Unregistered'],
    ],
    placeOfSupply: doc.placeOfSupplyState ?? 'Not known',
    supplyType: doc.intraState ? 'Intra-state: CGST + SGST' : 'Inter-state: IGST',
    reverseCharge: 'No',
    columns: [...COLUMNS, ...gstColumns(doc.intraState)],
    lines: [
      {
        no: '1',
        description,
        hsnCode: doc.sacCode,
        quantity: '1',
        unitPrice: invoiceRupees(doc.taxablePaise),
        discount: invoiceRupees(0),
        taxableValue: invoiceRupees(doc.taxablePaise),
        gstRate: formatRate(doc.gstRateBp),
        cgst: invoiceRupees(doc.cgstPaise),
        sgst: invoiceRupees(doc.sgstPaise),
        igst: invoiceRupees(doc.igstPaise),
        total: invoiceRupees(doc.totalPaise),
      },
    ],
    totals: [
      { label: 'Taxable value', value: invoiceRupees(doc.taxablePaise) },
      ...gstTotalRows(doc),
      { label: credit ? 'Total credited' : 'Total', value: invoiceRupees(doc.totalPaise) },
    ],
    totalInWords: rupeesInWords(doc.totalPaise),
    footer: [
      `Issued by ${supplier.name} for its services as the operator of the Haat marketplace.`,
      credit
        ? 'The GST credited here is added back to your payable balance in your next payout.'
        : 'The commission was kept from each sale; the GST on it is deducted from your payable balance and carried by your next payout. This is a computer-generated document.',
    ],
  };
}
