import { describe, expect, it } from 'vitest';
import { diyaBillOfSupply, diyaCredit, headphonesCredit, kurtaInvoice } from '../../test/tax-document-samples';
import { invoiceDate, invoiceRupees, invoiceView } from './settlement.invoice-view';

// What a tax invoice and a credit note print, written out by hand.

describe('invoice amounts and dates', () => {
  it('writes rupees with paise and Indian grouping', () => {
    expect(invoiceRupees(0)).toBe('₹0.00');
    expect(invoiceRupees(5)).toBe('₹0.05');
    expect(invoiceRupees(99999)).toBe('₹999.99');
    expect(invoiceRupees(100000)).toBe('₹1,000.00');
    expect(invoiceRupees(12500000)).toBe('₹1,25,000.00');
    expect(invoiceRupees(1234567890)).toBe('₹1,23,45,678.90');
    expect(() => invoiceRupees(-1)).toThrow(RangeError);
  });

  it('writes a calendar date as 26 Nov 2026', () => {
    expect(invoiceDate('2026-11-26')).toBe('26 Nov 2026');
    expect(invoiceDate('2027-01-05')).toBe('5 Jan 2027');
  });
});

describe('invoiceView', () => {
  it('prints an intra-state tax invoice with CGST and SGST', () => {
    const v = invoiceView(kurtaInvoice);
    expect(v).toMatchObject({
      fileName: 'INV-26-27-000001.pdf',
      title: 'Tax Invoice',
      number: 'INV/26-27/000001',
      date: '26 Nov 2026',
      orderRef: '#ABCDEF12',
      against: null,
      reason: null,
      seller: {
        name: 'Handloom Weavers LLP (Pune Handlooms)',
        address: '4 FC Road, Pune, Maharashtra - 411004',
        gstin: '27ABCPH1234F1Z5',
        pan: 'ABCPH1234F',
      },
      buyer: {
        name: 'Asha Rao',
        billingAddress: '12 MG Road, Pune, Maharashtra - 411001',
        deliveryAddress: '12 MG Road, Pune, Maharashtra - 411001',
      },
      placeOfSupply: 'Maharashtra',
      supplyType: 'Intra-state: CGST + SGST',
      reverseCharge: 'No',
      totalInWords: 'Rupees One Thousand Two Hundred Only',
    });
    expect(v.columns.map((c) => c.label)).toEqual([
      '#',
      'Description',
      'HSN',
      'Qty',
      'Unit price (incl. GST)',
      'Taxable value',
      'GST rate',
      'CGST',
      'SGST',
      'Total',
    ]);
    expect(v.lines).toEqual([
      {
        no: '1',
        description: 'Block Print Kurta',
        hsnCode: '6204',
        quantity: '2',
        unitPrice: '₹600.00',
        discount: '₹0.00',
        taxableValue: '₹1,142.86',
        gstRate: '5%',
        cgst: '₹28.57',
        sgst: '₹28.57',
        igst: '₹0.00',
        total: '₹1,200.00',
      },
    ]);
    expect(v.totals).toEqual([
      { label: 'Taxable value', value: '₹1,142.86' },
      { label: 'CGST', value: '₹28.57' },
      { label: 'SGST', value: '₹28.57' },
      { label: 'Total', value: '₹1,200.00' },
    ]);
    expect(v.footer[0]).toBe('Issued by Haat on behalf of the seller, Handloom Weavers LLP (Pune Handlooms).');
  });

  it("shows the seller's discount after the unit price, and the value after it, when the seller gave one", () => {
    // Two ₹600 kurtas with the seller's coupon of 20 % off: ₹240 off, ₹960 after it, GST 5 % included:
    // 96,000 x 100 / 105 = 91,428.57 -> 91,429 taxable, GST 4,571 (2,286 + 2,285).
    const v = invoiceView({
      ...kurtaInvoice,
      taxablePaise: 91_429,
      cgstPaise: 2_286,
      sgstPaise: 2_285,
      totalPaise: 96_000,
      lines: [
        {
          ...kurtaInvoice.lines[0],
          discountPaise: 24_000,
          grossPaise: 96_000,
          taxablePaise: 91_429,
          cgstPaise: 2_286,
          sgstPaise: 2_285,
        },
      ],
    });
    expect(v.columns.map((c) => c.label).slice(3, 7)).toEqual([
      'Qty',
      'Unit price (incl. GST)',
      'Discount',
      'Taxable value',
    ]);
    expect(v.lines[0]).toMatchObject({
      quantity: '2',
      unitPrice: '₹600.00',
      discount: '₹240.00',
      taxableValue: '₹914.29',
      total: '₹960.00',
    });
    expect(v.totals).toEqual([
      { label: "Seller's discount", value: '₹240.00' },
      { label: 'Taxable value', value: '₹914.29' },
      { label: 'CGST', value: '₹22.86' },
      { label: 'SGST', value: '₹22.85' },
      { label: 'Total', value: '₹960.00' },
    ]);
    expect(v.totalInWords).toBe('Rupees Nine Hundred and Sixty Only');
  });

  it('prints an inter-state credit note with IGST, its invoice and reason, for an unregistered seller', () => {
    const v = invoiceView(headphonesCredit);
    expect(v).toMatchObject({
      fileName: 'CN-26-27-000003.pdf',
      title: 'Credit Note',
      number: 'CN/26-27/000003',
      date: '31 Mar 2027',
      orderRef: '#0123ABCD',
      against: 'Against invoice INV/26-27/000007 dated 1 Apr 2026',
      reason: 'Order part cancelled by the super admin after it shipped',
      seller: { name: 'Sound Corner', address: '—', gstin: 'Unregistered', pan: '—' },
      placeOfSupply: 'Karnataka',
      supplyType: 'Inter-state: IGST',
      totalInWords: 'Rupees One Lakh Twenty Five Thousand Only',
    });
    expect(v.columns.map((c) => c.key)).toEqual([
      'no',
      'description',
      'hsnCode',
      'quantity',
      'unitPrice',
      'taxableValue',
      'gstRate',
      'igst',
      'total',
    ]);
    expect(v.lines[0]).toMatchObject({
      hsnCode: '—',
      quantity: '1',
      unitPrice: '₹1,25,000.00',
      taxableValue: '₹1,05,932.20',
      gstRate: '18%',
      igst: '₹19,067.80',
      total: '₹1,25,000.00',
    });
    expect(v.totals).toEqual([
      { label: 'Taxable value', value: '₹1,05,932.20' },
      { label: 'IGST', value: '₹19,067.80' },
      { label: 'Total credited', value: '₹1,25,000.00' },
    ]);
  });

  it('prints a bill of supply for a seller without a GSTIN: no GST columns or lines, its PAN and enrolment number (CGST Rules, rule 49)', () => {
    const v = invoiceView(diyaBillOfSupply);
    expect(v).toMatchObject({
      fileName: 'BOS-26-27-000001.pdf',
      title: 'Bill of Supply',
      numberLabel: 'Bill of supply no.',
      number: 'BOS/26-27/000001',
      seller: {
        name: 'Jaipur Handloom House',
        gstin: 'Unregistered',
        pan: 'AJHPK1234L',
        enrolmentNumber: '08AJHPK1234L1E1',
      },
      placeOfSupply: 'Rajasthan',
      supplyType: 'No GST: the seller is not registered under GST',
      totalInWords: 'Rupees Five Hundred and Ninety Nine Only',
    });
    expect(v.columns.map((c) => c.label)).toEqual(['#', 'Description', 'HSN', 'Qty', 'Unit price', 'Total']);
    expect(v.lines[0]).toMatchObject({
      description: 'Brass Diya Set',
      quantity: '1',
      unitPrice: '₹599.00',
      total: '₹599.00',
    });
    expect(v.totals).toEqual([{ label: 'Total', value: '₹599.00' }]);
    expect(v.footer[1]).toContain('not registered under GST and charges no GST');
    expect(
      invoiceView({
        ...diyaBillOfSupply,
        parties: {
          ...diyaBillOfSupply.parties,
          seller: { ...diyaBillOfSupply.parties.seller, pan: null, enrolmentNumber: null },
        },
      }).seller,
    ).toMatchObject({ pan: 'Not given', enrolmentNumber: 'Not given' });
  });

  it('prints a credit note against a bill of supply without GST, and no enrolment number on a tax invoice', () => {
    const v = invoiceView(diyaCredit);
    expect(v).toMatchObject({
      title: 'Credit Note',
      numberLabel: 'Credit note no.',
      against: 'Against bill of supply BOS/26-27/000001 dated 26 Nov 2026',
      seller: { enrolmentNumber: '08AJHPK1234L1E1' },
    });
    expect(v.columns.map((c) => c.label)).toEqual(['#', 'Description', 'HSN', 'Qty', 'Unit price', 'Total']);
    expect(v.totals).toEqual([{ label: 'Total credited', value: '₹599.00' }]);
    expect(invoiceView(kurtaInvoice).seller.enrolmentNumber).toBeNull();
    expect(invoiceView(kurtaInvoice).numberLabel).toBe('Invoice no.');
  });

  it('says paise in words, and a file name has no slash', () => {
    const v = invoiceView({ ...kurtaInvoice, number: 'INV/27-28/000042', totalPaise: 100050 });
    expect(v.totalInWords).toBe('Rupees One Thousand and Paise Fifty Only');
    expect(v.fileName).toBe('INV-27-28-000042.pdf');
  });
});
