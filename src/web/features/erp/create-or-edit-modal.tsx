import type { FormEventHandler, ReactNode } from 'react';
import { FormModal } from '../../ui/FormModal';

/**
 * The ERP's wide Create New … / Edit … dialog of a thing named by `noun` ('Project', 'Task'): its
 * title, its name for screen readers and its submit ('Create Project', or 'Save Changes' when editing).
 */
export function CreateOrEditModal({
  noun,
  editing,
  open,
  onClose,
  busy,
  onSubmit,
  ready,
  formError,
  children,
}: {
  noun: string;
  editing: boolean;
  open: boolean;
  onClose: () => void;
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  ready: boolean;
  formError: string | null;
  children: ReactNode;
}) {
  const lower = noun.toLowerCase();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      busy={busy}
      wide
      title={editing ? `Edit ${noun}` : `Create New ${noun}`}
      label={editing ? `Edit ${lower}` : `Create new ${lower}`}
      onSubmit={onSubmit}
      submitText={editing ? 'Save Changes' : `Create ${noun}`}
      ready={ready}
      formError={formError}
    >
      {children}
    </FormModal>
  );
}
