import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id parameters (19 MiB, 2 passes, 1 lane). Algorithm 2 = Argon2id.
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export const hashPassword = (plain: string): Promise<string> => hash(plain, options);

let dummy: Promise<string> | undefined;

/** Checks a password against a stored hash; with no hash it still spends the same time (no account probing). */
export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('haat-dummy-password');
    await verify(await dummy, plain).catch(() => false);
    return false;
  }
  return verify(stored, plain).catch(() => false);
}
