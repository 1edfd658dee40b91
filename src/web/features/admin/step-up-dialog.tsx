import { ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { adminAuthMessages } from '../../../contracts/admin-auth.contract';
import { isTotpCode, TOTP_CODE_LENGTH } from '../../../contracts/two-factor.contract';
import { ApiError } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { Modal } from '../../ui/Modal';

type StepUpDialogProps = {
  open: boolean;
  /** A title per action ('Mark withdrawal as paid'). */
  title: string;
  description: ReactNode;
  /** What will be done, named once more above the code ('Mark as paid'). */
  actionLabel: string;
  /** Fields the action needs besides the code (a reason, a reference). */
  children?: ReactNode;
  /** Whether those fields are complete. */
  ready?: boolean;
  /** The submit button's text, where the dialog is the action's own form ('Save decision'); 'Verify & Proceed' by default. */
  confirmLabel?: string;
  onCancel: () => void;
  /** Runs the action with the code; answers a message to show, or null when it is done. */
  onConfirm: (code: string) => Promise<string | null>;
};

/** The confirmation every sensitive admin action goes through: a fresh code from the authenticator, then 'Verify & Proceed'. */
export function StepUpDialog({
  open,
  title,
  description,
  actionLabel,
  children,
  ready = true,
  confirmLabel = 'Verify & Proceed',
  onCancel,
  onConfirm,
}: StepUpDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setCode('');
      setError(null);
    }
  }, [open]);
  const complete = isTotpCode(code);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!complete) {
      setError(adminAuthMessages.enterCode);
      return;
    }
    setBusy(true);
    setError(null);
    const problem = await onConfirm(code);
    setBusy(false);
    if (problem) {
      setError(problem);
      setCode('');
    }
  };

  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onCancel}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={!complete || !ready}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="text-sm text-slate-700">{description}</div>
        {children}
        <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <ShieldCheck className="h-4 w-4 text-violet-700" aria-hidden="true" />
          {actionLabel}: confirm with a fresh code from your authenticator app.
        </p>
        {error && <Alert tone="error">{error}</Alert>}
        <Input
          label="Authentication code"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={TOTP_CODE_LENGTH}
          required
          hint="Each code works once: after a confirmed action, wait for the next one."
          className="font-mono tracking-[0.3em]"
        />
      </form>
    </Modal>
  );
}

/** What a failed action says: the server's message for a refusal or a provider it could not use (503), the fallback otherwise. */
export function actionError(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.status > 0 && (e.status < 500 || e.status === 503)) return `${fallback}: ${e.message}`;
  return fallback;
}
