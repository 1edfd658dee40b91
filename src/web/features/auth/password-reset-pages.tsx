import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  newPasswordSchema,
  passwordResetMessages,
  passwordResetRequestSchema,
  resetTokenSchema,
  type NewPasswordInput,
  type PasswordResetRequestInput,
} from '../../../contracts/auth.contract';
import { api, ApiError } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { notify } from '../../ui/notify';
import { Page } from '../../ui/Page';
import {
  AuthCard,
  AuthFormBody,
  authLinkClass,
  centredPageClass,
  EmailInput,
  NewPasswordFields,
  SubmitButton,
  type AuthLink,
} from '../../ui/AuthFormParts';
import { useServerErrors } from '../../api/field-errors';

const backToLogin: AuthLink[] = [{ text: 'Remembered it?', to: '/login', label: 'Sign in' }];

/** /forgot-password: asks for the email and says the same thing whether or not an account has it. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetRequestInput, unknown, z.output<typeof passwordResetRequestSchema>>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const { formError, showError, clearError } = useServerErrors(
    setError,
    ['email'],
    'Failed to send the reset link. Please try again.',
  );

  const submit = async (values: z.output<typeof passwordResetRequestSchema>) => {
    clearError();
    try {
      setSent((await api.post<{ message: string }>('/api/auth/password-reset', values)).message);
    } catch (err) {
      showError(err);
    }
  };

  return (
    <Page
      title="Forgot your password?"
      lead="Enter the email of your account and we will send you a link to choose a new password."
      narrow
      className={centredPageClass}
    >
      <AuthCard>
        <AuthFormBody formError={formError} links={backToLogin} requiredNote={false}>
          {sent ? (
            <Alert tone="success">{sent}</Alert>
          ) : (
            <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4" aria-label="Send a reset link">
              <EmailInput error={errors.email?.message} {...register('email')} />
              <SubmitButton loading={isSubmitting} loadingText="Sending...">
                Send reset link
              </SubmitButton>
            </form>
          )}
        </AuthFormBody>
      </AuthCard>
    </Page>
  );
}

/** /reset-password?token=: a new password twice; then to /login. A spent or expired link says so and offers a new one. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [linkInvalid, setLinkInvalid] = useState(!resetTokenSchema.safeParse(token).success);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const { formError, showError, clearError } = useServerErrors(
    setError,
    ['password', 'confirmPassword'],
    'Failed to reset the password. Please try again.',
  );

  const submit = async (values: NewPasswordInput) => {
    clearError();
    try {
      const { message } = await api.post<{ message: string }>('/api/auth/password-reset/confirm', { token, ...values });
      notify.success(message, { action: 'password-reset', ms: 6000 });
      navigate('/login', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.fields.token) setLinkInvalid(true);
      else showError(err);
    }
  };

  return (
    <Page title="Choose a new password" narrow className={centredPageClass}>
      <AuthCard>
        {linkInvalid ? (
          <div className="space-y-4 text-center">
            <Alert tone="error">{passwordResetMessages.linkInvalid}</Alert>
            <Link to="/forgot-password" className={authLinkClass}>
              Send me a new link
            </Link>
          </div>
        ) : (
          <AuthFormBody formError={formError} links={backToLogin}>
            <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4" aria-label="Choose a new password">
              <NewPasswordFields
                password={register('password')}
                confirm={register('confirmPassword')}
                passwordError={errors.password?.message}
                confirmError={errors.confirmPassword?.message}
              />
              <p className="text-sm text-slate-600">Setting a new password signs you out on every device.</p>
              <SubmitButton loading={isSubmitting} loadingText="Saving...">
                Set new password
              </SubmitButton>
            </form>
          </AuthFormBody>
        )}
      </AuthCard>
    </Page>
  );
}
