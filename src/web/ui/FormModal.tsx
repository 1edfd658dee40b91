import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { Modal } from './Modal';

type FormModalProps = {
  open: boolean;
  /** Closes the dialog; not while saving (Escape, the backdrop and Cancel wait). */
  onClose: () => void;
  busy: boolean;
  title: string;
  wide?: boolean;
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /**
   * The submit button's text (`busyText`, 'Saving...' unless given, while it runs), and whether the form
   * is filled enough to send.
   */
  submitText: string;
  busyText?: string;
  ready: boolean;
  /** A submit that undoes or refuses something (Reject) is the danger button. */
  danger?: boolean;
  /** The form-level message (a refusal with no field to sit under), above the fields. */
  formError: string | null;
  children: ReactNode;
};

/** A dialog holding one form: its fields, the form-level error above them, and Cancel and submit in the footer. */
export function FormModal({
  open,
  onClose,
  busy,
  title,
  wide,
  label,
  onSubmit,
  submitText,
  busyText = 'Saving...',
  ready,
  danger,
  formError,
  children,
}: FormModalProps) {
  const formId = useId();
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      wide={wide}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : undefined} form={formId} disabled={!ready} loading={busy}>
            {busy ? busyText : submitText}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4" aria-label={label}>
        {formError && <Alert tone="error">{formError}</Alert>}
        {children}
      </form>
    </Modal>
  );
}
