import type { ReactNode } from 'react';
import { StepUpDialog } from './step-up-dialog';
import { useAdminAction, type AdminAction } from './use-admin-action';

/** The call a confirmed action makes: its endpoint, its body without the code (the dialog adds it), and its messages. */
export type AdminActionRequest = Omit<AdminAction, 'body' | 'onDone'> & { body?: Record<string, unknown> };

type AdminActionDialogProps<P> = {
  /** The action waiting for its code (the row and what was chosen), or null when the dialog is closed. */
  pending: P | null;
  /** Cancel; also what runs once the action is done, unless `onDone` is given. */
  onClose: () => void;
  /** Runs once the action is done (an edit's code step closes the edit too, where Cancel goes back to the form). */
  onDone?: () => void;
  /** The call for the pending action. */
  request: (pending: P) => AdminActionRequest;
  /** Runs when the call is refused (after the message is shown in the dialog). */
  onRefused?: () => void;
  title: string;
  actionLabel: string;
  description: ReactNode;
  ready?: boolean;
  children?: ReactNode;
};

/**
 * A row action of an admin tab confirmed with a fresh code: the step-up dialog, open while an action
 * is pending, which makes the call with the code (useAdminAction) and closes once it is done.
 */
export function AdminActionDialog<P>({
  pending,
  onClose,
  onDone = onClose,
  request,
  onRefused,
  ...dialog
}: AdminActionDialogProps<P>) {
  const perform = useAdminAction();
  const confirm = async (code: string): Promise<string | null> => {
    if (pending === null) return null;
    const { body, ...call } = request(pending);
    const problem = await perform({ ...call, body: { ...body, code }, onDone });
    if (problem) onRefused?.();
    return problem;
  };
  return <StepUpDialog open={pending !== null} onCancel={onClose} onConfirm={confirm} {...dialog} />;
}
