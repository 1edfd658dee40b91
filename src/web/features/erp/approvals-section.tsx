import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { erpWorkMessages as m, rejectTimesheetSchema, type Timesheet } from '../../../contracts/erp-work.contract';
import { ApiError } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { Textarea } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { failure, useErpFeedback } from './erp-feedback';
import { personName } from './erp-format';
import { entryColumns, entryName } from './timesheet-columns';
import { APPROVALS_PAGE_SIZE, useApprovals, useTimesheetAction } from './use-erp-work';

const columns: Column<Timesheet>[] = [{ key: 'employee', header: 'Employee', render: (t) => <span className="font-medium text-slate-900">{personName(t.employee)}</span> }, ...entryColumns];

/** Awaiting your approval: submitted entries of the projects this employee manages; shown only while loading or when there are some. */
export function ApprovalsSection() {
  const [page, setPage] = useState(1);
  const approvals = useApprovals(page);
  const act = useTimesheetAction();
  const feedback = useErpFeedback();
  const [rejecting, setRejecting] = useState<Timesheet | null>(null);
  const data = approvals.data;

  // The last entry of a later page was handled: go back a page.
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) setPage((p) => p - 1);
  }, [data, page]);

  if (data && data.items.length === 0 && !approvals.isError) return null;

  const approve = (entry: Timesheet) =>
    act.mutate(
      { id: entry.id, action: 'approve' },
      { onSuccess: () => feedback.success(m.timesheetApproved), onError: (e) => feedback.error(failure('Failed to approve timesheet', e)) },
    );
  const busy = (entry: Timesheet) => act.isPending && act.variables?.id === entry.id;

  return (
    <section aria-labelledby="erp-approvals" className="space-y-4">
      <h2 id="erp-approvals" className="text-lg font-semibold text-slate-900">
        Awaiting your approval
      </h2>
      <DataTable
        label="Timesheet entries awaiting your approval"
        columns={columns}
        rows={data?.items}
        rowKey={(t) => t.id}
        total={data?.total ?? 0}
        page={page}
        pageSize={data?.pageSize ?? APPROVALS_PAGE_SIZE}
        onPage={setPage}
        sort=""
        dir="desc"
        onSort={() => undefined}
        loading={approvals.isPending}
        refreshing={approvals.isPlaceholderData}
        error={approvals.isError ? failure('Failed to load the entries awaiting approval', approvals.error) : null}
        onRetry={() => void approvals.refetch()}
        emptyTitle="Nothing awaiting your approval"
        actions={(t) => (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => approve(t)} loading={busy(t) && act.variables?.action === 'approve'} disabled={busy(t)}>
              Approve<span className="sr-only"> {personName(t.employee)}’s entry of {entryName(t)}</span>
            </Button>
            <Button variant="danger" size="sm" onClick={() => setRejecting(t)} disabled={busy(t)}>
              Reject<span className="sr-only"> {personName(t.employee)}’s entry of {entryName(t)}</span>
            </Button>
          </div>
        )}
      />
      <RejectModal entry={rejecting} onClose={() => setRejecting(null)} />
    </section>
  );
}

type RejectIn = z.input<typeof rejectTimesheetSchema>;
type RejectOut = z.output<typeof rejectTimesheetSchema>;

/** Asks why an entry is rejected (required), then rejects it. */
function RejectModal({ entry, onClose }: { entry: Timesheet | null; onClose: () => void }) {
  const formId = useId();
  const act = useTimesheetAction();
  const feedback = useErpFeedback();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<RejectIn, unknown, RejectOut>({ resolver: zodResolver(rejectTimesheetSchema), defaultValues: { reason: '' } });

  useEffect(() => {
    if (!entry) return;
    reset({ reason: '' });
    setFormError(null);
  }, [entry, reset]);

  const busy = act.isPending;
  const close = () => {
    if (!busy) onClose();
  };
  const submit = async ({ reason }: RejectOut) => {
    if (!entry) return;
    setFormError(null);
    try {
      await act.mutateAsync({ id: entry.id, action: 'reject', reason });
      feedback.success(m.timesheetRejected);
      onClose();
    } catch (e) {
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
      <form id={formId} onSubmit={handleSubmit(submit)} noValidate className="space-y-4" aria-label="Reject timesheet entry">
        {formError && <Alert tone="error">{formError}</Alert>}
        {entry && (
          <p className="text-sm text-slate-700">
            {personName(entry.employee)}’s entry of {entryName(entry)}: “{entry.description}”. They can edit it and submit it again.
          </p>
        )}
        <Textarea label="Reason" required rows={3} maxLength={500} data-autofocus error={errors.reason?.message} {...register('reason')} />
      </form>
    </Modal>
  );
}
