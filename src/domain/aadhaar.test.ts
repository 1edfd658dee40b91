import { describe, expect, it } from 'vitest';
import { isAadhaar, maskAadhaar, normaliseAadhaar, verhoeffCheckDigit, verhoeffValid } from './aadhaar';

describe('Verhoeff check digits: known answers', () => {
  it('236 has check digit 3 (the scheme’s textbook example), and 2363 is valid', () => {
    // c = 0; reversed with a slot for the check digit: 6 (i=1), 3 (i=2), 2 (i=3).
    // p(1,6)=3 → d(0,3)=3; p(2,3)=3 → d(3,3)=1; p(3,2)=1 → d(1,1)=2; inv(2)=3.
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
  });

  it('catches one wrong digit and two swapped neighbours', () => {
    const good = `23456789012${verhoeffCheckDigit('23456789012')}`;
    expect(verhoeffValid(good)).toBe(true);
    expect(verhoeffValid(`33456789012${good.at(-1)}`)).toBe(false);
    expect(verhoeffValid(`32456789012${good.at(-1)}`)).toBe(false);
  });
});

describe('Aadhaar numbers', () => {
  const valid = `49927360181${verhoeffCheckDigit('49927360181')}`;
  it('are 12 digits, not starting with 0 or 1, with a right check digit', () => {
    expect(isAadhaar(valid)).toBe(true);
    expect(isAadhaar(`1${valid.slice(1)}`)).toBe(false);
    expect(isAadhaar(valid.slice(0, 11))).toBe(false);
    expect(isAadhaar(`${valid.slice(0, 11)}${(Number(valid.at(-1)) + 1) % 10}`)).toBe(false);
  });

  it('are read with spaces and hyphens taken out, and shown with the last 4 digits only', () => {
    expect(normaliseAadhaar('2345 6789-0124')).toBe('234567890124');
    expect(maskAadhaar('234567890124')).toBe('XXXXXXXX0124');
  });
});
