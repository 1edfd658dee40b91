import type { AdminAuditEntry, AdminAuditPage } from '../../../contracts/admin-lists.contract';
import { describeAuditAction } from '../../../contracts/admin.contract';
import { DataTable, ExportLink, ListSearch, type Column } from '../../ui/DataTable';
import { Input, Select } from '../../ui/Field';
import { formatDateTime } from '../../ui/format-date';
import { useAdminList } from './use-admin-list';

const columns: Column<AdminAuditEntry>[] = [
  { key: 'at', header: 'When', sortKey: 'createdAt', render: (e) => formatDateTime(e.createdAt) },
  { key: 'action', header: 'Action', sortKey: 'action', render: (e) => (<><span className="font-medium text-slate-900">{e.description}</span><br /><span className="font-mono text-xs text-slate-500">{e.action}</span></>) },
  { key: 'resource', header: 'Resource', sortKey: 'resourceType', render: (e) => (<>{e.resourceType}<br /><span className="break-all font-mono text-xs text-slate-500">{e.resourceId ?? '—'}</span></>) },
  { key: 'actor', header: 'By', render: (e) => (<>{e.actor}<br /><span className="text-xs text-slate-500">{e.ipAddress ?? '—'} · {e.origin}</span></>) },
  { key: 'data', header: 'Data', render: (e) => (e.newData ? <code className="block max-w-xs break-all text-xs text-slate-700">{e.newData}</code> : '—') },
];

/** The Audit log tab: every admin sign-in and change, filtered by action, resource and India dates. */
export function AuditTab() {
  const list = useAdminList<AdminAuditPage>('/api/admin/audit', { sort: 'createdAt', filters: { action: '', resource: '', from: '', to: '' } });
  const data = list.query.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <ListSearch label="Search by action, resource id, admin or address" value={list.q} onSearch={list.search} />
        <div className="w-48">
          <Select label="Action" value={list.filters.action} onChange={(e) => list.setFilter('action', e.target.value)}>
            <option value="">All actions</option>
            {data?.actions.map((a) => (
              <option key={a} value={a}>
                {describeAuditAction(a)}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-44">
          <Select label="Resource" value={list.filters.resource} onChange={(e) => list.setFilter('resource', e.target.value)}>
            <option value="">All resources</option>
            {data?.resources.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-40">
          <Input label="From" type="date" value={list.filters.from} onChange={(e) => list.setFilter('from', e.target.value)} />
        </div>
        <div className="w-40">
          <Input label="To" type="date" value={list.filters.to} onChange={(e) => list.setFilter('to', e.target.value)} />
        </div>
        <ExportLink href={list.exportHref} />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {data ? `${data.total.toLocaleString('en-IN')} ${data.total === 1 ? 'entry' : 'entries'}` : '\u00a0'}
      </p>
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
