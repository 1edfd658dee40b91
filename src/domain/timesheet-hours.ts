/** A time of day written HH:MM (24-hour clock), 00:00 to 23:59. */
export const isClockTime = (value: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** True when the entry ends on the day after its work date (its end is not after its start). */
export const endsNextDay = (start: string, end: string): boolean => minutes(end) <= minutes(start);

/**
 * PRODUCT.md section 7: hours worked = end - start, an end before the start meaning the next day,
 * in hours with two decimals (22:00 to 02:00 is 4.00). Equal times are refused before this is asked.
 */
export function hoursWorked(start: string, end: string): number {
  let span = minutes(end) - minutes(start);
  if (span <= 0) span += 24 * 60;
  return Math.round((span / 60) * 100) / 100;
}

/** SPEC.md section 5: a day holds at most 24 hours of one employee's work. */
export const MAX_HOURS_PER_DAY = 24;
