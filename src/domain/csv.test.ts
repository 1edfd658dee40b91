import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

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
    expect(toCsv(['id', 'name'], [[1, 'A'], [2, 'B, C']])).toBe('id,name\r\n1,A\r\n2,"B, C"\r\n');
  });
});
