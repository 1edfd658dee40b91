import { useEffect, useState } from 'react';
import type { Page } from '../../../contracts/common.contract';
import { erpWorkMessages as m, type Timesheet, type TimesheetStatus } from '../../../contracts/erp-work.contract';
import { api } from '../../api/client';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { Select } from '../../ui/Field';
import { notify } from '../../ui/notify';
import { personName } from '../erp/erp-format';
import { RejectTimesheetModal } from '../erp/reject-timesheet-modal';
import { employeeColumn, entryColumns, entryName, statusColumn } from '../erp/timesheet-columns';
import { useAdminAction } from './use-admin-action';
import { useAdminList } from './use-admin-list';

const columns = [employeeColumn, ...entryColumns, statusColumn];

/** The filter's choices, the queue first. */
const statusLabels: Record<TimesheetStatus, string> = { submitted: 'Submitted', approved: 'Approved', rejected: 'Rejected', draft: 'Draft' };
const filterOrder: TimesheetStatus[] = ['submitted', 'approved', 'rejected', 'draft'];

const TOAST = 'erp-timesheet';

/** Who and when, for the row's buttons: "Priya Shah's entry of 21 Nov 2026, 9:00 am – 1:00 pm". */
const entryLabel = (t: Timesheet) => `${personName(t.employee)}'s entry of ${entryName(t)}`;

/** Timesheets: every employee's entries of one status (oldest work date first); submitted ones are approved, or rejected with a reason. */
export function ErpTimesheetsSection() {
  // The server orders the entries itself (oldest work date first): no sorting here.
  const list = useAdminList<Page<Timesheet>>('/api/admin/erp/timesheets', { sort: '', dir: 'asc', filters: { status: 'submitted' } });
  const perform = useAdminAction();
  const [approving, setApproving] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<Timesheet | null>(null);
  const data = list.query.data;
  const status = list.filters.status as TimesheetStatus;
  const table = list.tableProps('timesheet');
  const { page, onPage } = table;

  // The last entry of a later page was handled: go back a page.
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) onPage(page - 1);
  }, [data, page, onPage]);

  const approve = async (entry: Timesheet) => {
    setApproving(entry.id);
    const problem = await perform({ path: `/api/admin/erp/timesheets/${entry.id}/approve`, body: {}, success: m.timesheetApproved, failure: 'Failed to approve timesheet', toast: TOAST, onDone: () => undefined });
    setApproving(null);
    if (problem) {
      notify.error(problem, { action: TOAST });
      // Someone may have reviewed it meanwhile: show the queue as it is now.
      void list.query.refetch();
    }
  };
  const reject = async (entry: Timesheet, reason: string) => {
    try {
      return await api.post<Timesheet>(`/api/admin/erp/timesheets/${entry.id}/reject`, { reason });
    } finally {
      void list.query.refetch();
    }
  };

  return (
    <section aria-labelledby="admin-erp-timesheets" className="space-y-4">
      <h2 id="admin-erp-timesheets" className="text-lg font-semibold text-slate-900">
        Timesheets
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40">
          <Select label="Status" value={status} onChange={(e) => list.setFilter('status', e.target.value)}>
            {filterOrder.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {data ? `${data.total.toLocaleString('en-IN')} ${statusLabels[status].toLowerCase()} ${data.total === 1 ? 'entry' : 'entries'}` : '\u00a0'}
      </p>
      <DataTable
        label="Timesheet entries"
        columns={columns}
        {...table}
        rowKey={(t) => t.id}
        emptyTitle={status === 'submitted' ? 'No entries waiting for approval' : `No ${statusLabels[status].toLowerCase()} entries`}
        emptyText={status === 'submitted' ? 'Entries show here once employees submit them.' : undefined}
        actions={
          status === 'submitted'
            ? (t) =>
                t.status === 'submitted' && (
                  <>
                    <Button size="sm" onClick={() => void approve(t)} loading={approving === t.id} disabled={approving !== null} aria-label={`Approve ${entryLabel(t)}`}>
                      Approve
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setRejecting(t)} disabled={approving === t.id} aria-label={`Reject ${entryLabel(t)}`}>
                      Reject
                    </Button>
                  </>
                )
            : undefined
        }
      />
      <RejectTimesheetModal entry={rejecting} onClose={() => setRejecting(null)} reject={reject} onRejected={() => notify.success(m.timesheetRejected, { action: TOAST })} />
    </section>
  );
}
