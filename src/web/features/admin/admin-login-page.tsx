import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  adminAuthMessages as m,
  adminLoginSchema,
  type AdminLoginInput,
  type AdminNextStep,
  type AdminSession,
  type AdminTwoFactorSetup,
} from '../../../contracts/admin-auth.contract';
import { isTotpCode, TOTP_CODE_LENGTH } from '../../../contracts/two-factor.contract';
import { ApiError, api } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { LoadingRegion, Skeleton } from '../../ui/States';
import {
  AuthCard,
  authLinkClass,
  centredPageClass,
  EmailInput,
  PasswordInput,
  SubmitButton,
} from '../../ui/AuthFormParts';
import { adminSessionKey, useAdminSession } from '../../api/admin-session';
import { InviteStep } from './invite-step';

type Step = 'credentials' | '2fa' | 'setup2fa' | 'reset' | 'invite';
const leads: Record<Step, string> = {
  credentials: 'Sign in to the Haat admin panel.',
  '2fa': 'Enter the 6-digit code from your authenticator app.',
  setup2fa: 'Two-factor authentication is required for the admin account. Set it up once with an authenticator app.',
  invite: 'Join the Haat admin team: choose your password, then set up your authenticator app.',
  reset:
    'Lost your authenticator? Confirm with your password and a backup code (or a current code) to set it up again.',
};

const messageOf = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status > 0 && e.status < 500
    ? e.message
    : e instanceof ApiError && e.status === 0
      ? e.message
      : fallback;

/** /admin/login: credentials, then the code (2fa) or setting two-factor up (setup2fa); Reset 2FA leads back to setup. */
export function AdminLoginPage() {
  const session = useAdminSession();
  // An invitation link (/admin/invite?token=…) starts at its own step.
  const [params] = useSearchParams();
  const token = params.get('token');
  const [step, setStep] = useState<Step>(token ? 'invite' : 'credentials');
  const [notice, setNotice] = useState<string | null>(null);
  const qc = useQueryClient();
  const navigate = useNavigate();

  if (session.isPending) {
    return (
      <Page title="Super Admin Login" narrow className={centredPageClass}>
        <LoadingRegion label="Loading">
          <AuthCard>
            <Skeleton className="h-40 w-full" />
          </AuthCard>
        </LoadingRegion>
      </Page>
    );
  }
  if (session.data) return <Navigate to="/admin/dashboard" replace />;

  const go = (next: Step, message: string | null = null) => {
    setNotice(message);
    setStep(next);
  };
  // The credentials step is over (or was never done in this browser): start again.
  const onExpired = (e: unknown) => {
    if (e instanceof ApiError && e.status === 401 && e.message === m.signInAgain) {
      go('credentials', m.signInAgain);
      return true;
    }
    return false;
  };
  const signedIn = (admin: AdminSession) => {
    qc.setQueryData(adminSessionKey, admin);
    navigate('/admin/dashboard', { replace: true });
  };

  return (
    <Page
      title={step === 'invite' ? 'Join the admin team' : 'Super Admin Login'}
      lead={leads[step]}
      narrow
      className={centredPageClass}
    >
      <AuthCard>
        {notice && (
          <div className="mb-4">
            <Alert tone="error">{notice}</Alert>
          </div>
        )}
        {step === 'credentials' && <CredentialsStep onNext={(next) => go(next)} />}
        {step === 'invite' && token && <InviteStep token={token} onNext={() => go('setup2fa')} />}
        {step === '2fa' && (
          <CodeStep
            onSignedIn={signedIn}
            onExpired={onExpired}
            onBack={() => go('credentials')}
            onReset={() => go('reset')}
          />
        )}
        {step === 'setup2fa' && (
          <SetupStep
            onSignedIn={signedIn}
            onExpired={onExpired}
            onBack={() => go('credentials')}
            onAlreadySetUp={() => go('2fa', m.alreadySetup)}
          />
        )}
        {step === 'reset' && <ResetStep onDone={() => go('setup2fa')} onExpired={onExpired} onBack={() => go('2fa')} />}
      </AuthCard>
    </Page>
  );
}

type LoginValues = z.output<typeof adminLoginSchema>;

function CredentialsStep({ onNext }: { onNext: (next: AdminNextStep['next']) => void }) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AdminLoginInput, unknown, LoginValues>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });
  const onSubmit = async (values: LoginValues) => {
    setError(null);
    try {
      onNext((await api.post<AdminNextStep>('/api/admin/login', values)).next);
    } catch (e) {
      setError(messageOf(e, m.invalidCredentials));
    }
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Admin sign in">
      {error && <Alert tone="error">{error}</Alert>}
      <EmailInput autoComplete="username" error={errors.email?.message} {...register('email')} />
      <PasswordInput
        label="Password"
        required
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <SubmitButton loading={isSubmitting} loadingText="Signing in...">
        Sign In
      </SubmitButton>
    </form>
  );
}

/** A six-digit code field: digits only, and the button under it stays disabled until all six are there. */
function CodeForm({
  label,
  buttonLabel,
  onSubmit,
  footer,
  autoFocus = true,
}: {
  label: string;
  buttonLabel: string;
  onSubmit: (code: string) => Promise<string | null>;
  footer?: ReactNode;
  autoFocus?: boolean;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const complete = isTotpCode(code);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete) {
      setError(m.enterCode);
      return;
    }
    setBusy(true);
    setError(null);
    const problem = await onSubmit(code);
    setBusy(false);
    if (problem) {
      setError(problem);
      setCode('');
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={label}>
      <Input
        label={label}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={`[0-9]{${TOTP_CODE_LENGTH}}`}
        maxLength={TOTP_CODE_LENGTH}
        required
        autoFocus={autoFocus}
        error={error ?? undefined}
        hint={`${TOTP_CODE_LENGTH} digits`}
        className="text-center font-mono text-lg tracking-[0.4em]"
      />
      <Button type="submit" className="w-full" disabled={!complete} loading={busy}>
        {buttonLabel}
      </Button>
      {footer}
    </form>
  );
}

