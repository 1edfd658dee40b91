// Dates and times in India time, as UI.md writes them: `21 Nov 2026`, `2:35 pm`. Built from
// parts so every browser (and ICU version) shows the same text. The web app shows them through
// src/web/ui/format-date.ts; the server writes them in messages (notifications).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const parts = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
});

function inIndia(value: string | Date) {
  const date = typeof value === 'string' ? new Date(value) : value;
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]));
  const hour = Number(p.hour) % 24;
  return { day: Number(p.day), month: MONTHS[Number(p.month) - 1], year: p.year, hour, minute: p.minute };
}

/** `5 Dec` in India time: a day soon, without its year (an offer's last day). */
export function formatDayMonth(value: string | Date): string {
  const d = inIndia(value);
  return `${d.day} ${d.month}`;
}

/** `21 Nov 2026` in India time. */
export function formatDate(value: string | Date): string {
  const d = inIndia(value);
  return `${d.day} ${d.month} ${d.year}`;
}

/** `21 Nov 2026, 2:35 pm` in India time. */
export function formatDateTime(value: string | Date): string {
  const d = inIndia(value);
  const h12 = d.hour % 12 === 0 ? 12 : d.hour % 12;
  return `${d.day} ${d.month} ${d.year}, ${h12}:${d.minute} ${d.hour < 12 ? 'am' : 'pm'}`;
}
