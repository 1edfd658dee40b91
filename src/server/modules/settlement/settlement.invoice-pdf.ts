import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { InvoiceView, InvoiceViewColumn } from './settlement.invoice-view';

// Lays out a tax invoice, bill of supply or credit note on A4 with pdfkit: every word printed
// comes from the view (settlement.invoice-view.ts), so this file only decides where it goes.
// DejaVu Sans has the ₹ sign that PDF's standard fonts lack; it is found through the package, so the
// path holds from the sources and from the esbuild bundle (dist/server/main.js) alike.

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR_PATH = join(fontDir, 'DejaVuSans.ttf');
let bold: Buffer | undefined;
const boldFont = () => (bold ??= readFileSync(join(fontDir, 'DejaVuSans-Bold.ttf')));

const MARGIN = 36;
const BODY = 9;
const SMALL = 7.5;
const PAD = 3;
const GREY = '#475569';
const LINE = '#cbd5e1';

/** Fixed widths (points) of the table's columns; the description takes what is left of the page. */
const WIDTHS: Partial<Record<InvoiceViewColumn['key'], number>> = {
  no: 16,
  hsnCode: 34,
  quantity: 24,
  unitPrice: 60,
  discount: 52,
  taxableValue: 60,
  gstRate: 32,
  cgst: 52,
  sgst: 52,
  igst: 56,
  total: 62,
};

/** Where each piece of text went (the tests check that the whole view was printed). */
export type PdfTextSink = (text: string) => void;

