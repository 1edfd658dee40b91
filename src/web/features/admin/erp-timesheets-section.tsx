import { useEffect, useState } from 'react';
import { maxLengthOf, type Page } from '../../../contracts/common.contract';
import {
  erpWorkMessages as m,
  rejectTimesheetSchema,
  type Timesheet,
  type TimesheetStatus,
} from '../../../contracts/erp-work.contract';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { Textarea } from '../../ui/Field';
import { personName } from '../../ui/erp-format';
import { employeeColumn, entryColumns, entryName, statusColumn } from '../../ui/timesheet-columns';
import { AdminActionDialog } from './admin-action-dialog';
import { ListCount, ListFilter } from './admin-list-parts';
import { useAdminList } from './use-admin-list';

const columns = [employeeColumn, ...entryColumns, statusColumn];

/** The filter's choices, the queue first. */
const statusLabels: Record<TimesheetStatus, string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  draft: 'Draft',
};
const filterOrder: TimesheetStatus[] = ['submitted', 'approved', 'rejected', 'draft'];
const REASON_MAX = maxLengthOf(rejectTimesheetSchema.shape.reason);

const TOAST = 'erp-timesheet';

/** Who and when, for the row's buttons: "Priya Shah's entry of 21 Nov 2026, 9:00 am – 1:00 pm". */
const entryLabel = (t: Timesheet) => `${personName(t.employee)}'s entry of ${entryName(t)}`;

/** Timesheets: every employee's entries of one status (oldest work date first); submitted ones are approved, or rejected with a reason, each with a fresh code. */
export function ErpTimesheetsSection() {
  // The server orders the entries itself (oldest work date first): no sorting here.
  const list = useAdminList<Page<Timesheet>>('/api/admin/erp/timesheets', {
    sort: '',
    dir: 'asc',
    filters: { status: 'submitted' },
  });
  const [action, setAction] = useState<{ kind: 'approve' | 'reject'; entry: Timesheet } | null>(null);
  const [reason, setReason] = useState('');
  const data = list.query.data;
  const status = list.filters.status as TimesheetStatus;
  const table = list.tableProps('timesheet');
  const { page, onPage } = table;

  // The last entry of a later page was handled: go back a page.
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) onPage(page - 1);
  }, [data, page, onPage]);

  const open = (kind: 'approve' | 'reject', entry: Timesheet) => {
    setReason('');
    setAction({ kind, entry });
  };
  return (
    <section aria-labelledby="admin-erp-timesheets" className="space-y-4">
      <h2 id="admin-erp-timesheets" className="text-lg font-semibold text-slate-900">
        Timesheets
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <ListFilter list={list} name="status" label="Status" width="w-40" choices={filterOrder} labels={statusLabels} />
      </div>
      <ListCount page={data} noun={['entry', 'entries']} qualifier={statusLabels[status].toLowerCase()} />
      <DataTable
        label="Timesheet entries"
        columns={columns}
        {...table}
        rowKey={(t) => t.id}
        emptyTitle={
          status === 'submitted'
            ? 'No entries waiting for approval'
            : `No ${statusLabels[status].toLowerCase()} entries`
        }
        emptyText={status === 'submitted' ? 'Entries show here once employees submit them.' : undefined}
        actions={
          status === 'submitted'
            ? (t) =>
                t.status === 'submitted' && (
                  <>
                    <Button size="sm" onClick={() => open('approve', t)} aria-label={`Approve ${entryLabel(t)}`}>
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => open('reject', t)}
                      aria-label={`Reject ${entryLabel(t)}`}
                    >
                      Reject
                    </Button>
                  </>
                )
            : undefined
        }
      />
      <AdminActionDialog
        pending={action}
        onClose={() => setAction(null)}
        request={({ kind, entry }) => ({
          path: `/api/admin/erp/timesheets/${entry.id}/${kind}`,
          body: kind === 'approve' ? {} : { reason: reason.trim() },
          success: kind === 'approve' ? m.timesheetApproved : m.timesheetRejected,
          failure: kind === 'approve' ? 'Failed to approve timesheet' : 'Failed to reject timesheet',
          toast: TOAST,
        })}
        // Someone may have reviewed it meanwhile: show the queue as it is now.
        onRefused={() => void list.query.refetch()}
        title={action?.kind === 'reject' ? 'Reject Timesheet Entry' : 'Approve Timesheet Entry'}
        actionLabel={action?.kind === 'reject' ? 'Reject entry' : 'Approve entry'}
        description={
          action && (
            <p>
              {personName(action.entry.employee)}’s entry of {entryName(action.entry)}: “{action.entry.description}”.{' '}
              {action.kind === 'reject'
                ? 'The employee sees your reason, and can edit the entry and submit it again.'
                : 'The employee is notified.'}
            </p>
          )
        }
        ready={action?.kind !== 'reject' || rejectTimesheetSchema.shape.reason.safeParse(reason).success}
      >
        {action?.kind === 'reject' && (
          <Textarea
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value.slice(0, REASON_MAX))}
            rows={3}
            required
          />
        )}
      </AdminActionDialog>
    </section>
  );
}
