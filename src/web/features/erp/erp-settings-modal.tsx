import { Copy, ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormHandleSubmit } from 'react-hook-form';
import {
  erpCodeSchema,
  erpMessages as m,
  erpPasswordSchema,
  erpProfileSchema,
  type ErpPasswordInput,
  type ErpProfileData,
  type ErpProfileInput,
  type ErpSettings,
  type ErpTwoFaSetup,
} from '../../../contracts/erp.contract';
import { maxLengthOf } from '../../../contracts/common.contract';
import { TOTP_CODE_LENGTH } from '../../../contracts/two-factor.contract';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Input, Textarea } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { QrCode } from '../../ui/QrCode';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { NewPasswordFields, PasswordInput, PhoneInput } from '../../ui/AuthFormParts';
import { EmergencyContactFields } from './emergency-contact-fields';
import { ErpFeedbackProvider, failure, useErpFeedback } from './erp-feedback';
import {
  useChangeErpPassword,
  useErpSettings,
  useSaveErpProfile,
  useSetUpTwoFa,
  useSwitchTwoFa,
} from './use-erp-header';
import { useErpForm } from './use-erp-form';

/**
 * Settings: contact details, two-factor authentication and the password. Each section shows its own
 * messages (success as a status for 3 s, errors as alerts) inside the dialog, next to its form.
 */
export function ErpSettingsModal({ onClose }: { onClose: () => void }) {
  const settings = useErpSettings();
  return (
    <Modal open onClose={onClose} title="Settings">
      <div className="space-y-8">
        {settings.isPending ? (
          <LoadingRegion label="Loading your settings">
            <div className="space-y-3">
              <Skeleton className="h-6 w-40" />
              <Skeleton className="h-40" />
              <Skeleton className="h-6 w-56" />
              <Skeleton className="h-16" />
            </div>
          </LoadingRegion>
        ) : settings.isError ? (
          <ErrorState
            message={failure('Failed to load your settings', settings.error)}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <>
            <Section title="Contact details">
              <ContactForm settings={settings.data} />
            </Section>
            <Section title="Two-factor authentication">
              <TwoFaSettings on={settings.data.twoFaEnabled} />
            </Section>
          </>
        )}
        <Section title="Change password">
          <PasswordForm />
        </Section>
      </div>
    </Modal>
  );
}

/** A titled part of the dialog with its own banners (`useErpFeedback` inside reaches them). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <ErpFeedbackProvider>{children}</ErpFeedbackProvider>
    </section>
  );
}

const contactValues = (s: ErpSettings): ErpProfileInput => ({
  phone: s.phone ?? '',
  address: s.address ?? '',
  emergencyContact: s.emergencyContact ?? '',
  emergencyPhone: s.emergencyPhone ?? '',
});

function ContactForm({ settings }: { settings: ErpSettings }) {
  const save = useSaveErpProfile();
  // A new record (saved, or changed elsewhere) resets the form to it; a refetch of the same one keeps its identity.
  const values = useMemo(() => contactValues(settings), [settings]);
  const form = useErpForm(erpProfileSchema, values, true);
  const {
    register,
    formState: { errors },
  } = form;
  // Saved, the form shows what the server kept (a phone without its spaces).
  const submit = (values: ErpProfileData) =>
    form.run(() => save.mutateAsync(values), m.profileSaved, 'Failed to update profile');
  return (
    <SettingsForm form={form} onSubmit={submit} label="Contact details">
      <p className="break-words text-sm text-slate-600">
        Email: <span className="font-medium text-slate-900">{settings.email}</span>
      </p>
      <PhoneInput label="Phone" error={errors.phone?.message} {...register('phone')} />
      <Textarea
        label="Address"
        rows={2}
        maxLength={maxLengthOf(erpProfileSchema.shape.address)}
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <EmergencyContactFields
        register={register}
        errors={errors}
        contactMaxLength={maxLengthOf(erpProfileSchema.shape.emergencyContact)}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save contact details'}
        </Button>
      </div>
    </SettingsForm>
  );
}

/** Off: Set up two-factor, then scan the QR code (or type the key) and enable with a code. On: turn off with a code. */
function TwoFaSettings({ on }: { on: boolean }) {
  const feedback = useErpFeedback();
  const setUp = useSetUpTwoFa();
  const [pending, setPending] = useState<ErpTwoFaSetup | null>(null);

  if (on) {
    return (
      <div className="space-y-4">
        <p className="flex items-center gap-2 text-sm font-medium text-green-800">
          <ShieldCheck className="h-5 w-5" aria-hidden="true" /> Two-factor authentication is on
        </p>
        <p className="text-sm text-slate-600">To turn it off, enter a code from your authenticator app.</p>
        <CodeForm enable={false} />
      </div>
    );
  }

  const start = () =>
    setUp.mutate(undefined, {
      onSuccess: (created) => setPending(created),
      onError: (e) => feedback.error(failure('Failed to set up two-factor', e)),
    });

  if (!pending) {
    return (
      <div className="space-y-4">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <ShieldOff className="h-5 w-5 text-slate-500" aria-hidden="true" /> Two-factor authentication is off
        </p>
        <p className="text-sm text-slate-600">
          With it on, signing in also asks for a 6-digit code from an authenticator app on your phone.
        </p>
        <Button variant="secondary" onClick={start} loading={setUp.isPending}>
          Set up two-factor
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-700">
        <li className="space-y-2">
          <p>Scan this QR code with your authenticator app.</p>
          <QrCode value={pending.otpauthUri} size={300} label="QR code for your authenticator app" />
        </li>
        <li className="space-y-2">
          <p>Or type this key into the app:</p>
          <SecretKey secret={pending.secret} />
        </li>
        <li className="space-y-2">
          <p>Enter the 6-digit code the app shows.</p>
          <CodeForm enable onDone={() => setPending(null)} />
        </li>
      </ol>
      <Button variant="ghost" size="sm" onClick={() => setPending(null)}>
        Cancel setup
      </Button>
    </div>
  );
}

/** The two-factor key as monospace text (selectable) and a button that copies it. */
function SecretKey({ secret }: { secret: string }) {
  const feedback = useErpFeedback();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      feedback.error('Could not copy the key. Select it and copy it by hand.');
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code
        data-testid="erp-2fa-secret"
        className="select-all break-all rounded-md border border-slate-200 bg-slate-50 px-2 py-1 font-mono text-sm text-slate-900"
      >
        {secret}
      </code>
      <Button variant="secondary" size="sm" onClick={copy}>
        <Copy className="h-4 w-4" aria-hidden="true" /> {copied ? 'Copied' : 'Copy key'}
      </Button>
      <span role="status" className="sr-only">
        {copied ? 'Key copied' : ''}
      </span>
    </div>
  );
}

