import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminNextStep } from '../../../contracts/admin-auth.contract';
import { acceptInviteSchema, staffMessages, type AcceptInviteInput } from '../../../contracts/staff.contract';
import { ApiError, api } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { NewPasswordFields, SubmitButton, authLinkClass } from '../../ui/AuthFormParts';
import { Input } from '../../ui/Field';
import { LoadingRegion, Skeleton } from '../../ui/States';

type Values = z.output<typeof acceptInviteSchema>;

/**
 * /admin/invite?token=…: whom the link invites, then a name and a password; the sign-in goes on
 * with setting the authenticator up (mandatory) before any session opens.
 */
export function InviteStep({ token, onNext }: { token: string; onNext: () => void }) {
  const invite = useQuery({
    queryKey: ['admin-invite', token],
    queryFn: () => api.get<{ email: string; roles: string[] }>(`/api/admin/invites/${encodeURIComponent(token)}`),
    retry: false,
  });
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AcceptInviteInput, unknown, Values>({
    resolver: zodResolver(acceptInviteSchema),
    defaultValues: { name: '', password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  if (invite.isPending)
    return (
      <LoadingRegion label="Opening your invitation">
        <Skeleton className="h-40 w-full" />
      </LoadingRegion>
    );
  if (invite.isError)
    return (
      <div className="space-y-4">
        <Alert tone="error">
          {invite.error instanceof ApiError && invite.error.status < 500 && invite.error.status > 0
            ? invite.error.message
            : staffMessages.inviteUnknown}
        </Alert>
        <a href="/admin/login" className={authLinkClass}>
          Go to the admin sign-in
        </a>
      </div>
    );
  const onSubmit = async (values: Values) => {
    setError(null);
    try {
      await api.post<AdminNextStep>(`/api/admin/invites/${encodeURIComponent(token)}/accept`, values);
      onNext();
    } catch (e) {
      setError(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : 'Failed to accept the invitation');
    }
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Accept the invitation">
      <p className="text-sm text-slate-700">
        You are joining as <span className="font-medium text-slate-900">{invite.data.roles.join(', ')}</span> with{' '}
        <span className="font-medium text-slate-900">{invite.data.email}</span>.
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <Input label="Your name" required autoComplete="name" error={errors.name?.message} {...register('name')} />
      <NewPasswordFields
        password={register('password')}
        confirm={register('confirmPassword')}
        passwordError={errors.password?.message}
        confirmError={errors.confirmPassword?.message}
      />
      <SubmitButton loading={isSubmitting} loadingText="Saving...">
        Continue to the authenticator
      </SubmitButton>
    </form>
  );
}
