import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError, api } from '../../api/client';
import { notify } from '../../ui/notify';
import { actionError } from './step-up-dialog';

type Options<Body> = {
  /** The settings' query: set to what the server answers after saving. */
  queryKey: readonly unknown[];
  /** Where the settings are PUT, with the code. */
  path: string;
  /** The server's own contract for the form's values. */
  schema: z.ZodType<Body>;
  messages: { saved: string; failed: string };
  /** The toast's key, so that a second save replaces the first's message. */
  action: string;
};

/**
 * A settings form saved with a fresh two-factor code: Save checks what was typed against the
 * server's contract and, when it holds, opens the code dialog; the code sends the values; the
 * server's field errors go back under their fields. `draft` is what the person typed, null while
 * the saved values are shown.
 */
export function useStepUpSettings<Draft, Body extends object>(o: Options<Body>) {
  const qc = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);

  const review = (values: Draft) => (e: FormEvent) => {
    e.preventDefault();
    const parsed = o.schema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setConfirming(true);
  };

  const save = (values: Draft) => async (code: string) => {
    try {
      const saved = await api.put<unknown>(o.path, { ...o.schema.parse(values), code });
      qc.setQueryData(o.queryKey, saved);
      setDraft(null);
      setConfirming(false);
      notify.success(o.messages.saved, { action: o.action });
      return null;
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length > 0) {
        setErrors(err.fields);
        setConfirming(false);
        return null;
      }
      return actionError(err, o.messages.failed);
    }
  };

  return { draft, setDraft, errors, confirming, cancel: () => setConfirming(false), review, save };
}
