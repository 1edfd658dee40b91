import { describe, expect, it } from 'vitest';
import { isTotpCode, TOTP_CODE_LENGTH } from '../../contracts/two-factor.contract';
import { hashBackupCode, matchBackupCode, newBackupCodes, newTotpSecret, totpCode, totpUri, verifyTotp } from './totp';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 10);
const STEP = 30_000;

describe('two-factor codes', () => {
  const secret = newTotpSecret();

  it('makes 32-character base32 secrets and an otpauth URI with the issuer Haat, SHA1, 6 digits, 30 s', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = totpUri(secret, 'root@haat.in');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Haat:root%40haat\.in\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=Haat');
    expect(uri).toContain('algorithm=SHA1&digits=6&period=30');
  });

  it("makes codes of the contract's shape, and refuses any other shape before checking it", () => {
    const code = totpCode(secret, NOW);
    expect(code).toHaveLength(TOTP_CODE_LENGTH);
    expect(isTotpCode(code)).toBe(true);
    expect(verifyTotp({ secret, code: `${code}0`, window: 2, lastStep: null, now: NOW })).toBeNull();
    expect(verifyTotp({ secret, code: code.slice(1), window: 2, lastStep: null, now: NOW })).toBeNull();
  });

  it('accepts a code within the window either side and says which time step it was', () => {
    const step = Math.floor(NOW / STEP);
    expect(verifyTotp({ secret, code: totpCode(secret, NOW), window: 2, lastStep: null, now: NOW })).toBe(step);
    expect(verifyTotp({ secret, code: totpCode(secret, NOW - 2 * STEP), window: 2, lastStep: null, now: NOW })).toBe(
      step - 2,
    );
    expect(verifyTotp({ secret, code: totpCode(secret, NOW + 2 * STEP), window: 2, lastStep: null, now: NOW })).toBe(
      step + 2,
    );
    expect(
      verifyTotp({ secret, code: totpCode(secret, NOW + 3 * STEP), window: 2, lastStep: null, now: NOW }),
    ).toBeNull();
    // The employees' tolerance is one step.
    expect(
      verifyTotp({ secret, code: totpCode(secret, NOW - 2 * STEP), window: 1, lastStep: null, now: NOW }),
    ).toBeNull();
  });

  it('refuses a code whose step is not newer than the last one accepted (no replay), and malformed codes', () => {
    const step = Math.floor(NOW / STEP);
    expect(verifyTotp({ secret, code: totpCode(secret, NOW), window: 2, lastStep: step, now: NOW })).toBeNull();
    expect(verifyTotp({ secret, code: totpCode(secret, NOW - STEP), window: 2, lastStep: step, now: NOW })).toBeNull();
    expect(verifyTotp({ secret, code: totpCode(secret, NOW + STEP), window: 2, lastStep: step, now: NOW })).toBe(
      step + 1,
    );
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456'])
      expect(verifyTotp({ secret, code, window: 2, lastStep: null, now: NOW })).toBeNull();
  });
});

describe('backup codes', () => {
  it('are 8 codes of 6 characters, matched by their hash whatever the case or spaces', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(8);
    for (const c of codes) expect(c).toMatch(/^[A-Z0-9]{6}$/);
    const hashes = codes.map(hashBackupCode);
    expect(hashes.join()).not.toContain(codes[0]);
    expect(matchBackupCode(hashes, codes[3])).toBe(3);
    expect(matchBackupCode(hashes, ` ${codes[3].slice(0, 3).toLowerCase()} ${codes[3].slice(3)} `)).toBe(3);
    expect(matchBackupCode(hashes, 'ZZZZZZ')).toBe(-1);
    expect(matchBackupCode(hashes, '')).toBe(-1);
  });
});
