import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { erpMessages, type Employee } from '../../../contracts/erp.contract';
import { TOTP_CODE_LENGTH } from '../../../contracts/two-factor.contract';
import { api, ApiError } from '../../api/client';
import { Input } from '../../ui/Field';
import { Page } from '../../ui/Page';
import {
  AuthCard,
  centredPageClass,
  EmailInput,
  FormErrorAlert,
  PasswordInput,
  SubmitButton,
} from '../../ui/AuthFormParts';
import { EMPLOYEE_KEY, useEmployee } from './use-employee';

/** /erp: an approved employee signs in; with two-factor on, a code step follows ('Try different account' goes back). */
export function ErpLoginPage() {
  const me = useEmployee();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (me.data) return <Navigate to="/erp/dashboard" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(erpMessages.invalidLogin);
      return;
    }
    setBusy(true);
    try {
      const employee = await api.post<Employee>('/api/erp/login', {
        email,
        password,
        code: needsCode ? code : undefined,
      });
      qc.setQueryData(EMPLOYEE_KEY, employee);
      navigate('/erp/dashboard');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'TWO_FA_REQUIRED') {
        setNeedsCode(true);
        setError(null);
      } else {
        setError(err instanceof ApiError ? err.message : erpMessages.loginFailed);
      }
    } finally {
      setBusy(false);
    }
  };
  const differentAccount = () => {
    setNeedsCode(false);
    setCode('');
    setPassword('');
    setError(null);
  };

  return (
    <Page
      title="Employee Login"
      lead="Sign in to the Haat ERP: projects, tasks and timesheets."
      narrow
      className={centredPageClass}
    >
      <AuthCard>
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Employee login">
          <FormErrorAlert message={error} />
          {needsCode ? (
            <>
              <p role="status" className="text-sm text-slate-700">
                {erpMessages.enterCode}: open your authenticator app and type the 6-digit code for Haat.
              </p>
              <Input
                label="Authentication code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={TOTP_CODE_LENGTH}
                autoFocus
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH))}
              />
              <SubmitButton loading={busy} loadingText="Verifying...">
                Verify
              </SubmitButton>
              <button
                type="button"
                onClick={differentAccount}
                className="w-full text-center text-sm font-medium text-violet-700 hover:underline"
              >
                Try different account
              </button>
            </>
          ) : (
            <>
              <EmailInput value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="username" />
              <PasswordInput
                label="Password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
              />
              <SubmitButton loading={busy} loadingText="Signing in...">
                Sign In
              </SubmitButton>
            </>
          )}
        </form>
        <p className="mt-6 border-t border-slate-200 pt-5 text-center text-sm text-slate-600">
          New employee?{' '}
          <Link to="/erp-register" className="font-medium text-violet-700 hover:underline">
            Register here
          </Link>
        </p>
      </AuthCard>
    </Page>
  );
}
