// Dates and times in India time: one formatter for the web app and the server (src/domain/india-time.ts).
export { formatDate, formatDateTime, formatDayMonth } from '../../domain/india-time';

/** Today as yyyy-mm-dd in the browser's local time: a date picker's default or latest day. */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
