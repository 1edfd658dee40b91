import type { Person } from '../../contracts/erp-work.contract';
import { formatDate } from './format-date';

/** 'Priya Shah'. */
export const personName = (p: Pick<Person, 'firstName' | 'lastName'>): string => `${p.firstName} ${p.lastName}`.trim();

/** A yyyy-mm-dd day as UI.md writes dates: `21 Nov 2026` (a timestamp works too). */
export function formatDay(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  // A bare day is read at noon UTC, so it is the same day in India time.
  return formatDate(m ? `${value}T12:00:00Z` : value);
}

/** 'HH:MM' (or 'HH:MM:SS') as UI.md writes times: `2:35 pm`. */
export function formatClock(value: string): string {
  const h = Number(value.slice(0, 2));
  const min = value.slice(3, 5);
  if (!Number.isFinite(h) || min.length !== 2) return value;
  return `${h % 12 === 0 ? 12 : h % 12}:${min} ${h < 12 ? 'am' : 'pm'}`;
}

/** The hours of a timesheet entry: `4.00 hrs`. */
export const formatHours = (hours: number): string => `${hours.toFixed(2)} hrs`;

/** How long ago, for the notifications: 'Just now', '5 min ago', '3 h ago', '2 days ago', then the date (`21 Nov 2026`). */
export function whenText(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (seconds < 60) return 'Just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  const days = Math.floor(seconds / 86_400);
  if (days < 7) return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  return formatDate(iso);
}
