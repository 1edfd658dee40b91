import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth } from './format-date';

describe('India-time dates', () => {
  it.each([
    ['2026-11-21T09:05:00Z', '21 Nov 2026, 2:35 pm'],
    ['2026-11-21T18:45:00Z', '22 Nov 2026, 12:15 am'],
    ['2026-09-01T06:30:00Z', '1 Sep 2026, 12:00 pm'],
    ['2026-01-31T18:29:00Z', '31 Jan 2026, 11:59 pm'],
  ])('%s is %s', (iso, text) => {
    expect(formatDateTime(iso)).toBe(text);
  });

  it('formats a date alone', () => {
    expect(formatDate(new Date('2026-11-21T20:00:00Z'))).toBe('22 Nov 2026');
  });

  it('formats a day and month alone: an India date, and a moment already the next day in India', () => {
    expect(formatDayMonth('2026-12-05')).toBe('5 Dec');
    expect(formatDayMonth(new Date('2026-12-31T19:00:00Z'))).toBe('1 Jan');
  });
});
