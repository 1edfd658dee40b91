import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decrypt, derivedKey, encrypt, masterKey } from './secrets';

const dirs: string[] = [];
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'haat-secrets-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('secrets at rest (AES-256-GCM)', () => {
  it('round-trips with APP_SECRET, with a fresh IV every time', () => {
    const cfg = { APP_SECRET: 'x'.repeat(40), DATA_DIR: dataDir() };
    const a = encrypt(cfg, 'rzp_secret_123');
    const b = encrypt(cfg, 'rzp_secret_123');
    expect(a).not.toBe(b);
    expect(a).not.toContain('rzp_secret_123');
    expect(decrypt(cfg, a)).toBe('rzp_secret_123');
  });

  it('refuses another key and altered text', () => {
    const dir = dataDir();
    const stored = encrypt({ APP_SECRET: 'a'.repeat(40), DATA_DIR: dir }, 'secret');
    expect(() => decrypt({ APP_SECRET: 'b'.repeat(40), DATA_DIR: dir }, stored)).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decrypt({ APP_SECRET: 'a'.repeat(40), DATA_DIR: dir }, parts.join('.'))).toThrow();
    expect(() => decrypt({ APP_SECRET: 'a'.repeat(40), DATA_DIR: dir }, 'plain text')).toThrow(
      'Not an encrypted secret',
    );
  });

  it('without APP_SECRET, generates one random key in DATA_DIR/app-secret.key (mode 0600) and keeps using it', () => {
    const dir = dataDir();
    const cfg = { APP_SECRET: undefined, DATA_DIR: dir };
    const stored = encrypt(cfg, 'kept');
    const file = join(dir, 'app-secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8'), 'base64')).toHaveLength(32);
    expect(decrypt(cfg, stored)).toBe('kept');
    expect(masterKey(cfg).equals(masterKey(cfg))).toBe(true);
    expect(masterKey(cfg).equals(masterKey({ APP_SECRET: undefined, DATA_DIR: dataDir() }))).toBe(false);
  });

  it('derives distinct keys per purpose', () => {
    const cfg = { APP_SECRET: 'z'.repeat(40), DATA_DIR: dataDir() };
    expect(derivedKey(cfg, 'test-gateway').equals(derivedKey(cfg, 'other'))).toBe(false);
    expect(derivedKey(cfg, 'test-gateway')).toHaveLength(32);
  });
});
