import { describe, expect, it } from 'vitest';
import { endsNextDay, hoursWorked, isClockTime } from './timesheet-hours';

describe('hours worked', () => {
  it('is end less start, in hours with two decimals', () => {
    expect(hoursWorked('09:00', '17:30')).toBe(8.5);
    expect(hoursWorked('09:10', '09:30')).toBe(0.33);
    expect(hoursWorked('09:00', '09:01')).toBe(0.02);
  });
  it('runs into the next day when the end is before the start', () => {
    expect(hoursWorked('22:00', '02:00')).toBe(4);
    expect(hoursWorked('23:59', '00:00')).toBe(0.02);
    expect(hoursWorked('00:00', '23:59')).toBe(23.98);
    expect(endsNextDay('22:00', '02:00')).toBe(true);
    expect(endsNextDay('09:00', '17:00')).toBe(false);
  });
  it('reads only real clock times', () => {
    expect(['00:00', '23:59', '09:05'].every(isClockTime)).toBe(true);
    expect(['24:00', '9:00', '12:60', '', '12:00:00'].some(isClockTime)).toBe(false);
  });
});
