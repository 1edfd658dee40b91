import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

/**
 * A dialog of the customer's returns holding one form: Cancel and the submit button ('Sending...' while
 * it sends) in the footer, both 44 px tall for a finger; closing waits while it sends.
 */
export function ReturnFormDialog(props: {
  title: string;
  /** The form's accessible name. */
  label: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitText: string;
  children: ReactNode;
}) {
  const formId = useId();
  const close = () => {
    if (!props.busy) props.onClose();
  };
  return (
    <Modal
      open
      onClose={close}
      title={props.title}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={props.busy} className="min-h-11">
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={props.busy} className="min-h-11">
            {props.busy ? 'Sending...' : props.submitText}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={props.onSubmit} noValidate className="space-y-4" aria-label={props.label}>
        {props.children}
      </form>
    </Modal>
  );
}
