import { Plus } from 'lucide-react';
import { useState } from 'react';
import { erpWorkMessages as m, type Timesheet } from '../../../contracts/erp-work.contract';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Modal';
import { ApprovalsSection } from './approvals-section';
import { failure, useErpFeedback } from './erp-feedback';
import { formatHours } from '../../ui/erp-format';
import { entryColumns, entryName, statusColumn } from '../../ui/timesheet-columns';
import { TIMESHEETS_PAGE_SIZE, useDeleteTimesheet, useTimesheetAction, useTimesheets } from './use-erp-work';

const columns = [...entryColumns, statusColumn];

type TimesheetsTabProps = { onNew: () => void; onEdit: (entry: Timesheet) => void };

/** Timesheets: the employee's own entries (edit, submit and delete drafts and rejected ones), then the entries awaiting their approval. */
export function TimesheetsTab({ onNew, onEdit }: TimesheetsTabProps) {
  const [page, setPage] = useState(1);
  const sheets = useTimesheets(page);
  const act = useTimesheetAction();
  const remove = useDeleteTimesheet();
  const feedback = useErpFeedback();
  const [deleting, setDeleting] = useState<Timesheet | null>(null);
  const data = sheets.data;

  const submit = (entry: Timesheet) =>
    act.mutate(
      { id: entry.id, action: 'submit' },
      {
        onSuccess: () => feedback.success(m.timesheetSubmitted),
        onError: (e) => feedback.error(failure('Failed to submit timesheet', e)),
      },
    );
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        feedback.success(m.timesheetDeleted);
        setDeleting(null);
      },
      onError: (e) => {
        feedback.error(failure('Failed to delete timesheet', e));
        setDeleting(null);
      },
    });
  };
  const working = (entry: Timesheet) =>
    (act.isPending && act.variables?.id === entry.id) || (remove.isPending && remove.variables === entry.id);

  return (
    <div className="space-y-10">
      <section aria-labelledby="erp-timesheets" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="erp-timesheets" className="text-lg font-semibold text-slate-900">
            My Timesheets
          </h2>
          <Button onClick={onNew}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Log Time
          </Button>
        </div>
        <DataTable
          label="My timesheet entries"
          columns={columns}
          rows={data?.items}
          rowKey={(t) => t.id}
          total={data?.total ?? 0}
          page={page}
          pageSize={data?.pageSize ?? TIMESHEETS_PAGE_SIZE}
          onPage={setPage}
          sort=""
          dir="desc"
          onSort={() => undefined}
          loading={sheets.isPending}
          refreshing={sheets.isPlaceholderData}
          error={sheets.isError ? failure('Failed to load timesheets', sheets.error) : null}
          onRetry={() => void sheets.refetch()}
          emptyTitle="No time logged yet"
          emptyText="Log the time you worked with Log Time, then submit it for approval."
          actions={(t) =>
            t.canEdit ? (
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => onEdit(t)} disabled={working(t)}>
                  Edit<span className="sr-only"> entry of {entryName(t)}</span>
                </Button>
                <Button
                  size="sm"
                  onClick={() => submit(t)}
                  loading={act.isPending && act.variables?.id === t.id}
                  disabled={working(t)}
                >
                  Submit<span className="sr-only"> entry of {entryName(t)}</span>
                </Button>
                <Button variant="danger" size="sm" onClick={() => setDeleting(t)} disabled={working(t)}>
                  Delete<span className="sr-only"> entry of {entryName(t)}</span>
                </Button>
              </div>
            ) : null
          }
        />
      </section>
      <ApprovalsSection />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete timesheet entry?"
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        busy={remove.isPending}
      >
        {deleting && (
          <p>
            The entry of {entryName(deleting)} ({formatHours(deleting.hoursWorked)},{' '}
            {deleting.project?.name ?? 'No Project'}: “{deleting.description}”) will be deleted. This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
