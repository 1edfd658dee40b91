import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from './settlement.invoice-pdf';
import { invoiceView, type InvoiceView } from './settlement.invoice-view';
import { diyaBillOfSupply, diyaCredit, headphonesCredit, kurtaInvoice } from '../../test/tax-document-samples';

// The PDF lays out the view and nothing else: every string of the view is printed.

/** Every string a view holds that the PDF must show (the file name is the download's, not printed). */
function printedStrings(v: InvoiceView): string[] {
  return [
    v.title,
    v.numberLabel,
    v.number,
    v.date,
    v.orderRef,
    ...(v.against ? [v.against] : []),
    v.seller.name,
    v.seller.address,
    v.seller.gstin,
    v.seller.pan,
    ...(v.seller.enrolmentNumber === null ? [] : ['Enrolment no.', v.seller.enrolmentNumber]),
    v.buyer.name,
    v.buyer.billingAddress,
    v.buyer.deliveryAddress,
    v.reverseCharge,
    ...v.columns.map((c) => c.label),
    ...v.lines.flatMap((l) => v.columns.map((c) => l[c.key])),
    ...v.totals.flatMap((t) => [t.label, t.value]),
    v.totalInWords,
    ...v.footer,
  ];
}

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('renderInvoicePdf', () => {
  it('renders an invoice, a bill of supply and credit notes as A4 PDFs with everything the view says', async () => {
    for (const doc of [kurtaInvoice, headphonesCredit, diyaBillOfSupply, diyaCredit]) {
      const view = invoiceView(doc);
      const printed: string[] = [];
      const pdf = await renderInvoicePdf(view, (t) => printed.push(t));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(5000); // the embedded DejaVu subset alone is several kB
      expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]'); // A4 in points
      expect(pageCount(pdf)).toBe(1);
      for (const s of printedStrings(view)) expect(printed, s).toContain(s);
      expect(printed).toContain(`${view.placeOfSupply} (${view.supplyType})`);
      if (view.reason) expect(printed).toContain(`Reason: ${view.reason}`);
    }
  });

  it('wraps long names and carries a long invoice over to more pages', async () => {
    const line = kurtaInvoice.lines[0];
    const long = 'Handwoven Pure Cotton Block Print Anarkali Kurta with Dupatta and Palazzo, Indigo, Size XXL ';
    const view = invoiceView({
      ...kurtaInvoice,
      lines: Array.from({ length: 40 }, (_, i) => ({ ...line, description: `${long}${i + 1}` })),
    });
    const printed: string[] = [];
    const pdf = await renderInvoicePdf(view, (t) => printed.push(t));
    expect(pageCount(pdf)).toBeGreaterThan(1);
    expect(printed).toContain(`${long}40`);
    expect(printed.filter((t) => t === 'Unit price (incl. GST)').length).toBe(pageCount(pdf)); // the header row on every page
  });
});
