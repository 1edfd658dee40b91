import { useEffect, useState } from 'react';
import { erpWorkMessages as m, type Timesheet } from '../../../contracts/erp-work.contract';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { failure, useErpFeedback } from './erp-feedback';
import { personName } from '../../ui/erp-format';
import { RejectTimesheetModal } from './reject-timesheet-modal';
import { employeeColumn, entryColumns, entryName } from '../../ui/timesheet-columns';
import { APPROVALS_PAGE_SIZE, useApprovals, useTimesheetAction } from './use-erp-work';

const columns = [employeeColumn, ...entryColumns];

/** Awaiting your approval: submitted entries of the projects this employee manages; shown only while loading or when there are some. */
export function ApprovalsSection() {
  const [page, setPage] = useState(1);
  const approvals = useApprovals(page);
  const act = useTimesheetAction();
  // The dialog's own mutation: rejecting leaves the row's buttons as they are.
  const rejectAct = useTimesheetAction();
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
      {
        onSuccess: () => feedback.success(m.timesheetApproved),
        onError: (e) => feedback.error(failure('Failed to approve timesheet', e)),
      },
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
            <Button
              size="sm"
              onClick={() => approve(t)}
              loading={busy(t) && act.variables?.action === 'approve'}
              disabled={busy(t)}
            >
              Approve
              <span className="sr-only">
                {' '}
                {personName(t.employee)}’s entry of {entryName(t)}
              </span>
            </Button>
            <Button variant="danger" size="sm" onClick={() => setRejecting(t)} disabled={busy(t)}>
              Reject
              <span className="sr-only">
                {' '}
                {personName(t.employee)}’s entry of {entryName(t)}
              </span>
            </Button>
          </div>
        )}
      />
      <RejectTimesheetModal
        entry={rejecting}
        onClose={() => setRejecting(null)}
        reject={(entry, reason) => rejectAct.mutateAsync({ id: entry.id, action: 'reject', reason })}
        onRejected={() => feedback.success(m.timesheetRejected)}
      />
    </section>
  );
}
