import { describe, expect, it } from 'vitest';
import { rupeesInWords } from './rupees-in-words';

describe('rupeesInWords', () => {
  it('keeps ₹100.50 apart from ₹150', () => {
    expect(rupeesInWords(10_050)).toBe('Rupees One Hundred and Paise Fifty Only');
    expect(rupeesInWords(15_000)).toBe('Rupees One Hundred and Fifty Only');
  });

  it('says rupees in Indian words, "and" before the last part under a hundred', () => {
    expect(rupeesInWords(125_000)).toBe('Rupees One Thousand Two Hundred and Fifty Only');
    expect(rupeesInWords(100)).toBe('Rupees One Only');
    expect(rupeesInWords(1_900)).toBe('Rupees Nineteen Only');
    expect(rupeesInWords(2_100)).toBe('Rupees Twenty One Only');
    expect(rupeesInWords(10_000)).toBe('Rupees One Hundred Only');
    expect(rupeesInWords(100_500)).toBe('Rupees One Thousand and Five Only');
    expect(rupeesInWords(99_900)).toBe('Rupees Nine Hundred and Ninety Nine Only');
  });

  it('counts in lakh and crore', () => {
    expect(rupeesInWords(10_000_000)).toBe('Rupees One Lakh Only');
    expect(rupeesInWords(25_000_000)).toBe('Rupees Two Lakh Fifty Thousand Only');
    expect(rupeesInWords(1_000_000_000)).toBe('Rupees One Crore Only');
    expect(rupeesInWords(1_000_005_000)).toBe('Rupees One Crore and Fifty Only');
    expect(rupeesInWords(1_234_567_800)).toBe(
      'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred and Seventy Eight Only',
    );
    expect(rupeesInWords(100_000_000_000)).toBe('Rupees One Hundred Crore Only');
    expect(rupeesInWords(1_000_000_000_000)).toBe('Rupees One Thousand Crore Only');
    expect(rupeesInWords(150_000_000_000)).toBe('Rupees One Hundred and Fifty Crore Only');
  });

  it('says paise after "and Paise", zero rupees as Zero', () => {
    expect(rupeesInWords(1_050)).toBe('Rupees Ten and Paise Fifty Only');
    expect(rupeesInWords(12_345_678)).toBe(
      'Rupees One Lakh Twenty Three Thousand Four Hundred and Fifty Six and Paise Seventy Eight Only',
    );
    expect(rupeesInWords(2_101)).toBe('Rupees Twenty One and Paise One Only');
    expect(rupeesInWords(50)).toBe('Rupees Zero and Paise Fifty Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
  });

  it('refuses what is not whole paise', () => {
    expect(() => rupeesInWords(-100)).toThrow(RangeError);
    expect(() => rupeesInWords(10.5)).toThrow(RangeError);
  });
});
