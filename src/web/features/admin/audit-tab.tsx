import type { AdminAuditEntry, AdminAuditPage } from '../../../contracts/admin-lists.contract';
import { describeAuditAction } from '../../../contracts/admin.contract';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { Input } from '../../ui/Field';
import { formatDateTime } from '../../ui/format-date';
import { AdminListToolbar, ListCount, ListFilter } from './admin-list-parts';
import { useAdminList } from './use-admin-list';

const columns: Column<AdminAuditEntry>[] = [
  { key: 'at', header: 'When', sortKey: 'createdAt', render: (e) => formatDateTime(e.createdAt) },
  {
    key: 'action',
    header: 'Action',
    sortKey: 'action',
    render: (e) => (
      <>
        <span className="font-medium text-slate-900">{e.description}</span>
        <br />
        <span className="font-mono text-xs text-slate-500">{e.action}</span>
      </>
    ),
  },
  {
    key: 'resource',
    header: 'Resource',
    sortKey: 'resourceType',
    render: (e) => (
      <>
        {e.resourceType}
        <br />
        <span className="break-all font-mono text-xs text-slate-500">{e.resourceId ?? '—'}</span>
      </>
    ),
  },
  {
    key: 'actor',
    header: 'By',
    render: (e) => (
      <>
        {e.actor}
        <br />
        <span className="text-xs text-slate-500">
          {e.ipAddress ?? '—'} · {e.origin}
        </span>
      </>
    ),
  },
  {
    key: 'data',
    header: 'Data',
    render: (e) =>
      e.newData ? <code className="block max-w-xs break-all text-xs text-slate-700">{e.newData}</code> : '—',
  },
];

/** The Audit log tab: every admin sign-in and change, filtered by action, resource and India dates. */
export function AuditTab() {
  // One staff member's activity, opened from the Staff tab (`&actor=<their id>`).
  const [params, setParams] = useSearchParams();
  const actor = params.get('actor') ?? '';
  const list = useAdminList<AdminAuditPage>('/api/admin/audit', {
    sort: 'createdAt',
    filters: { action: '', resource: '', from: '', to: '', actor },
  });
  const data = list.query.data;
  const everyone = () => {
    list.setFilter('actor', '');
    setParams({ tab: 'audit' }, { replace: true });
  };
  return (
    <div className="space-y-4">
      {list.filters.actor && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          Showing what one staff member did{data?.items[0] ? ` (${data.items[0].actor})` : ''}.
          <Button size="sm" variant="secondary" onClick={everyone}>
            Show everyone
          </Button>
        </p>
      )}
      <AdminListToolbar list={list} searchLabel="Search by action, resource id, admin or address">
        <ListFilter
          list={list}
          name="action"
          label="Action"
          width="w-48"
          choices={data?.actions ?? []}
          labels={describeAuditAction}
          any="All actions"
        />
        <ListFilter
          list={list}
          name="resource"
          label="Resource"
          width="w-44"
          choices={data?.resources ?? []}
          labels={(r) => r}
          any="All resources"
        />
        <div className="w-40">
          <Input
            label="From"
            type="date"
            value={list.filters.from}
            onChange={(e) => list.setFilter('from', e.target.value)}
          />
        </div>
        <div className="w-40">
          <Input
            label="To"
            type="date"
            value={list.filters.to}
            onChange={(e) => list.setFilter('to', e.target.value)}
          />
        </div>
      </AdminListToolbar>
      <ListCount page={data} noun={['entry', 'entries']} />
      <DataTable
        label="Audit log"
        columns={columns}
        {...list.tableProps('audit log')}
        rowKey={(e) => e.id}
        emptyTitle="No entries"
        emptyText="Nothing matches these filters."
      />
    </div>
  );
}
