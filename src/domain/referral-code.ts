const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export const MERCHANT_REFERRAL_PREFIX = 'MERCH';
export const MERCHANT_REFERRAL_CODE = /^MERCH[A-Z0-9]{6}$/;
/** Any referral code Haat issues: a role prefix and 6 uppercase letters or digits. */
export const REFERRAL_CODE = /^(MERCH|CUST|VEND|USER)[A-Z0-9]{6}$/;

export const referralPrefix = { merchant: 'MERCH', customer: 'CUST', vendor: 'VEND', admin: 'USER' } as const;

/**
 * A referral code: the prefix plus 6 uppercase letters or digits. `randomInt(n)` returns 0..n-1;
 * pass crypto.randomInt on the server.
 */
export function makeReferralCode(prefix: string, randomInt: (n: number) => number): string {
  let s = prefix;
  for (let i = 0; i < 6; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/** Normalises what a person typed or a link carried: trimmed and uppercase. */
export function normaliseReferralCode(code: string): string {
  return code.trim().toUpperCase();
}
