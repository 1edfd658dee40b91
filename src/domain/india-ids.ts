// Indian identifiers a vendor gives for its payouts and invoices: format checks, pure.
// Each check takes the text as typed after normaliseId (trimmed, upper case); UPI IDs keep their case.
import { GST_STATE_CODES, INDIA_STATES_AND_UTS, type IndiaState } from './india-states';

/** Trimmed and upper-cased, as PAN, IFSC and GSTIN are written. */
export const normaliseId = (text: string): string => text.trim().toUpperCase();

/**
 * PAN: five letters, four digits, a letter (AAAAA9999A). The fourth letter is the holder's type:
 * P person, C company, H Hindu undivided family, F firm, A association of persons, T trust,
 * B body of individuals, L local authority, J artificial juridical person, G government.
 */
const PAN = /^[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z]$/;
export const isPan = (text: string): boolean => PAN.test(text);

/** IFSC: four letters (the bank), a 0, six letters or digits (the branch). */
export const isIfsc = (text: string): boolean => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(text);

/** UPI ID (virtual payment address): a name of letters, digits, '.', '-' or '_', '@', a handle of letters and digits. */
export const isUpiId = (text: string): boolean =>
  /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/.test(text);

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of a GSTIN's first 14 characters: each character's base-36 value times a factor
 * alternating 1, 2, 1, 2 ... from the left; each product adds its quotient and remainder by 36; the
 * check is (36 - sum mod 36) mod 36, as a base-36 character.
 */
export function gstinCheckChar(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) throw new RangeError(`not 14 GSTIN characters: ${first14}`);
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36];
}

/** The GSTIN of a PAN holder's first registration (entity '1') in the state of a GST state code. */
export const gstinFor = (stateCode: string, pan: string): string => {
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckChar(first14);
};

/**
 * GSTIN: 15 characters, a 2-digit state code (01-38), the holder's PAN, an entity character (1-9, then
 * A-Z for the holder's further registrations in the state), 'Z', and the check character, verified.
 */
export function isGstin(text: string): boolean {
  if (!/^\d{2}[A-Z0-9]{10}[1-9A-Z]Z[0-9A-Z]$/.test(text)) return false;
  const state = Number(text.slice(0, 2));
  if (state < 1 || state > 38) return false;
  if (!isPan(text.slice(2, 12))) return false;
  return gstinCheckChar(text.slice(0, 14)) === text[14];
}

/** A GSTIN's first two digits are the GST state code of `state` (a shop's GSTIN must be of the shop's state). */
export const gstinStateMatches = (gstin: string, state: IndiaState): boolean =>
  gstin.slice(0, 2) === GST_STATE_CODES[state];

/** The state or union territory a GSTIN is registered in, by its first two digits; null when no state has that code. */
export const gstinState = (gstin: string): IndiaState | null =>
  INDIA_STATES_AND_UTS.find((s) => GST_STATE_CODES[s] === gstin.slice(0, 2)) ?? null;
