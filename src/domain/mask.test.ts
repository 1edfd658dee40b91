import { describe, expect, it } from 'vitest';
import { maskEmail, maskName } from './mask';

describe('masking what one person sees of another', () => {
  it('keeps the first letter of each word of a name', () => {
    expect(maskName('Rahul Sharma')).toBe('R*** S***');
    expect(maskName('  ')).toBe('***');
  });
  it('keeps the first letter and the domain of an email', () => {
    expect(maskEmail('rahul.sharma@gmail.com')).toBe('r***@gmail.com');
    expect(maskEmail('a@example.in')).toBe('a***@example.in');
    expect(maskEmail('no-at-sign')).toBe('***');
  });
});
