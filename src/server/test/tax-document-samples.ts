import type { TaxDocumentForView } from '../modules/settlement';

// Tax documents as stored, for the invoice view and PDF tests.

/** 2 × ₹600 kurta at 5 % from a Pune shop to a Pune shopper (within Maharashtra). */
export const kurtaInvoice: TaxDocumentForView = {
  kind: 'invoice',
  number: 'INV/26-27/000001',
  issuedOn: '2026-11-26',
  orderId: 'abcdef12-3456-4789-8abc-def012345678',
  parties: {
    seller: {
      name: 'Handloom Weavers LLP (Pune Handlooms)',
      address: '4 FC Road, Pune, Maharashtra - 411004',
      state: 'Maharashtra',
      gstin: '27ABCPH1234F1Z5',
      pan: 'ABCPH1234F',
    },
    buyer: {
      name: 'Asha Rao',
      billingAddress: '12 MG Road, Pune, Maharashtra - 411001',
      deliveryAddress: '12 MG Road, Pune, Maharashtra - 411001',
    },
  },
  placeOfSupplyState: 'Maharashtra',
  intraState: true,
  reason: null,
  againstInvoice: null,
  // 120000 × 100 / 105 = 114285.7 -> 114286 taxable; GST 120000 − 114286 = 5714, halves 2857 + 2857.
  taxablePaise: 114286,
  cgstPaise: 2857,
  sgstPaise: 2857,
  igstPaise: 0,
  totalPaise: 120000,
  lines: [
    {
      description: 'Block Print Kurta',
      hsnCode: '6204',
      quantity: 2,
      unitPricePaise: 60000,
      gstRateBp: 500,
      grossPaise: 120000,
      taxablePaise: 114286,
      cgstPaise: 2857,
      sgstPaise: 2857,
      igstPaise: 0,
    },
  ],
};

/** A credit note for ₹1,25,000 headphones at 18 % sent from an unregistered Delhi seller to Bengaluru (IGST). */
export const headphonesCredit: TaxDocumentForView = {
  kind: 'credit_note',
  number: 'CN/26-27/000003',
  issuedOn: '2027-03-31',
  orderId: '0123abcd-0000-4000-8000-000000000000',
  parties: {
    seller: { name: 'Sound Corner', address: '', state: null, gstin: null, pan: null },
    buyer: {
      name: 'Ravi Kumar',
      billingAddress: '7 Residency Road, Bengaluru, Karnataka - 560025',
      deliveryAddress: '7 Residency Road, Bengaluru, Karnataka - 560025',
    },
  },
  placeOfSupplyState: 'Karnataka',
  intraState: false,
  reason: 'Order part cancelled by the super admin after it shipped',
  againstInvoice: { number: 'INV/26-27/000007', issuedOn: '2026-04-01' },
  // 12500000 × 100 / 118 = 10593220.3 -> 10593220 taxable; IGST 12500000 − 10593220 = 1906780.
  taxablePaise: 10593220,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 1906780,
  totalPaise: 12500000,
  lines: [
    {
      description: 'Studio Headphones',
      hsnCode: null,
      quantity: 1,
      unitPricePaise: 12500000,
      gstRateBp: 1800,
      grossPaise: 12500000,
      taxablePaise: 10593220,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1906780,
    },
  ],
};

/** A bill of supply (CGST Rules, rule 49): ₹599 diya set from an unregistered Jaipur seller to a Jaipur shopper, no GST. */
export const diyaBillOfSupply: TaxDocumentForView = {
  kind: 'bill_of_supply',
  number: 'BOS/26-27/000001',
  issuedOn: '2026-11-26',
  orderId: 'fedcba98-0000-4000-8000-000000000000',
  parties: {
    seller: {
      name: 'Jaipur Handloom House',
      address: '12 Johari Bazaar, Jaipur, Rajasthan - 302003',
      state: 'Rajasthan',
      gstin: null,
      pan: 'AJHPK1234L',
      enrolmentNumber: '08AJHPK1234L1E1',
    },
    buyer: {
      name: 'Meera Singh',
      billingAddress: '3 MI Road, Jaipur, Rajasthan - 302001',
      deliveryAddress: '3 MI Road, Jaipur, Rajasthan - 302001',
    },
  },
  placeOfSupplyState: 'Rajasthan',
  intraState: true,
  reason: null,
  againstInvoice: null,
  taxablePaise: 59900,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  totalPaise: 59900,
  lines: [
    {
      description: 'Brass Diya Set',
      hsnCode: '7418',
      quantity: 1,
      unitPricePaise: 59900,
      gstRateBp: 0,
      grossPaise: 59900,
      taxablePaise: 59900,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    },
  ],
};

/** The credit note for that bill of supply, after a return: no GST either. */
export const diyaCredit: TaxDocumentForView = {
  ...diyaBillOfSupply,
  kind: 'credit_note',
  number: 'CN/26-27/000001',
  issuedOn: '2026-12-02',
  reason: 'Returned: damaged',
  againstInvoice: { number: 'BOS/26-27/000001', issuedOn: '2026-11-26', kind: 'bill_of_supply' },
};
