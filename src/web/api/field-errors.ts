import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './client';

/**
 * Places a refused save's per-field messages (an ApiError's `fields`) under the form's fields named
 * in `names`, the first one focused; answers how many it placed (0: the caller says it otherwise).
 */
export function placeFieldErrors<T extends FieldValues>(
  e: unknown,
  names: readonly Path<T>[],
  setError: UseFormSetError<T>,
): number {
  const fields = e instanceof ApiError ? e.fields : {};
  const placed = names.filter((name) => fields[name]);
  placed.forEach((name, i) => setError(name, { type: 'server', message: fields[name] }, { shouldFocus: i === 0 }));
  return placed.length;
}
