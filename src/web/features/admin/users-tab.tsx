import { useState } from 'react';
import { userActionMessages as m, userStatuses, type AdminUser, type AdminUserPage } from '../../../contracts/admin-people.contract';
import { roles } from '../../../contracts/auth.contract';
import { Button } from '../../ui/Button';
import { DataTable, ExportLink, ListSearch, type Column } from '../../ui/DataTable';
import { Select } from '../../ui/Field';
import { formatDate } from '../../ui/format-date';
import { useDeleteAction } from './delete-dialog';
import { StepUpDialog } from './step-up-dialog';
import { useAdminAction } from './use-admin-action';
import { useAdminList } from './use-admin-list';

const roleLabels: Record<(typeof roles)[number], string> = { customer: 'Customer', vendor: 'Vendor', merchant: 'Merchant', admin: 'Admin' };
const nameOf = (u: AdminUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || '—';

const columns: Column<AdminUser>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', render: (u) => <span className="font-medium text-slate-900">{nameOf(u)}</span> },
  { key: 'email', header: 'Email', sortKey: 'email', render: (u) => <span className="break-all">{u.email}</span> },
  { key: 'role', header: 'Role', sortKey: 'role', render: (u) => roleLabels[u.role] },
  {
    key: 'status',
    header: 'Status',
    sortKey: 'status',
    render: (u) => (
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${u.status === 'active' ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}`}>{u.status === 'active' ? 'Active' : 'Suspended'}</span>
    ),
  },
  { key: 'registered', header: 'Registered', sortKey: 'registeredAt', render: (u) => formatDate(u.registeredAt) },
];

/** The Users tab: every account; Suspend (signs them out at once) or Reactivate, each with a fresh code. */
export function UsersTab() {
  const list = useAdminList<AdminUserPage>('/api/admin/users', { sort: 'registeredAt', filters: { role: '', status: '' } });
  const perform = useAdminAction();
  const remove = useDeleteAction('user');
  const [target, setTarget] = useState<AdminUser | null>(null);
  const data = list.query.data;
  const suspending = target?.status === 'active';

  const confirm = async (code: string) =>
    target &&
    perform({
      path: `/api/admin/users/${target.id}/${suspending ? 'suspend' : 'reactivate'}`,
      body: { code },
      success: suspending ? m.suspended : m.reactivated,
      failure: suspending ? m.suspendFailed : m.reactivateFailed,
      toast: 'user-status',
      onDone: () => setTarget(null),
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <ListSearch label="Search by name, email or id" value={list.q} onSearch={list.search} />
        <div className="w-36">
          <Select label="Role" value={list.filters.role} onChange={(e) => list.setFilter('role', e.target.value)}>
            <option value="">All roles</option>
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-36">
          <Select label="Status" value={list.filters.status} onChange={(e) => list.setFilter('status', e.target.value)}>
            <option value="">Any status</option>
            {userStatuses.map((s) => (
              <option key={s} value={s}>
                {s === 'active' ? 'Active' : 'Suspended'}
              </option>
            ))}
          </Select>
        </div>
        <ExportLink href={list.exportHref} />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {data ? `${data.total.toLocaleString('en-IN')}${data.totalCapped ? '+' : ''} ${data.total === 1 ? 'user' : 'users'}` : '\u00a0'}
      </p>
      <DataTable
        label="Users"
        columns={columns}
        {...list.tableProps('users')}
        rowKey={(u) => u.id}
        emptyTitle="No users"
        emptyText="Nothing matches the search and filters."
        actions={(u) => (
          <div className="flex flex-wrap gap-2">
            {u.status === 'active' ? (
              <Button size="sm" variant="secondary" onClick={() => setTarget(u)} aria-label={`Suspend ${u.email}`}>
                Suspend
              </Button>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => setTarget(u)} aria-label={`Reactivate ${u.email}`}>
                Reactivate
              </Button>
            )}
            {remove.button(u.id, `${nameOf(u)} (${u.email})`)}
          </div>
        )}
      />
      <StepUpDialog
        open={target !== null}
        title={suspending ? 'Suspend user' : 'Reactivate user'}
        actionLabel={suspending ? 'Suspend' : 'Reactivate'}
        description={
          target && (
            <p>
              {suspending
                ? `${nameOf(target)} (${target.email}) is signed out everywhere at once and cannot sign in until reactivated; they are told the account is suspended.`
                : `${nameOf(target)} (${target.email}) can sign in again.`}
            </p>
          )
        }
        onCancel={() => setTarget(null)}
        onConfirm={confirm}
      />
      {remove.dialog}
    </div>
  );
}
