/** A name shown to someone else: each word's first letter, the rest hidden ('Rahul Sharma' -> 'R*** S***'). */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.length ? words.map((w) => `${[...w][0]}***`).join(' ') : '***';
}
