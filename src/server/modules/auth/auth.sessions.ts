import { createHash, randomBytes } from 'node:crypto';

/** A new session token: 32 random bytes in hex. Only its hash is stored. */
export const newSessionToken = (): string => randomBytes(32).toString('hex');

/** SHA-256 of a session token, as stored in the database. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
