import { readFileSync } from 'node:fs';

// A read model (a module's reads that join other modules' row sources) only reads: its tests check
// its code, comments aside, for writes and row locks.

/** A source file's text, and its code without its comments. */
export function readModelSource(url: URL): { source: string; code: string } {
  const source = readFileSync(url, 'utf8');
  return { source, code: source.replace(/^\s*\/\/.*$/gm, '').replace(/\/\*\*[\s\S]*?\*\//g, '') };
}

/** Writes and row locks, in the query builder or in raw SQL: a read model holds none. */
export const WRITES_AND_LOCKS: readonly RegExp[] = [
  /\.(insert|update|delete)\(/,
  /\.for\(/,
  /\binsert\s+into\b/i,
  /\bupdate\s+\w+\s+set\b/i,
  /\bdelete\s+from\b/i,
  /\bfor\s+(no key\s+)?update\b/i,
  /\bfor\s+(key\s+)?share\b/i,
];
