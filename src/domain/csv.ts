import { rupeesDecimal } from './money';

/** A number already written as text: written as it is, never defused (a spreadsheet reads it as a number, minus sign and all). */
class CsvNumber {
  constructor(readonly text: string) {}
}

/** Money in a CSV: rupees with two decimals ('2.60', '-1237.14'), the one way every money column is written; blank for none. */
export const csvRupees = (paise: number | null | undefined): CsvNumber | null =>
  paise === null || paise === undefined ? null : new CsvNumber(rupeesDecimal(paise));

/** One CSV field: quoted when it holds a comma, quote or line break; a text's leading = + - @ is defused so spreadsheets do not run it. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof CsvNumber) return value.text;
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document (RFC 4180, CRLF line ends) with a header line. */
export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [headers, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A report's column: its header, its value on a row, and its value on the Total line (blank without `total`). */
export type CsvColumn<R, T> = { header: string; value: (row: R) => unknown; total?: (totals: T) => unknown };

/** An amount column of a report: the row's and the totals' field of that name, in rupees. */
export const csvRupeesColumn = <K extends string>(
  header: string,
  key: K,
): CsvColumn<Record<K, number>, Record<K, number>> => ({
  header,
  value: (row) => csvRupees(row[key]),
  total: (totals) => csvRupees(totals[key]),
});

/** A report as CSV: its header line, a line per row, and a Total line last ('Total' in the first column). */
export function reportCsv<R, T>(columns: readonly CsvColumn<R, T>[], rows: readonly R[], totals: T): string {
  return toCsv(
    columns.map((c) => c.header),
    [
      ...rows.map((row) => columns.map((c) => c.value(row))),
      columns.map((c, i) => (i === 0 ? 'Total' : c.total ? c.total(totals) : '')),
    ],
  );
}
