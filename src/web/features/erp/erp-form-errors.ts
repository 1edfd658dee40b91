import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { failure } from './erp-feedback';

/**
 * Places a failed save's per-field messages (a 400's `fields`) under the form's fields, the first
 * focused; answers the form-level message (`{prefix}: {the server's message}`) when something
 * has no field to sit under, else null. The typed input stays as it was.
 */
export function placeServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
  prefix: string,
  /** Server field names that differ from the form's. */
  aliases: Record<string, Path<T>> = {},
): string | null {
  const fields = err instanceof ApiError ? err.fields : {};
  const target = (key: string) => aliases[key] ?? (fieldNames.includes(key as Path<T>) ? (key as Path<T>) : null);
  const placed = Object.keys(fields).filter((key) => target(key) !== null);
  placed.forEach((key, i) =>
    setError(target(key)!, { type: 'server', message: fields[key] }, { shouldFocus: i === 0 }),
  );
  const unplaced = placed.length === 0 || placed.length < Object.keys(fields).length;
  return unplaced ? failure(prefix, err) : null;
}
