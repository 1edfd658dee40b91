import { useState } from 'react';
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

/**
 * Server errors for a react-hook-form form: per-field messages (`ApiError.fields`) land under the
 * fields named in `fieldNames` (the first is focused); otherwise the message shows in the banner.
 */
export function useServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
  fallback: string,
) {
  const [formError, setFormError] = useState<string | null>(null);
  const showError = (err: unknown) => {
    if (!(err instanceof ApiError)) {
      setFormError(fallback);
      return;
    }
    const matched = fieldNames.filter((name) => err.fields[name]);
    matched.forEach((name, i) =>
      setError(name, { type: 'server', message: err.fields[name] }, { shouldFocus: i === 0 }),
    );
    // A message with no visible field to sit under goes to the banner, so nothing is lost.
    const unplaced =
      matched.length === 0 || Object.keys(err.fields).some((key) => !(fieldNames as readonly string[]).includes(key));
    setFormError(unplaced ? err.message || fallback : null);
  };
  return { formError, showError, clearError: () => setFormError(null) };
}
