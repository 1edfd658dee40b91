import { describe, expect, it } from 'vitest';
import {
  gstinCheckChar,
  gstinFor,
  gstinState,
  gstinStateMatches,
  isGstin,
  isIfsc,
  isPan,
  isUpiId,
  normaliseId,
} from './india-ids';
import { GST_STATE_CODES, INDIA_STATES_AND_UTS } from './india-states';

describe('isPan', () => {
  it('takes five letters, four digits and a letter, the fourth letter a holder type', () => {
    expect(isPan('AAPFU0939F')).toBe(true); // F: a firm
    expect(isPan('AAACR5055K')).toBe(true); // C: a company
    expect(isPan('ABCPE1234F')).toBe(true); // P: a person
    expect(isPan('ABCXE1234F')).toBe(false); // X is no holder type
    expect(isPan('ABCP1234F')).toBe(false);
    expect(isPan('ABCPE12345')).toBe(false);
    expect(isPan('abcpe1234f')).toBe(false);
    expect(isPan(normaliseId(' abcpe1234f '))).toBe(true);
  });
});

describe('isIfsc', () => {
  it('takes four letters, a 0 and six letters or digits', () => {
    expect(isIfsc('SBIN0000001')).toBe(true);
    expect(isIfsc('HDFC0ABC123')).toBe(true);
    expect(isIfsc('SBIN1000001')).toBe(false); // the fifth character must be 0
    expect(isIfsc('SBI00000001')).toBe(false);
    expect(isIfsc('SBIN000001')).toBe(false);
    expect(isIfsc('SBIN0000001X')).toBe(false);
  });
});

describe('isUpiId', () => {
  it('takes name@handle', () => {
    expect(isUpiId('kavya.sarees@okhdfcbank')).toBe(true);
    expect(isUpiId('9876543210@ybl')).toBe(true);
    expect(isUpiId('ravi_k-2@paytm')).toBe(true);
    expect(isUpiId('kavya')).toBe(false);
    expect(isUpiId('@ybl')).toBe(false);
    expect(isUpiId('kavya@')).toBe(false);
    expect(isUpiId('kavya@ok.hdfc')).toBe(false);
    expect(isUpiId('ka vya@ybl')).toBe(false);
    expect(isUpiId('a@b@ybl')).toBe(false);
  });
});

describe('GSTIN', () => {
  it('computes the check character by hand', () => {
    // 27AAPFU0939F1ZV: values 2 7 10 10 25 15 30 0 9 3 9 15 1 35, factors 1 2 1 2 ...
    // products 2 14 10 20 25 30 30 0 9 6 9 30 1 70; quotient + remainder by 36: 70 -> 1 + 34 = 35, the rest as they are;
    // sum 221; 221 mod 36 = 5; 36 - 5 = 31 = V.
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
  });

  it('accepts published GSTINs', () => {
    // Published GSTINs (each passing a check that a random last character passes 1 time in 36).
    for (const g of [
      '27AAPFU0939F1ZV',
      '27AAACR5055K1Z7',
      '29AAGCB7383J1Z4',
      '07AAGFF2194N1Z1',
      '33AAACH7409R1Z8',
      '24AAACC1206D1ZM',
    ])
      expect(isGstin(g), g).toBe(true);
  });

  it('refuses a wrong check character, a bad state code, PAN, entity or 14th character', () => {
    expect(isGstin('27AAPFU0939F1ZW')).toBe(false); // check character
    expect(isGstin('22AAAAA0000A1Z5')).toBe(false); // the usual format example: its check character is C, not 5
    expect(isGstin(`22AAAAA0000A1Z${gstinCheckChar('22AAAAA0000A1Z')}`)).toBe(true);
    expect(isGstin(`00AAPFU0939F1Z${gstinCheckChar('00AAPFU0939F1Z')}`)).toBe(false); // no state 00
    expect(isGstin(`39AAPFU0939F1Z${gstinCheckChar('39AAPFU0939F1Z')}`)).toBe(false); // no state 39
    expect(isGstin(`27AAPXU0939F1Z${gstinCheckChar('27AAPXU0939F1Z')}`)).toBe(false); // X is no PAN holder type
    expect(isGstin(`27AAPFU0939F0Z${gstinCheckChar('27AAPFU0939F0Z')}`)).toBe(false); // entity 0
    expect(isGstin(`27AAPFU0939F1Y${gstinCheckChar('27AAPFU0939F1Y')}`)).toBe(false); // 14th is Z
    expect(isGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isGstin('27aapfu0939f1zv')).toBe(false);
    expect(isGstin(normaliseId('27aapfu0939f1zv '))).toBe(true);
  });

  it('matches its first two digits to the shop state', () => {
    expect(gstinStateMatches('27AAPFU0939F1ZV', 'Maharashtra')).toBe(true);
    expect(gstinStateMatches('27AAPFU0939F1ZV', 'Karnataka')).toBe(false);
    expect(gstinStateMatches('29AAGCB7383J1Z4', 'Karnataka')).toBe(true);
    expect(gstinStateMatches('07AAGFF2194N1Z1', 'Delhi')).toBe(true);
    expect(gstinStateMatches('33AAACH7409R1Z8', 'Tamil Nadu')).toBe(true);
  });

  it('names the state a GSTIN is registered in', () => {
    expect(gstinState('27AAPFU0939F1ZV')).toBe('Maharashtra');
    expect(gstinState('07AAGFF2194N1Z1')).toBe('Delhi');
    expect(gstinState('38AAPFU0939F1ZV')).toBe('Ladakh');
    expect(gstinState('28AAPFU0939F1ZV')).toBeNull(); // undivided Andhra Pradesh's old code
  });

  it('has a distinct two-digit code for every state and union territory', () => {
    const codes = INDIA_STATES_AND_UTS.map((s) => GST_STATE_CODES[s]);
    expect(codes.every((c) => /^(0[1-9]|[12]\d|3[0-8])$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(INDIA_STATES_AND_UTS.length);
    expect(GST_STATE_CODES['Andhra Pradesh']).toBe('37');
    expect(GST_STATE_CODES.Telangana).toBe('36');
    expect(GST_STATE_CODES['Jammu and Kashmir']).toBe('01');
  });
});

describe('gstinFor', () => {
  it("writes the state code, the PAN, entity 1, 'Z' and the check character", () => {
    expect(gstinFor('27', 'AAPFU0939F')).toBe('27AAPFU0939F1ZV');
    expect(isGstin(gstinFor('08', 'ABCPR1234F'))).toBe(true);
  });
});
