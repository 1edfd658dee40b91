import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Me } from '../../../contracts/auth.contract';
import {
  inviteRegisterInputSchema,
  permissionsOf,
  teamMessages,
  vendorRoleLabels,
  type InviteLookup,
  type InviteRegisterInput,
} from '../../../contracts/vendor-team.contract';
import { api, ApiError } from '../../api/client';
import { useMe, useSetMe } from '../../api/session';
import { useChooseVendor } from '../../api/vendors';
import { Alert } from '../../ui/Alert';
import { AuthCard, AuthFormBody, authLinkClass, NewPasswordFields, SubmitButton } from '../../ui/AuthFormParts';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { LoadingRegion, Skeleton } from '../../ui/States';

const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');

/** The invitation in one sentence: whose team, as what. */
export function InviteSummary({ invite }: { invite: InviteLookup }) {
  const role = vendorRoleLabels[invite.role];
  return (
    <p className="text-slate-700">
      <strong>{invite.vendorName}</strong> invites <strong>{invite.email}</strong> to its team as{' '}
      <strong>{role.label}</strong>: {role.hint}.
    </p>
  );
}

/** A new account for the invited email: name and password, then it joins and signs in. */
function NewAccountForm({
  token,
  onJoined,
}: {
  token: string;
  onJoined: (password: string, vendorUserId: string) => Promise<void>;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<InviteRegisterInput>({
    resolver: zodResolver(inviteRegisterInputSchema),
    defaultValues: { token, firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const submit = async (values: InviteRegisterInput) => {
    setFormError(null);
    try {
      const joined = await api.post<{ vendorUserId: string }>('/api/team-invites/register', values);
      await onJoined(values.password, joined.vendorUserId);
    } catch (e) {
      setFormError(messageOf(e));
    }
  };
  return (
    <AuthFormBody
      formError={formError}
      links={[
        {
          text: 'Have a Haat account with this email?',
          to: `/login?next=${encodeURIComponent(`/team-invite?token=${token}`)}`,
          label: 'Sign in to accept',
        },
      ]}
    >
      <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4" aria-label="Accept the invitation">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Input
            label="First name"
            required
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <Input
            label="Last name"
            required
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <NewPasswordFields
          password={register('password')}
          confirm={register('confirmPassword')}
          passwordError={errors.password?.message}
          confirmError={errors.confirmPassword?.message}
        />
        <SubmitButton loading={isSubmitting} loadingText="Joining...">
          Create my account and join
        </SubmitButton>
      </form>
    </AuthFormBody>
  );
}

/**
 * /team-invite?token=: a vendor's invitation. A person without an account sets a name and password
 * and joins; one whose email has an account signs in first (and comes back here), then joins.
 */
export function TeamInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const me = useMe();
  const setMe = useSetMe();
  const choose = useChooseVendor();
  const navigate = useNavigate();
  const invite = useQuery({
    queryKey: ['team-invite', token],
    queryFn: () => api.post<InviteLookup>('/api/team-invites/lookup', { token }),
    retry: false,
  });
  const enter = (vendorUserId: string) => {
    const role = invite.data!.role;
    choose({ vendorUserId, businessName: invite.data!.vendorName, role, permissions: permissionsOf(role) });
    navigate('/vendor/dashboard', { replace: true });
  };
  const accept = useMutation({
    mutationFn: () => api.post<{ vendorUserId: string }>('/api/team-invites/accept', { token }),
    onSuccess: (r) => enter(r.vendorUserId),
  });

  let body;
  if (invite.isPending || me.isPending)
    body = (
      <LoadingRegion label="Loading the invitation">
        <Skeleton className="h-24 w-full" />
      </LoadingRegion>
    );
  else if (invite.isError) body = <Alert tone="error">{messageOf(invite.error)}</Alert>;
  else if (me.data) {
    const mine = me.data.email.toLowerCase() === invite.data.email.toLowerCase();
    body = (
      <div className="space-y-4">
        <InviteSummary invite={invite.data} />
        {accept.isError && <Alert tone="error">{messageOf(accept.error)}</Alert>}
        {mine ? (
          <Button onClick={() => accept.mutate()} loading={accept.isPending} className="w-full" size="lg">
            Join {invite.data.vendorName}
          </Button>
        ) : (
          <Alert tone="error">{teamMessages.wrongAccount(invite.data.email)}</Alert>
        )}
      </div>
    );
  } else if (invite.data.hasAccount)
    body = (
      <div className="space-y-4">
        <InviteSummary invite={invite.data} />
        <p className="text-slate-700">{teamMessages.emailHasAccount}</p>
        <Link to={`/login?next=${encodeURIComponent(`/team-invite?token=${token}`)}`} className={authLinkClass}>
          Sign in to accept
        </Link>
      </div>
    );
  else
    body = (
      <div className="space-y-4">
        <InviteSummary invite={invite.data} />
        <NewAccountForm
          token={token}
          onJoined={async (password, vendorUserId) => {
            setMe(await api.post<Me>('/api/auth/login', { email: invite.data.email, password }));
            enter(vendorUserId);
          }}
        />
      </div>
    );

  return (
    <Page title="Join a vendor's team" narrow>
      <AuthCard>{body}</AuthCard>
    </Page>
  );
}