type CodeStepProps = { onSignedIn: (a: AdminSession) => void; onExpired: (e: unknown) => boolean; onBack: () => void };

/** Sends a code to POST /api/admin/2fa/verify (sign-in and setup alike): signed in, or the message for the code form (none once the sign-in has expired). */
const verifyCode =
  (onSignedIn: CodeStepProps['onSignedIn'], onExpired: CodeStepProps['onExpired']) =>
  async (code: string): Promise<string | null> => {
    try {
      onSignedIn(await api.post<AdminSession>('/api/admin/2fa/verify', { code }));
      return null;
    } catch (e) {
      return onExpired(e) ? null : `Failed to verify 2FA code: ${messageOf(e, 'Please try again.')}`;
    }
  };

function CodeStep({ onSignedIn, onExpired, onBack, onReset }: CodeStepProps & { onReset: () => void }) {
  const verify = verifyCode(onSignedIn, onExpired);
  return (
    <div className="space-y-4">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <ShieldCheck className="h-5 w-5 text-violet-700" aria-hidden="true" />
        Two-factor authentication is on for this account.
      </p>
      <CodeForm
        label="Authentication code"
        buttonLabel="Verify"
        onSubmit={verify}
        footer={
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <button type="button" onClick={onBack} className={authLinkClass}>
              Back to sign in
            </button>
            <button type="button" onClick={onReset} className={authLinkClass}>
              Reset 2FA
            </button>
          </div>
        }
      />
    </div>
  );
}

function SetupStep({ onSignedIn, onExpired, onBack, onAlreadySetUp }: CodeStepProps & { onAlreadySetUp: () => void }) {
  const [setup, setSetup] = useState<AdminTwoFactorSetup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setError(null);
    api
      .post<AdminTwoFactorSetup>('/api/admin/2fa/setup')
      .then((s) => live && setSetup(s))
      .catch((e: unknown) => {
        if (!live || onExpired(e)) return;
        if (e instanceof ApiError && e.status === 409) onAlreadySetUp();
        else setError(`Failed to setup 2FA: ${messageOf(e, 'Please try again.')}`);
      });
    return () => {
      live = false;
    };
    // Once per attempt: each call makes a new secret.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const verify = verifyCode(onSignedIn, onExpired);

  const back = (
    <button type="button" onClick={onBack} className={`${authLinkClass} text-sm`}>
      Back to sign in
    </button>
  );
  if (error) {
    return (
      <div className="space-y-4">
        <Alert tone="error">{error}</Alert>
        <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
        <div>{back}</div>
      </div>
    );
  }
  if (!setup) {
    return (
      <LoadingRegion label="Preparing two-factor setup">
        <Skeleton className="mx-auto h-64 w-64" />
      </LoadingRegion>
    );
  }
  return (
    <div className="space-y-5">
      <section aria-labelledby="setup-scan" className="space-y-2">
        <h2 id="setup-scan" className="font-semibold text-slate-900">
          1. Scan this QR code with your authenticator app
        </h2>
        <img
          src={setup.qrCodeDataUrl}
          alt="QR code to add Haat to your authenticator app"
          width={300}
          height={300}
          className="mx-auto h-auto w-full max-w-[300px] rounded border border-slate-200"
        />
        <p className="text-sm text-slate-700">
          Or enter this key by hand:{' '}
          <code
            className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm text-slate-900"
            aria-label="Secret key"
          >
            {setup.secret}
          </code>
        </p>
      </section>
      <section aria-labelledby="setup-backup" className="space-y-2">
        <h2 id="setup-backup" className="flex items-center gap-2 font-semibold text-slate-900">
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          2. Save your backup codes
        </h2>
        <p className="text-sm text-slate-700">
          They are shown only now. Each one works once, to reset two-factor if you lose your authenticator.
        </p>
        <ul
          aria-label="Backup codes"
          className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900 sm:grid-cols-4"
        >
          {setup.backupCodes.map((c) => (
            <li key={c} className="text-center">
              {c}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="setup-verify" className="space-y-2">
        <h2 id="setup-verify" className="font-semibold text-slate-900">
          3. Enter the code your app shows
        </h2>
        <CodeForm
          label="Authentication code"
          buttonLabel="Verify & Finish Setup"
          onSubmit={verify}
          autoFocus={false}
          footer={back}
        />
      </section>
    </div>
  );
}

function ResetStep({
  onDone,
  onExpired,
  onBack,
}: {
  onDone: () => void;
  onExpired: (e: unknown) => boolean;
  onBack: () => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || code.trim().length < 6) {
      setError(m.resetNeedsProof);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.post<AdminNextStep>('/api/admin/2fa/reset', { password, code: code.trim() });
      onDone();
    } catch (err) {
      if (!onExpired(err)) setError(`${m.resetFailed}: ${messageOf(err, 'Please try again.')}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Reset two-factor authentication">
      {error && <Alert tone="error">{error}</Alert>}
      <PasswordInput
        label="Password"
        required
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Input
        label="Backup code or current code"
        value={code}
        onChange={(e) => setCode(e.target.value.slice(0, 12))}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        required
        className="font-mono tracking-widest"
      />
      <Button type="submit" variant="danger" className="w-full" loading={busy}>
        Reset 2FA
      </Button>
      <button type="button" onClick={onBack} className={`${authLinkClass} text-sm`}>
        Back
      </button>
    </form>
  );
}
