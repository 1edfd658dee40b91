/** One changed field of an edit, as its audit entry keeps it. */
export type FieldChange = { from: unknown; to: unknown };

/** What the audit log records for a secret that changed: never the value, before or after. */
export const SECRET_CHANGED = '(changed)';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields an edit changed, old and new values, for its audit entry (`newData: { changes }`).
 * Only the keys of `after` are compared (the fields the form holds); a key named in `secrets` is
 * recorded as changed without its values. Empty when nothing changed.
 */
export function auditChanges<T extends Record<string, unknown>>(
  before: Partial<T>,
  after: T,
  secrets: readonly (keyof T)[] = [],
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (same(before[key], after[key])) continue;
    changes[key] = secrets.includes(key)
      ? { from: SECRET_CHANGED, to: SECRET_CHANGED }
      : { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
}
