import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { loginSchema, type LoginInput, type Me } from '../../../contracts/auth.contract';
import { api } from '../../api/client';
import { Page } from '../../ui/Page';
import {
  AuthCard,
  AuthFormBody,
  authLinkClass,
  centredPageClass,
  EmailInput,
  fieldNamesOf,
  PasswordInput,
  safeNextPath,
  SubmitButton,
  type AuthLink,
} from '../../ui/AuthFormParts';
import { useServerErrors } from '../../api/field-errors';
import { useMe, useSetMe } from '../../api/session';
import { useCheckedForm } from '../../ui/use-checked-form';

type LoginValues = z.output<typeof loginSchema>;

const defaults: LoginInput = { email: '', password: '' };
const links: AuthLink[] = [
  { text: 'New to Haat?', to: '/register', label: 'Create an account' },
  { text: 'Selling on Haat?', to: '/vendor/register', label: 'Register as a vendor' },
  { text: 'Accept UPI payments?', to: '/merchant/register', label: 'Register as a merchant' },
];

/** /login: email and password sign-in, then back to `?next=` (a path on this site) or home. */
export function LoginPage() {
  const { data: me } = useMe();
  return (
    <Page
      title="Sign In"
      lead="Welcome back to Haat. Sign in to shop, track orders and use your points."
      narrow
      className={centredPageClass}
    >
      <AuthCard>{me ? <SignedInNote name={me.displayName} /> : <LoginForm />}</AuthCard>
    </Page>
  );
}

function SignedInNote({ name }: { name: string }) {
  return (
    <p className="text-center text-slate-700">
      You are already signed in as <span className="font-medium text-slate-900">{name}</span>.{' '}
      <Link to="/" className={authLinkClass}>
        Go to the home page
      </Link>
    </p>
  );
}

function LoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const setMe = useSetMe();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useCheckedForm(loginSchema, defaults);
  const { formError, showError, clearError } = useServerErrors(setError, fieldNamesOf(defaults), 'Failed to sign in');

  const onSubmit = async (values: LoginValues) => {
    clearError();
    try {
      const signedIn = await api.post<Me>('/api/auth/login', values);
      setMe(signedIn);
      toast.success(`Welcome back, ${signedIn.displayName}!`);
      navigate(safeNextPath(searchParams.get('next')), { replace: true });
    } catch (err) {
      showError(err);
    }
  };

  return (
    <AuthFormBody formError={formError} links={links} requiredNote={false}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Sign in">
        <EmailInput error={errors.email?.message} {...register('email')} />
        <PasswordInput
          label="Password"
          required
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className={authLinkClass}>
            Forgot password?
          </Link>
        </p>
        <SubmitButton loading={isSubmitting} loadingText="Signing in...">
          Sign In
        </SubmitButton>
      </form>
    </AuthFormBody>
  );
}
