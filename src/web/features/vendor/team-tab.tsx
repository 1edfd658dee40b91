import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  teamInviteInputSchema,
  vendorMemberRoles,
  vendorRoleLabels,
  type Team,
  type TeamInvite,
  type TeamInviteInput,
  type TeamMember,
  type VendorMemberRole,
} from '../../../contracts/vendor-team.contract';
import { api, ApiError } from '../../api/client';
import { placeFieldErrors } from '../../api/field-errors';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Input, Select } from '../../ui/Field';
import { formatDate } from '../../ui/format-date';
import { notify } from '../../ui/notify';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';

const teamKey = ['vendor', 'team'] as const;
const failed = (e: unknown) => (e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');

const roleOptions = vendorMemberRoles.map((r) => (
  <option key={r} value={r}>
    {vendorRoleLabels[r].label}: {vendorRoleLabels[r].hint}
  </option>
));

/** Invite by email with a role, validated by the server's own contract. */
export function InviteForm({ onInvite }: { onInvite: (input: TeamInviteInput) => Promise<void> }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TeamInviteInput>({
    resolver: zodResolver(teamInviteInputSchema),
    defaultValues: { email: '', role: 'catalog' },
  });
  const send = async (values: TeamInviteInput) => {
    try {
      await onInvite(values);
      reset({ email: '', role: values.role });
    } catch (e) {
      if (placeFieldErrors(e, ['email', 'role'], setError) > 0) return;
      notify.error(failed(e));
    }
  };
  return (
    <form
      onSubmit={handleSubmit(send)}
      noValidate
      aria-label="Invite a member"
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <Input
        label="Email"
        type="email"
        autoComplete="off"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <Select label="Role" required error={errors.role?.message} {...register('role')}>
        {roleOptions}
      </Select>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send invitation'}
      </Button>
    </form>
  );
}

type TeamViewProps = {
  team: Team;
  onRoleChange: (memberId: string, role: VendorMemberRole) => void;
  onRemove: (memberId: string, email: string) => void;
  onWithdraw: (inviteId: string) => void;
};

/** A member's role, changeable by the owner. */
function RoleSelect({ member, onRoleChange }: { member: TeamMember; onRoleChange: TeamViewProps['onRoleChange'] }) {
  return (
    <select
      aria-label={`Role of ${member.email}`}
      value={member.role}
      onChange={(e) => onRoleChange(member.id, e.target.value as VendorMemberRole)}
      className="rounded-lg border border-slate-300 px-2 py-1"
    >
      {vendorMemberRoles.map((r) => (
        <option key={r} value={r}>
          {vendorRoleLabels[r].label}
        </option>
      ))}
    </select>
  );
}

const memberStatus = (m: TeamMember) => `Active since ${formatDate(m.since)}`;
const inviteStatus = (i: TeamInvite) =>
  i.status === 'expired' ? 'Invitation expired' : `Invited, link valid until ${formatDate(i.expiresAt)}`;

/**
 * The members with their role (changeable) and status, and the invitations not yet accepted: one card a
 * person on a phone, a table from sm: up.
 */
export function TeamView({ team, onRoleChange, onRemove, onWithdraw }: TeamViewProps) {
  if (team.members.length === 0 && team.invites.length === 0)
    return (
      <EmptyState title="No members yet">
        Invite the people who help you run your shops. Each gets their own sign-in and only what their role allows.
      </EmptyState>
    );
  const remove = (m: TeamMember) => (
    <Button variant="secondary" size="sm" onClick={() => onRemove(m.id, m.email)}>
      Remove
    </Button>
  );
  const withdraw = (i: TeamInvite) => (
    <Button variant="secondary" size="sm" onClick={() => onWithdraw(i.id)}>
      Withdraw
    </Button>
  );
  const who = (m: TeamMember) => (
    <>
      <span className={cn('block font-medium text-slate-900', !m.name && 'break-all')}>{m.name ?? m.email}</span>
      {m.name && <span className="block break-all text-slate-600">{m.email}</span>}
    </>
  );
  return (
    <>
      <ul aria-label="Your team" className="divide-y divide-slate-100 text-sm sm:hidden">
        {team.members.map((m) => (
          <li key={m.id} className="space-y-2 py-3">
            <div>
              {who(m)}
              <span className="block text-slate-600">{memberStatus(m)}</span>
            </div>
            <div className="flex items-center justify-between gap-3">
              <RoleSelect member={m} onRoleChange={onRoleChange} />
              {remove(m)}
            </div>
          </li>
        ))}
        {team.invites.map((i) => (
          <li key={i.id} className="space-y-2 py-3">
            <div>
              <span className="block break-all font-medium text-slate-900">{i.email}</span>
              <span className="block text-slate-600">
                {vendorRoleLabels[i.role].label} · {inviteStatus(i)}
              </span>
            </div>
            <div className="flex justify-end">{withdraw(i)}</div>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">Your team</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Member
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Role
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {team.members.map((m) => (
            <tr key={m.id}>
              <td className="py-2 pr-3">{who(m)}</td>
              <td className="py-2 pr-3">
                <RoleSelect member={m} onRoleChange={onRoleChange} />
              </td>
              <td className="py-2 pr-3">{memberStatus(m)}</td>
              <td className="py-2 text-right">{remove(m)}</td>
            </tr>
          ))}
          {team.invites.map((i) => (
            <tr key={i.id}>
              <td className="break-all py-2 pr-3 font-medium text-slate-900">{i.email}</td>
              <td className="py-2 pr-3">{vendorRoleLabels[i.role].label}</td>
              <td className="py-2 pr-3">{inviteStatus(i)}</td>
              <td className="py-2 text-right">{withdraw(i)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The owner's Team tab: invite by email with a role, list members with role and status, change role, remove. */
export function TeamTab() {
  const qc = useQueryClient();
  const team = useQuery({ queryKey: teamKey, queryFn: () => api.get<Team>('/api/vendor/team') });
  const done = (r: { message: string }) => {
    notify.success(r.message);
    void qc.invalidateQueries({ queryKey: teamKey });
  };
  const change = useMutation({
    mutationFn: (a: { id: string; role: VendorMemberRole }) =>
      api.patch<{ message: string }>(`/api/vendor/team/members/${a.id}`, { role: a.role }),
    onSuccess: done,
    onError: (e) => notify.error(failed(e)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/vendor/team/members/${id}`),
    onSuccess: done,
    onError: (e) => notify.error(failed(e)),
  });
  const withdraw = useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/vendor/team/invites/${id}`),
    onSuccess: done,
    onError: (e) => notify.error(failed(e)),
  });

  let body;
  if (team.isPending)
    body = (
      <LoadingRegion label="Loading your team">
        <Skeleton className="h-24 w-full" />
      </LoadingRegion>
    );
  else if (team.isError) body = <ErrorState message={failed(team.error)} onRetry={() => team.refetch()} />;
  else
    body = (
      <TeamView
        team={team.data}
        onRoleChange={(id, role) => change.mutate({ id, role })}
        onRemove={(id, email) => {
          if (window.confirm(`Remove ${email} from your team? Their access ends at once.`)) remove.mutate(id);
        }}
        onWithdraw={(id) => withdraw.mutate(id)}
      />
    );

  return (
    <div className="space-y-6">
      <section aria-labelledby="team-invite" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="team-invite" className="mb-1 text-lg font-semibold text-slate-900">
          Invite a member
        </h2>
        <p className="mb-3 text-sm text-slate-600">
          The link is emailed, works once and expires after 72 hours. Only you manage the team and the payout details.
        </p>
        <InviteForm
          onInvite={async (input) => done(await api.post<{ message: string }>('/api/vendor/team/invites', input))}
        />
      </section>
      <section aria-labelledby="team-members" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="team-members" className="mb-3 text-lg font-semibold text-slate-900">
          Members
        </h2>
        {body}
      </section>
    </div>
  );
}
