import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { notify } from '../../ui/notify';
import { actionError } from './step-up-dialog';

export type AdminAction = {
  /** The action's endpoint and body (the body carries the fresh code). */
  path: string;
  body: Record<string, unknown>;
  /** POST unless said (PUT sets a value, such as a vendor's Route account). */
  method?: 'POST' | 'PUT';
  /** SPEC.md's success message (or one made from the answer), and the 'Failed to ...' message a refusal is prefixed with. */
  success: string | ((answer: unknown) => string);
  failure: string;
  /** The toast's action key, so a later toast of the same action replaces it. */
  toast: string;
  /** Closes the dialog once the action is done. */
  onDone: () => void;
  /** Sees a refusal before its message goes to the dialog (an edit places the server's per-field messages under its fields). */
  onError?: (e: unknown) => void;
};

/**
 * Runs a confirmed admin action the same way for every tab: the call, the success toast, the
 * dialog closed and every admin list refreshed; on failure, the message for the dialog to show.
 */
export function useAdminAction() {
  const qc = useQueryClient();
  return async ({
    path,
    body,
    method = 'POST',
    success,
    failure,
    toast,
    onDone,
    onError,
  }: AdminAction): Promise<string | null> => {
    try {
      const answer = method === 'PUT' ? await api.put<unknown>(path, body) : await api.post<unknown>(path, body);
      notify.success(typeof success === 'string' ? success : success(answer), { action: toast });
      onDone();
      void qc.invalidateQueries({ queryKey: ['admin'] });
      return null;
    } catch (e) {
      onError?.(e);
      return actionError(e, failure);
    }
  };
}
