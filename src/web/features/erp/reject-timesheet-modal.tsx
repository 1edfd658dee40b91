import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { maxLengthOf } from '../../../contracts/common.contract';
import { rejectTimesheetSchema, type Timesheet } from '../../../contracts/erp-work.contract';
import { ApiError } from '../../api/client';
import { Textarea } from '../../ui/Field';
import { FormModal } from '../../ui/FormModal';
import { failure } from './erp-feedback';
import { personName } from '../../ui/erp-format';
import { entryName } from '../../ui/timesheet-columns';

/** What a rejection leaves the employee to do. */
const resubmitNote = 'They can edit it and submit it again.';

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
    <FormModal
      open={entry !== null}
      onClose={onClose}
      busy={busy}
      title="Reject Timesheet Entry"
      label="Reject timesheet entry"
      onSubmit={handleSubmit(submit)}
      submitText="Reject Entry"
      busyText="Rejecting..."
      ready
      danger
      formError={formError}
    >
      {entry && (
        <p className="text-sm text-slate-700">
          {personName(entry.employee)}’s entry of {entryName(entry)}: “{entry.description}”. {resubmitNote}
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
    </FormModal>
  );
}
