import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Mail } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import type { Me } from '../../../contracts/auth.contract';
import {
  changeEmailSchema,
  changePasswordSchema,
  settingsMessages,
  type ChangeEmailInput,
  type ChangePasswordInput,
} from '../../../contracts/shops.contract';
import { api, ApiError } from '../../api/client';
import { placeFieldErrors } from '../../api/field-errors';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PASSWORD_HINT } from '../../ui/AuthFormParts';
import { Input } from '../../ui/Field';
import { SaveCancelButtons } from '../../ui/FormButtons';
import { notify } from '../../ui/notify';
import { useSetMe } from '../../api/session';
import { useCheckedForm } from '../../ui/use-checked-form';

/** Puts the server's per-field messages under their fields; otherwise toasts the message (or the fallback). */
function showError<T extends FieldValues>(
  e: unknown,
  names: Path<T>[],
  setError: UseFormSetError<T>,
  fallback: string,
) {
  if (placeFieldErrors(e, names, setError) > 0) return;
  notify.error(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : fallback);
}

function SettingCard({
  icon,
  title,
  value,
  open,
  onOpen,
  children,
}: {
  icon: ReactNode;
  title: string;
  value: string;
  open: boolean;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-violet-100 text-violet-700">
            {icon}
          </span>
          <div className="min-w-0">
            <h3 className="font-semibold text-slate-900">{title}</h3>
            <p className="break-all text-sm text-slate-600">{value}</p>
          </div>
        </div>
        {!open && (
          <Button variant="secondary" size="sm" onClick={onOpen}>
            Change {title.toLowerCase()}
          </Button>
        )}
      </div>
      {open && <div className="mt-4 border-t border-slate-100 pt-4">{children}</div>}
    </div>
  );
}

function EmailForm({ onDone }: { onDone: () => void }) {
  const setMe = useSetMe();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useCheckedForm(changeEmailSchema, { newEmail: '', currentPassword: '' });
  const save = async (values: ChangeEmailInput) => {
    try {
      setMe(await api.put<Me>('/api/me/email', values));
      notify.success(settingsMessages.emailChanged, { action: 'settings-email' });
      onDone();
    } catch (e) {
      showError(e, ['newEmail', 'currentPassword'], setError, settingsMessages.emailFailed);
    }
  };
  return (
    <form onSubmit={handleSubmit(save)} noValidate className="space-y-4" aria-label="Change email">
      <Input
        label="New email"
        required
        type="email"
        autoComplete="email"
        autoFocus
        error={errors.newEmail?.message}
        {...register('newEmail')}
      />
      <Input
        label="Current password"
        required
        type="password"
        autoComplete="current-password"
        hint="To confirm it is you"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <SaveCancelButtons busy={isSubmitting} saveText="Update email" onCancel={onDone} />
    </form>
  );
}

function PasswordForm({ onDone }: { onDone: (message: string) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const save = async (values: ChangePasswordInput) => {
    try {
      const { message } = await api.put<{ message: string; otherSessionsEnded: number }>('/api/me/password', values);
      notify.success(message, { action: 'settings-password' });
      onDone(message);
    } catch (e) {
      showError(e, ['currentPassword', 'newPassword', 'confirmPassword'], setError, settingsMessages.passwordFailed);
    }
  };
  return (
    <form onSubmit={handleSubmit(save)} noValidate className="space-y-4" aria-label="Change password">
      <Input
        label="Current password"
        required
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <Input
        label="New password"
        required
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <Input
        label="Confirm new password"
        required
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <p className="text-sm text-slate-600">Changing your password signs you out on every other device.</p>
      <SaveCancelButtons busy={isSubmitting} saveText="Change password" onCancel={() => onDone('')} />
    </form>
  );
}

/** Account settings of customers and vendors: change email and change password (which signs out the user's other devices). */
export function AccountSettings({ me }: { me: Me }) {
  const [open, setOpen] = useState<'email' | 'password' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <section aria-labelledby="settings-heading" className="space-y-4">
      <h2 id="settings-heading" className="text-lg font-semibold text-slate-900">
        Account settings
      </h2>
      {done && <Alert tone="success">{done}</Alert>}
      <SettingCard
        icon={<Mail className="h-5 w-5" aria-hidden="true" />}
        title="Email"
        value={me.email}
        open={open === 'email'}
        onOpen={() => {
          setDone(null);
          setOpen('email');
        }}
      >
        <EmailForm onDone={() => setOpen(null)} />
      </SettingCard>
      <SettingCard
        icon={<KeyRound className="h-5 w-5" aria-hidden="true" />}
        title="Password"
        value="••••••••"
        open={open === 'password'}
        onOpen={() => {
          setDone(null);
          setOpen('password');
        }}
      >
        <PasswordForm
          onDone={(message) => {
            setOpen(null);
            if (message) setDone(message);
          }}
        />
      </SettingCard>
    </section>
  );
}
