import { describe, expect, it } from 'vitest';
import { isTotpCode, TOTP_CODE_LENGTH, totpCodeField } from './two-factor.contract';

describe("an authenticator code's shape", () => {
  it('is six digits, nothing else', () => {
    expect(TOTP_CODE_LENGTH).toBe(6);
    expect(isTotpCode('012345')).toBe(true);
    for (const wrong of ['', '12345', '1234567', '12345a', ' 123456', '12 3456', '１２３４５６'])
      expect(isTotpCode(wrong)).toBe(false);
  });

  it('as a form field: trimmed, and the screen’s message when it is not a code', () => {
    const field = totpCodeField('Enter the code');
    expect(field.parse(' 123456 ')).toBe('123456');
    const wrong = field.safeParse('12345');
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0].message).toBe('Enter the code');
    expect(field.safeParse(undefined).error?.issues[0].message).toBe('Enter the code');
  });
});
