import { describe, expect, it } from 'vitest';
import { commissionInvoiceView, type CommissionDocumentForView } from './settlement.commission-invoice-view';
import { renderInvoicePdf } from './settlement.invoice-pdf';

// What Haat's commission invoice and credit note print, written out by hand.

const invoice: CommissionDocumentForView = {
  kind: 'invoice',
  number: 'HC/26-27/000007',
  month: '2026-10',
  issuedOn: '2026-11-01',
  parties: {
    supplier: {
      name: 'Haat Marketplace Private Limited',
      address: '12 Linking Road, Mumbai, Maharashtra - 400050',
      state: 'Maharashtra',
      gstin: '27AABCH1234K1ZR',
    },
    recipient: {
      name: 'Kolhapur Chappals',
      address: '4 Mahadwar Road, Kolhapur, Maharashtra - 416012',
      state: 'Maharashtra',
      gstin: null,
    },
  },
  sacCode: '998599',
  gstRateBp: 1800,
  placeOfSupplyState: 'Maharashtra',
  intraState: true,
  // ₹84.92 commission, ₹15.29 GST = ₹7.65 CGST + ₹7.64 SGST, ₹100.21 in all.
  taxablePaise: 8492,
  cgstPaise: 765,
  sgstPaise: 764,
  igstPaise: 0,
  totalPaise: 10021,
};

describe('commissionInvoiceView', () => {
  it('prints Haat as the supplier and the vendor as the recipient, with the SAC code, CGST and SGST, and the total in words', () => {
    const v = commissionInvoiceView(invoice);
    expect(v).toMatchObject({
      fileName: 'HC-26-27-000007.pdf',
      title: 'Tax Invoice',
      number: 'HC/26-27/000007',
      date: '1 Nov 2026',
      orderRef: 'October 2026',
      referenceLabel: 'Period',
      against: null,
      seller: { name: 'Haat Marketplace Private Limited', gstin: '27AABCH1234K1ZR', pan: 'AABCH1234K' },
      buyer: { name: 'Kolhapur Chappals' },
      partyHeadings: { seller: 'SUPPLIER', buyer: 'RECIPIENT' },
      buyerRows: [
        ['Address', '4 Mahadwar Road, Kolhapur, Maharashtra - 416012'],
        ['GSTIN', 'Unregistered'],
      ],
      placeOfSupply: 'Maharashtra',
      supplyType: 'Intra-state: CGST + SGST',
      totalInWords: 'Rupees One Hundred and Paise Twenty One Only',
    });
    expect(v.lines).toEqual([
      expect.objectContaining({
        description: 'Marketplace commission on your sales credited in October 2026',
        hsnCode: '998599',
        taxableValue: '₹84.92',
        gstRate: '18%',
        cgst: '₹7.65',
        sgst: '₹7.64',
        total: '₹100.21',
      }),
    ]);
    expect(v.columns.map((c) => c.label)).toEqual([
      '#',
      'Description of service',
      'SAC',
      'Taxable value',
      'GST rate',
      'CGST',
      'SGST',
      'Total',
    ]);
    expect(v.totals).toEqual([
      { label: 'Taxable value', value: '₹84.92' },
      { label: 'CGST', value: '₹7.65' },
      { label: 'SGST', value: '₹7.64' },
      { label: 'Total', value: '₹100.21' },
    ]);
  });

  it('prints a credit note between states with IGST', () => {
    const v = commissionInvoiceView({
      ...invoice,
      kind: 'credit_note',
      number: 'HCN/26-27/000002',
      intraState: false,
      placeOfSupplyState: 'Karnataka',
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1529,
    });
    expect(v).toMatchObject({
      title: 'Credit Note',
      fileName: 'HCN-26-27-000002.pdf',
      supplyType: 'Inter-state: IGST',
      reason: 'Items returned: commission given back',
    });
    expect(v.columns.map((c) => c.label)).toContain('IGST');
    expect(v.columns.map((c) => c.label)).not.toContain('CGST');
    expect(v.totals.at(-1)).toEqual({ label: 'Total credited', value: '₹100.21' });
  });

  it('renders as an A4 PDF with what the view says', async () => {
    const view = commissionInvoiceView(invoice);
    const printed: string[] = [];
    const pdf = await renderInvoicePdf(view, (t) => printed.push(t));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const s of [
      'Tax Invoice',
      'HC/26-27/000007',
      'Period',
      'October 2026',
      'SUPPLIER',
      'RECIPIENT',
      'Haat Marketplace Private Limited',
      'Kolhapur Chappals',
      'Unregistered',
      '998599',
      '₹100.21',
      'Rupees One Hundred and Paise Twenty One Only',
    ]) {
      expect(printed, s).toContain(s);
    }
    expect(printed).not.toContain('Delivery address');
  });
});
