import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from './config';

type KeySource = Pick<Config, 'APP_SECRET' | 'DATA_DIR'>;

const VERSION = 'v1';
const cache = new Map<string, Buffer>();

/**
 * The install's 32-byte master key: SHA-256 of APP_SECRET, or (when it is unset) a random key
 * generated once and kept in `${DATA_DIR}/app-secret.key`, readable only by the owner.
 */
export function masterKey(config: KeySource): Buffer {
  if (config.APP_SECRET) return createHash('sha256').update(config.APP_SECRET, 'utf8').digest();
  const file = resolve(config.DATA_DIR, 'app-secret.key');
  const hit = cache.get(file);
  if (hit) return hit;
  let key: Buffer;
  if (existsSync(file)) {
    key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  } else {
    mkdirSync(config.DATA_DIR, { recursive: true });
    key = randomBytes(32);
    try {
      // 'wx': never overwrite a key another process wrote a moment ago.
      writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    }
    chmodSync(file, 0o600);
  }
  cache.set(file, key);
  return key;
}

/** A key for one purpose, derived from the master key (so one secret never serves two uses). */
export function derivedKey(config: KeySource, purpose: string): Buffer {
  return createHmac('sha256', masterKey(config)).update(`haat:${purpose}`).digest();
}

/** Encrypts a secret for storage (AES-256-GCM): `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encrypt(config: KeySource, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', masterKey(config), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join('.');
}

/** Decrypts what `encrypt` stored; throws when the key is not the one it was written with or the text was altered. */
export function decrypt(config: KeySource, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not an encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', masterKey(config), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
