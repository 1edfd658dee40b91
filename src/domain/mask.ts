/** A name shown to someone else: each word's first letter, the rest hidden ('Rahul Sharma' -> 'R*** S***'). */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.length ? words.map((w) => `${[...w][0]}***`).join(' ') : '***';
}

/** An email shown to someone else: the first letter of the name and the domain ('rahul.sharma@gmail.com' -> 'r***@gmail.com'). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${[...email][0]}***${email.slice(at)}`;
}
