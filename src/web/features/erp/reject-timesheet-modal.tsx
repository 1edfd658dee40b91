import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { maxLengthOf } from '../../../contracts/common.contract';
import { rejectTimesheetSchema, type Timesheet } from '../../../contracts/erp-work.contract';
import { ApiError } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Textarea } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { failure } from './erp-feedback';
import { personName } from '../../ui/erp-format';
import { entryName } from '../../ui/timesheet-columns';

type RejectIn = z.input<typeof rejectTimesheetSchema>;
type RejectOut = z.output<typeof rejectTimesheetSchema>;

type RejectTimesheetModalProps = {
  /** The entry to reject; none closes the dialog. */
  entry: Timesheet | null;
  onClose: () => void;
  /** Rejects the entry with the reason; a refusal throws (a 400's reason message lands under the field). */
  reject: (entry: Timesheet, reason: string) => Promise<unknown>;
  /** Reports the rejection; the dialog then closes. */
  onRejected: () => void;
};

/** Asks why an entry is rejected (required), then rejects it: the project manager's approvals (the admin panel asks in its step-up dialog). */
export function RejectTimesheetModal({ entry, onClose, reject, onRejected }: RejectTimesheetModalProps) {
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<RejectIn, unknown, RejectOut>({
    resolver: zodResolver(rejectTimesheetSchema),
    defaultValues: { reason: '' },
  });

  useEffect(() => {
    if (!entry) return;
    reset({ reason: '' });
    setFormError(null);
  }, [entry, reset]);

  const close = () => {
    if (!busy) onClose();
  };
  const submit = async ({ reason }: RejectOut) => {
    if (!entry) return;
    setFormError(null);
    setBusy(true);
    try {
      await reject(entry, reason);
      setBusy(false);
      onRejected();
      onClose();
    } catch (e) {
      setBusy(false);
      const fieldMessage = e instanceof ApiError ? e.fields.reason : undefined;
      if (fieldMessage) setError('reason', { type: 'server', message: fieldMessage }, { shouldFocus: true });
      else setFormError(failure('Failed to reject timesheet', e));
    }
  };

  return (
    <Modal
      open={entry !== null}
      onClose={close}
      title="Reject Timesheet Entry"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" form={formId} loading={busy}>
            {busy ? 'Rejecting...' : 'Reject Entry'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={handleSubmit(submit)}
        noValidate
        className="space-y-4"
        aria-label="Reject timesheet entry"
      >
        {formError && <Alert tone="error">{formError}</Alert>}
        {entry && (
          <p className="text-sm text-slate-700">
            {personName(entry.employee)}’s entry of {entryName(entry)}: “{entry.description}”. They can edit it and
            submit it again.
          </p>
        )}
        <Textarea
          label="Reason"
          required
          rows={3}
          maxLength={maxLengthOf(rejectTimesheetSchema.shape.reason)}
          data-autofocus
          error={errors.reason?.message}
          {...register('reason')}
        />
      </form>
    </Modal>
  );
}
