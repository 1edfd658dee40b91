import { describe, expect, it } from 'vitest';
import { csvField, csvRupees, csvRupeesColumn, reportCsv, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, and leaves plain text alone', () => {
    expect(csvField('Asha Rao')).toBe('Asha Rao');
    expect(csvField('Rao, Asha')).toBe('"Rao, Asha"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(1500)).toBe('1500');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField('+91 98123')).toBe("'+91 98123");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField(-5)).toBe('-5');
  });

  it('writes a header line and CRLF line ends', () => {
    expect(
      toCsv(
        ['id', 'name'],
        [
          [1, 'A'],
          [2, 'B, C'],
        ],
      ),
    ).toBe('id,name\r\n1,A\r\n2,"B, C"\r\n');
  });

  it('writes money as rupees with two decimals, a negative amount as a number', () => {
    expect(csvField(csvRupees(260))).toBe('2.60');
    expect(csvField(csvRupees(123_714))).toBe('1237.14');
    expect(csvField(csvRupees(-123_714))).toBe('-1237.14');
    expect(csvField(csvRupees(5))).toBe('0.05');
    expect(csvField(csvRupees(-5))).toBe('-0.05');
    expect(csvField(csvRupees(0))).toBe('0.00');
    expect(csvField(csvRupees(12_500_000))).toBe('125000.00');
    expect(csvField(csvRupees(null))).toBe('');
    expect(toCsv(['tds_rupees'], [[csvRupees(-100)]])).toBe('tds_rupees\r\n-1.00\r\n');
  });

  it('writes a report: a line per row, then a Total line with blanks under the columns without a total', () => {
    const rows = [
      { vendor: 'Asha, Jaipur', netPaise: 12_345, taxPaise: 260 },
      { vendor: 'Ravi', netPaise: -100, taxPaise: 0 },
    ];
    const totals = { netPaise: 12_245, taxPaise: 260 };
    expect(
      reportCsv(
        [
          { header: 'vendor', value: (r) => r.vendor },
          { header: 'note', value: () => 'x' },
          csvRupeesColumn('net_rupees', 'netPaise'),
          csvRupeesColumn('tax_rupees', 'taxPaise'),
        ],
        rows,
        totals,
      ),
    ).toBe(
      'vendor,note,net_rupees,tax_rupees\r\n"Asha, Jaipur",x,123.45,2.60\r\nRavi,x,-1.00,0.00\r\nTotal,,122.45,2.60\r\n',
    );
  });
});