/** Renders a tax document's view as an A4 PDF. */
export async function renderInvoicePdf(view: InvoiceView, sink?: PdfTextSink): Promise<Buffer> {
  // pdfkit (with fontkit) takes about half a second to load: the first document rendered loads it, not
  // every start of the API (nor every test file that builds one).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: REGULAR_PATH,
    info: { Title: `${view.title} ${view.number}`, Author: view.seller.name, Creator: 'Haat' },
  });
  // The regular font goes by its path, the key pdfkit cached it under when the document opened
  // (registered under a second name, pdfkit would parse the whole font again on every switch).
  doc.registerFont('bold', boldFont());
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  const put = (
    text: string,
    x: number,
    y: number,
    o: { width: number; align?: 'left' | 'right'; size?: number; bold?: boolean; color?: string },
  ) => {
    sink?.(text);
    doc
      .font(o.bold ? 'bold' : REGULAR_PATH)
      .fontSize(o.size ?? BODY)
      .fillColor(o.color ?? 'black')
      .text(text, x, y, { width: o.width, align: o.align ?? 'left' });
    return doc.y;
  };
  const heightOf = (text: string, w: number, size: number, isBold = false) =>
    doc
      .font(isBold ? 'bold' : REGULAR_PATH)
      .fontSize(size)
      .heightOfString(text, { width: w });
  const rule = (y: number) =>
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
  const ensure = (y: number, h: number) => {
    if (y + h <= bottom()) return y;
    doc.addPage();
    return MARGIN;
  };

  // Title and the document's number, date and order.
  let y = MARGIN;
  put(view.title, left, y, { width: width / 2, size: 18, bold: true });
  const metaX = left + width / 2;
  const meta: [string, string][] = [
    [view.numberLabel, view.number],
    ['Date', view.date],
    [view.referenceLabel ?? 'Order', view.orderRef],
  ];
  let my = y;
  for (const [label, value] of meta) {
    put(label, metaX, my, { width: 80, color: GREY });
    my = put(value, metaX + 80, my, { width: width / 2 - 80, bold: true });
  }
  y = Math.max(y + 26, my);
  for (const extra of [view.against, view.reason ? `Reason: ${view.reason}` : null]) {
    if (extra) y = put(extra, left, y + 2, { width });
  }
  y += 8;
  rule(y);
  y += 8;

  // Seller and buyer side by side.
  const half = (width - 16) / 2;
  const block = (x: number, heading: string, name: string, rows: [string | null, string][]) => {
    put(heading, x, y, { width: half, size: SMALL, color: GREY, bold: true });
    let by = put(name, x, doc.y + 2, { width: half, bold: true });
    for (const [label, value] of rows) {
      if (label) put(label, x, by + 3, { width: half, size: SMALL, color: GREY });
      by = put(value, x, label ? doc.y : by + 1, { width: half });
    }
    return by;
  };
  const sellerEnd = block(left, view.partyHeadings?.seller ?? 'SOLD BY', view.seller.name, [
    [null, view.seller.address],
    ['GSTIN', view.seller.gstin],
    ['PAN', view.seller.pan],
    ...(view.seller.enrolmentNumber === null
      ? []
      : [['Enrolment no.', view.seller.enrolmentNumber] as [string, string]]),
  ]);
  const buyerEnd = block(
    left + half + 16,
    view.partyHeadings?.buyer ?? 'BILLED TO',
    view.buyer.name,
    view.buyerRows ?? [
      ['Billing address', view.buyer.billingAddress],
      ['Delivery address', view.buyer.deliveryAddress],
    ],
  );
  y = Math.max(sellerEnd, buyerEnd) + 8;
  put('Place of supply', left, y, { width: 80, color: GREY });
  put(`${view.placeOfSupply} (${view.supplyType})`, left + 80, y, { width: width - 80 });
  y = doc.y + 2;
  put('Reverse charge', left, y, { width: 80, color: GREY });
  y = put(view.reverseCharge, left + 80, y, { width: width - 80 }) + 10;

  // The lines: a header row, then one row per line, wrapped; the header repeats on a new page.
  const fixed = view.columns.reduce((s, c) => s + (WIDTHS[c.key] ?? 0), 0);
  const cols = view.columns.map((c) => ({ ...c, w: WIDTHS[c.key] ?? width - fixed }));
  const rowHeight = (cells: string[], isBold: boolean) =>
    Math.max(...cells.map((t, i) => heightOf(t, cols[i].w - 2 * PAD, SMALL, isBold))) + 2 * PAD;
  const row = (cells: string[], isBold: boolean, shade: boolean) => {
    const h = rowHeight(cells, isBold);
    if (shade) doc.rect(left, y, width, h).fillColor('#f1f5f9').fill();
    let x = left;
    cells.forEach((t, i) => {
      put(t, x + PAD, y + PAD, { width: cols[i].w - 2 * PAD, align: cols[i].align, size: SMALL, bold: isBold });
      x += cols[i].w;
    });
    y += h;
    rule(y);
  };
  const headers = cols.map((c) => c.label);
  y = ensure(y, rowHeight(headers, true) + 20);
  rule(y);
  row(headers, true, true);
  for (const line of view.lines) {
    const cells = cols.map((c) => line[c.key]);
    const h = rowHeight(cells, false);
    if (y + h > bottom()) {
      y = ensure(y, h + 100);
      y = put(`${view.title} ${view.number} (continued)`, left, y, { width, size: SMALL, color: GREY }) + 6;
      rule(y);
      row(headers, true, true);
    }
    row(cells, false, false);
  }

  // Totals on the right, the total in words, and who issued it.
  y += 8;
  const totalsW = 220;
  y = ensure(y, view.totals.length * 14 + 80);
  view.totals.forEach((t, i) => {
    const last = i === view.totals.length - 1;
    put(t.label, left + width - totalsW, y, { width: totalsW - 100, bold: last, color: last ? 'black' : GREY });
    y = put(t.value, left + width - 100, y, { width: 100, align: 'right', bold: last }) + 3;
  });
  y += 6;
  put('Amount in words', left, y, { width, size: SMALL, color: GREY });
  y = put(view.totalInWords, left, doc.y, { width, bold: true }) + 16;
  rule(y);
  y += 6;
  for (const f of view.footer) y = put(f, left, y, { width, size: SMALL, color: GREY }) + 2;

  doc.end();
  return done;
}
