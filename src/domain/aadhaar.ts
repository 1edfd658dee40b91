// Aadhaar numbers (UIDAI): 12 digits, the first not 0 or 1, the last a Verhoeff check digit over the
// other 11. A vendor may give one instead of a PAN to declare the ₹5 lakh exemption of income tax
// section 194-O(2).

// The Verhoeff scheme's multiplication table (the dihedral group D5) and permutation table.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** The Verhoeff check digit to append to a string of digits. */
export function verhoeffCheckDigit(digits: string): number {
  let c = 0;
  [...digits].reverse().forEach((ch, i) => (c = D[c][P[(i + 1) % 8][Number(ch)]]));
  return INV[c];
}

/** True when a string of digits ends with its correct Verhoeff check digit. */
export const verhoeffValid = (digits: string): boolean =>
  /^\d+$/.test(digits) && verhoeffCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));

/** An Aadhaar number as people write it, spaces and hyphens taken out: '2345 6789 0124' → '234567890124'. */
export const normaliseAadhaar = (text: string): string => text.replace(/[\s-]/g, '');

/** A valid Aadhaar number: 12 digits (spaces taken out first), not starting with 0 or 1, with a right Verhoeff check digit. */
export const isAadhaar = (text: string): boolean => /^[2-9]\d{11}$/.test(text) && verhoeffValid(text);

/** Every digit but the last 4 hidden: XXXXXXXX0124. */
export const maskAadhaar = (aadhaar: string): string => 'X'.repeat(Math.max(0, aadhaar.length - 4)) + aadhaar.slice(-4);
