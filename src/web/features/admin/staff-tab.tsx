import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  customRoleSchema,
  staffInviteSchema,
  type StaffMember,
  type StaffOverview,
  type StaffRole,
} from '../../../contracts/staff.contract';
import { staffPermissionLabels, staffPermissions, type StaffPermission } from '../../../domain/staff-permissions';
import { api } from '../../api/client';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { Input } from '../../ui/Field';
import { formatDate } from '../../ui/format-date';
import { AdminActionDialog } from './admin-action-dialog';
import { RatesSection, wholeList } from './rate-form-parts';

const staffKey = ['admin', 'staff'] as const;

type Pending =
  | { kind: 'invite' }
  | { kind: 'cancel-invite'; id: string; email: string }
  | { kind: 'roles'; member: StaffMember }
  | { kind: 'status'; member: StaffMember }
  | { kind: 'role'; role: StaffRole | null }
  | { kind: 'delete-role'; role: StaffRole };

const badge = 'rounded-full px-2 py-0.5 text-xs font-medium';

/** Ticks from a list: roles for a person, permissions for a role. */
function Ticks<K extends string>({
  legend,
  choices,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  choices: readonly { key: K; label: string }[];
  chosen: readonly K[];
  onChange: (next: K[]) => void;
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 grid gap-1 sm:grid-cols-2">
        {choices.map((c) => (
          <label
            key={c.key}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-slate-800 hover:bg-slate-50"
          >
            <input
              type="checkbox"
              checked={chosen.includes(c.key)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, c.key] : chosen.filter((k) => k !== c.key))}
              className="h-5 w-5 shrink-0 rounded border-slate-300 text-violet-700 focus:ring-violet-600"
            />
            <span className="min-w-0 break-words">{c.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The first message of a zod check of the form, by field. */
function firstErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

/**
 * The Staff tab (owners): the team with their roles, invitations by email, suspension, and the roles
 * themselves (built-in, and custom ones made from the permission list). Every change asks for a fresh code.
 */
export function StaffTab() {
  const staff = useQuery({ queryKey: staffKey, queryFn: () => api.get<StaffOverview>('/api/admin/staff') });
  const [pending, setPending] = useState<Pending | null>(null);
  const [email, setEmail] = useState('');
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [roleName, setRoleName] = useState('');
  const [permissions, setPermissions] = useState<StaffPermission[]>([]);
  const [touched, setTouched] = useState(false);
  const data = staff.data;
  const roleChoices = (data?.roles ?? []).map((r) => ({ key: r.id, label: r.name }));
  const permissionChoices = staffPermissions.map((p) => ({ key: p, label: staffPermissionLabels[p] }));

  const open = (next: Pending) => {
    setTouched(false);
    if (next.kind === 'invite') {
      setEmail('');
      setRoleIds([]);
    }
    if (next.kind === 'roles') setRoleIds(next.member.roles.map((r) => r.id));
    if (next.kind === 'role') {
      setRoleName(next.role?.name ?? '');
      setPermissions(next.role ? [...next.role.permissions] : []);
    }
    setPending(next);
  };

  // The same contracts the server checks with.
  const inviteCheck = staffInviteSchema.safeParse({ email, roleIds });
  const roleCheck = customRoleSchema.safeParse({ name: roleName, permissions });
  const inviteErrors = touched ? firstErrors(inviteCheck) : {};
  const roleErrors = touched ? firstErrors(roleCheck) : {};

  const memberColumns: Column<StaffMember>[] = [
    {
      key: 'who',
      header: 'Staff member',
      render: (m) => (
        <>
          <span className="font-medium text-slate-900">{m.name ?? m.email}</span>
          <br />
          <span className="break-all text-xs text-slate-500">{m.email}</span>
        </>
      ),
    },
    { key: 'roles', header: 'Roles', render: (m) => m.roles.map((r) => r.name).join(', ') || 'No role' },
    {
      key: 'status',
      header: 'Status',
      render: (m) => (
        <>
          <span
            className={`${badge} ${m.status === 'active' ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-800'}`}
          >
            {m.status === 'active' ? 'Active' : 'Suspended'}
          </span>{' '}
          {!m.twoFactor && <span className={`${badge} bg-amber-100 text-amber-900`}>Authenticator not set up</span>}
        </>
      ),
    },
    { key: 'since', header: 'Since', render: (m) => formatDate(m.createdAt) },
  ];

  const roleColumns: Column<StaffRole>[] = [
    {
      key: 'name',
      header: 'Role',
      render: (r) => (
        <>
          <span className="font-medium text-slate-900">{r.name}</span>
          {r.builtIn && <span className={`${badge} ml-2 bg-violet-100 text-violet-800`}>Built-in</span>}
        </>
      ),
    },
    {
      key: 'permissions',
      header: 'Permissions',
      render: (r) => r.permissions.map((p) => staffPermissionLabels[p]).join(' · '),
    },
    { key: 'members', header: 'Held by', numeric: true, render: (r) => r.members },
  ];

  const describe = (p: Pending) => {
    switch (p.kind) {
      case 'invite':
        return {
          title: 'Invite a staff member',
          actionLabel: 'Send the invitation',
          description: 'They get an email with a link that works once, for 72 hours.',
          ready: inviteCheck.success,
        };
      case 'cancel-invite':
        return {
          title: 'Withdraw the invitation',
          actionLabel: 'Withdraw',
          description: `The link sent to ${p.email} will stop working.`,
        };
      case 'roles':
        return {
          title: `Roles of ${p.member.name ?? p.member.email}`,
          actionLabel: 'Save roles',
          description: 'The change applies to their next request.',
          ready: roleIds.length > 0,
        };
      case 'status':
        return p.member.status === 'active'
          ? {
              title: `Suspend ${p.member.name ?? p.member.email}`,
              actionLabel: 'Suspend',
              description: 'Their sessions end at once and they cannot sign in until restored.',
            }
          : {
              title: `Restore ${p.member.name ?? p.member.email}`,
              actionLabel: 'Restore',
              description: 'They can sign in again with their password and authenticator.',
            };
      case 'role':
        return {
          title: p.role ? `Edit the role ${p.role.name}` : 'New role',
          actionLabel: p.role ? 'Save the role' : 'Create the role',
          description: 'A role is a set of permissions; a person may hold several roles.',
          ready: roleCheck.success,
        };
      case 'delete-role':
        return {
          title: `Delete the role ${p.role.name}`,
          actionLabel: 'Delete',
          description: 'Only a role nobody holds can be deleted.',
        };
    }
  };

  const request = (p: Pending) => {
    const toast = 'staff';
    switch (p.kind) {
      case 'invite':
        return {
          path: '/api/admin/staff/invites',
          body: { email, roleIds },
          success: 'Invitation sent',
          failure: 'Failed to invite',
          toast,
        };
      case 'cancel-invite':
        return {
          path: `/api/admin/staff/invites/${p.id}/cancel`,
          success: 'Invitation withdrawn',
          failure: 'Failed to withdraw',
          toast,
        };
      case 'roles':
        return {
          path: `/api/admin/staff/${p.member.id}/roles`,
          method: 'PUT' as const,
          body: { roleIds },
          success: 'Roles saved',
          failure: 'Failed to save the roles',
          toast,
        };
      case 'status': {
        const status = p.member.status === 'active' ? 'suspended' : 'active';
        return {
          path: `/api/admin/staff/${p.member.id}/status`,
          body: { status },
          success: status === 'suspended' ? 'Suspended: their sessions have ended' : 'Restored',
          failure: status === 'suspended' ? 'Failed to suspend' : 'Failed to restore',
          toast,
        };
      }
      case 'role':
        return {
          path: p.role ? `/api/admin/staff/roles/${p.role.id}` : '/api/admin/staff/roles',
          method: p.role ? ('PUT' as const) : ('POST' as const),
          body: { name: roleName, permissions },
          success: p.role ? 'Role saved' : 'Role created',
          failure: p.role ? 'Failed to save the role' : 'Failed to create the role',
          toast,
        };
      case 'delete-role':
        return {
          path: `/api/admin/staff/roles/${p.role.id}/delete`,
          success: 'Role deleted',
          failure: 'Failed to delete',
          toast,
        };
    }
  };

  const dialog = pending ? describe(pending) : null;

  return (
    <div className="space-y-6">
      <RatesSection
        id="admin-staff"
        title="Staff"
        lead="Everyone who works in this panel, each with their own password and authenticator. Suspending someone ends their sessions at once."
        action={<Button onClick={() => open({ kind: 'invite' })}>Invite a person</Button>}
      >
        <DataTable
          label="Staff members"
          columns={memberColumns}
          rows={data?.members}
          {...wholeList(data?.members.length ?? 0)}
          rowKey={(m) => m.id}
          loading={staff.isPending}
          error={staff.isError ? `Failed to load the staff: ${staff.error.message}` : null}
          onRetry={() => void staff.refetch()}
          emptyTitle="No staff yet"
          actions={(m) => (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => open({ kind: 'roles', member: m })}>
                Roles
              </Button>
              <Button
                size="sm"
                variant={m.status === 'active' ? 'danger' : 'secondary'}
                onClick={() => open({ kind: 'status', member: m })}
              >
                {m.status === 'active' ? 'Suspend' : 'Restore'}
              </Button>
              <Link
                to={`/admin/dashboard?tab=audit&actor=${m.id}`}
                className="inline-flex min-h-9 items-center rounded-lg px-2 text-sm font-medium text-violet-700 hover:underline"
                aria-label={`Activity of ${m.name ?? m.email}`}
              >
                Activity
              </Link>
            </div>
          )}
        />
        {data && data.invites.length > 0 && (
          <div className="mt-4">
            <h3 className="text-sm font-semibold text-slate-900">Invitations waiting</h3>
            <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {data.invites.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                  <span>
                    <span className="font-medium text-slate-900">{i.email}</span> as {i.roles.join(', ')} · until{' '}
                    {formatDate(i.expiresAt)}
                  </span>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => open({ kind: 'cancel-invite', id: i.id, email: i.email })}
                  >
                    Withdraw
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </RatesSection>

      <RatesSection
        id="admin-staff-roles"
        title="Roles"
        lead="Built-in roles are fixed. Make a custom role from the permission list for anything else."
        action={
          <Button variant="secondary" onClick={() => open({ kind: 'role', role: null })}>
            New role
          </Button>
        }
      >
        <DataTable
          label="Roles"
          columns={roleColumns}
          rows={data?.roles}
          {...wholeList(data?.roles.length ?? 0)}
          rowKey={(r) => r.id}
          loading={staff.isPending}
          emptyTitle="No roles"
          actions={(r) =>
            r.builtIn ? null : (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => open({ kind: 'role', role: r })}>
                  Edit
                </Button>
                <Button size="sm" variant="danger" onClick={() => open({ kind: 'delete-role', role: r })}>
                  Delete
                </Button>
              </div>
            )
          }
        />
      </RatesSection>

      <AdminActionDialog
        pending={pending}
        onClose={() => setPending(null)}
        request={request}
        onRefused={() => setTouched(true)}
        title={dialog?.title ?? ''}
        actionLabel={dialog?.actionLabel ?? ''}
        description={dialog?.description ?? ''}
        ready={dialog?.ready ?? true}
      >
        {pending?.kind === 'invite' && (
          <div className="space-y-3" onBlur={() => setTouched(true)}>
            <Input
              label="Email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={inviteErrors.email}
              required
            />
            <Ticks
              legend="Roles"
              choices={roleChoices}
              chosen={roleIds}
              onChange={setRoleIds}
              error={inviteErrors.roleIds}
            />
          </div>
        )}
        {pending?.kind === 'roles' && (
          <Ticks legend="Roles" choices={roleChoices} chosen={roleIds} onChange={setRoleIds} />
        )}
        {pending?.kind === 'role' && (
          <div className="space-y-3" onBlur={() => setTouched(true)}>
            <Input
              label="Role name"
              value={roleName}
              onChange={(e) => setRoleName(e.target.value)}
              error={roleErrors.name}
              required
            />
            <Ticks
              legend="Permissions"
              choices={permissionChoices}
              chosen={permissions}
              onChange={setPermissions}
              error={roleErrors.permissions}
            />
          </div>
        )}
      </AdminActionDialog>
    </div>
  );
}