const noCode = { code: '' };

/** A code from the authenticator app, then Enable (`enable`) or Turn off; 'Invalid 2FA code' lands under the field. */
function CodeForm({ enable, onDone }: { enable: boolean; onDone?: () => void }) {
  const switchTwoFa = useSwitchTwoFa();
  const form = useErpForm(erpCodeSchema, noCode, true);
  const {
    register,
    formState: { errors },
  } = form;
  const submit = async ({ code }: { code: string }) => {
    const done = await form.run(
      () => switchTwoFa.mutateAsync({ on: enable, code }),
      enable ? m.twoFaEnabled : m.twoFaDisabled,
      enable ? 'Failed to turn on two-factor' : 'Failed to turn off two-factor',
    );
    if (done) onDone?.();
  };
  return (
    <SettingsForm
      form={form}
      onSubmit={submit}
      className="space-y-3"
      label={enable ? 'Enable two-factor authentication' : 'Turn off two-factor authentication'}
    >
      <Input
        label="Authentication code"
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={TOTP_CODE_LENGTH}
        placeholder="123456"
        className="max-w-[12rem] font-mono tracking-widest"
        error={errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" variant={enable ? 'primary' : 'danger'} loading={switchTwoFa.isPending}>
        {enable ? 'Enable' : 'Turn off'}
      </Button>
    </SettingsForm>
  );
}

const noPasswords: ErpPasswordInput = { currentPassword: '', password: '', confirmPassword: '' };

/** The current password, then the new one twice; 'Current password is incorrect' lands under the first. */
function PasswordForm() {
  const change = useChangeErpPassword();
  const form = useErpForm(erpPasswordSchema, noPasswords, true);
  const {
    register,
    formState: { errors },
  } = form;
  const submit = async (values: ErpPasswordInput) => {
    if (
      await form.run(
        () => change.mutateAsync(values),
        (r) => r.message || m.passwordChanged,
        'Failed to change password',
      )
    )
      form.reset(noPasswords);
  };
  return (
    <SettingsForm form={form} onSubmit={submit} label="Change password">
      <PasswordInput
        label="Current password"
        required
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <NewPasswordFields
        password={register('password')}
        confirm={register('confirmPassword')}
        passwordError={errors.password?.message}
        confirmError={errors.confirmPassword?.message}
        labels={{ password: 'New password', confirm: 'Confirm new password' }}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </div>
    </SettingsForm>
  );
}

/** A form of the settings: submitted through its checks, the refusal the fields do not show above them. */
function SettingsForm<V extends FieldValues, D>({
  form,
  onSubmit,
  label,
  className = 'space-y-4',
  children,
}: {
  form: { handleSubmit: UseFormHandleSubmit<V, D>; formError: string | null };
  onSubmit: SubmitHandler<D>;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className={className} aria-label={label}>
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      {children}
    </form>
  );
}
