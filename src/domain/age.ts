/** Whole years between an ISO date of birth (yyyy-mm-dd) and `today`. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Account holders must be at least 18 (Terms of Service). */
export const MINIMUM_AGE = 18;
