import { useState } from 'react';
import {
  userActionMessages as m,
  userStatuses,
  type AdminUser,
  type AdminUserPage,
} from '../../../contracts/admin-people.contract';
import { roles } from '../../../contracts/auth.contract';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { formatDate } from '../../ui/format-date';
import { AdminActionDialog } from './admin-action-dialog';
import { AdminListToolbar, ListCount, ListFilter } from './admin-list-parts';
import { userDetailsForm } from './admin-details-forms';
import { useEditDetailsAction } from './admin-edit-details-dialog';
import { useDeleteAction } from './delete-dialog';
import { useAdminList } from './use-admin-list';

const roleLabels: Record<(typeof roles)[number], string> = {
  customer: 'Customer',
  vendor: 'Vendor',
  merchant: 'Merchant',
  admin: 'Admin',
};
const nameOf = (u: AdminUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || '—';

const columns: Column<AdminUser>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    render: (u) => <span className="font-medium text-slate-900">{nameOf(u)}</span>,
  },
  { key: 'email', header: 'Email', sortKey: 'email', render: (u) => <span className="break-all">{u.email}</span> },
  { key: 'role', header: 'Role', sortKey: 'role', render: (u) => roleLabels[u.role] },
  {
    key: 'status',
    header: 'Status',
    sortKey: 'status',
    render: (u) => (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${u.status === 'active' ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}`}
      >
        {u.status === 'active' ? 'Active' : 'Suspended'}
      </span>
    ),
  },
  { key: 'registered', header: 'Registered', sortKey: 'registeredAt', render: (u) => formatDate(u.registeredAt) },
];

/** The Users tab: every account; Suspend (signs them out at once) or Reactivate, each with a fresh code. */
export function UsersTab() {
  const list = useAdminList<AdminUserPage>('/api/admin/users', {
    sort: 'registeredAt',
    filters: { role: '', status: '' },
  });
  const remove = useDeleteAction('user');
  const editDetails = useEditDetailsAction(userDetailsForm);
  const [target, setTarget] = useState<AdminUser | null>(null);
  const suspending = target?.status === 'active';

  return (
    <div className="space-y-4">
      <AdminListToolbar list={list} searchLabel="Search by name, email or id">
        <ListFilter
          list={list}
          name="role"
          label="Role"
          width="w-36"
          choices={roles}
          labels={roleLabels}
          any="All roles"
        />
        <ListFilter
          list={list}
          name="status"
          label="Status"
          width="w-36"
          choices={userStatuses}
          labels={(s) => (s === 'active' ? 'Active' : 'Suspended')}
          any="Any status"
        />
      </AdminListToolbar>
      <ListCount page={list.query.data} noun={['user', 'users']} capped />
      <DataTable
        label="Users"
        columns={columns}
        {...list.tableProps('users')}
        rowKey={(u) => u.id}
        emptyTitle="No users"
        emptyText="Nothing matches the search and filters."
        actions={(u) => (
          <div className="flex flex-wrap gap-2">
            {editDetails.button(u.id, `${nameOf(u)} (${u.email})`)}
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
      <AdminActionDialog
        pending={target}
        onClose={() => setTarget(null)}
        request={(user) => {
          const suspend = user.status === 'active';
          return {
            path: `/api/admin/users/${user.id}/${suspend ? 'suspend' : 'reactivate'}`,
            success: suspend ? m.suspended : m.reactivated,
            failure: suspend ? m.suspendFailed : m.reactivateFailed,
            toast: 'user-status',
          };
        }}
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
      />
      {remove.dialog}
      {editDetails.dialog}
    </div>
  );
}
