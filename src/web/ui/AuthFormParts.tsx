import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { CASHBACK_DECIMALS, merchantBusinessFields, PASSWORD_MIN } from '../../contracts/auth.contract';
import { numberRangeOf } from '../../contracts/common.contract';
import { Alert } from './Alert';
import { Button } from './Button';
import { cn } from './cn';
import { Input } from './Field';

/** Class of the text links under and beside the auth forms. */
export const authLinkClass =
  'rounded-sm font-medium text-violet-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600';

/** Page classes that centre the h1 and lead above a centred auth card. */
export const centredPageClass = '[&>h1]:text-center [&>p]:text-center';

/** Where to go after sign-in: `next` when it is a path on this site, else home (no open redirect). */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

/** The white card that holds an auth form, centred; `className` replaces its default width max-w-lg. */
export function AuthCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'mx-auto w-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8',
        className ?? 'max-w-lg',
      )}
    >
      {children}
    </div>
  );
}

/** The sentence that explains the red asterisk. */
function RequiredNote() {
  return (
    <p className="text-sm text-slate-600">
      Fields marked{' '}
      <span className="text-red-600" aria-hidden="true">
        *
      </span>
      <span className="sr-only">with an asterisk</span> are required.
    </p>
  );
}

/** The red banner above a form with the server's message, when there is one. */
export function FormErrorAlert({ message }: { message: string | null }) {
  return message ? <Alert tone="error">{message}</Alert> : null;
}

/** The full-width submit button of an auth form, disabled and spinning while the request runs. */
export function SubmitButton({
  loading,
  children,
  loadingText,
}: {
  loading: boolean;
  children: ReactNode;
  loadingText: string;
}) {
  return (
    <Button type="submit" size="lg" loading={loading} className="w-full">
      {loading ? loadingText : children}
    </Button>
  );
}

/** A line of the links under a form: 'Already have an account? Sign in'. */
export type AuthLink = { text: string; to: string; label: string };

type AuthFormBodyProps = {
  formError: string | null;
  links: readonly AuthLink[];
  requiredNote?: boolean;
  children: ReactNode;
};

/** The inside of an auth card: the required-field note, the error banner, the form, then the links. */
export function AuthFormBody({ formError, links, requiredNote = true, children }: AuthFormBodyProps) {
  // A referral link's code follows to the other sign-up pages: whoever was invited may open any kind of account.
  const ref = useReferralFromLink();
  const withRef = (to: string) => (ref && to.endsWith('/register') ? `${to}?ref=${encodeURIComponent(ref)}` : to);
  return (
    <div className="space-y-5">
      {requiredNote && <RequiredNote />}
      <FormErrorAlert message={formError} />
      {children}
      <div className="space-y-2 border-t border-slate-200 pt-5">
        {links.map(({ text, to, label }) => (
          <p key={to} className="text-center text-sm text-slate-600">
            {text}{' '}
            <Link to={withRef(to)} className={authLinkClass}>
              {label}
            </Link>
          </p>
        ))}
      </div>
    </div>
  );
}

type InputProps = ComponentProps<typeof Input>;

/** An email input: email keyboard, browser autofill, no auto-capitalisation; required unless told. */
export function EmailInput({
  label = 'Email',
  required = true,
  ...rest
}: Omit<InputProps, 'label' | 'type'> & { label?: string }) {
  return (
    <Input
      label={label}
      type="email"
      required={required}
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...rest}
    />
  );
}

/** An Indian mobile number input: phone keypad and an example number; pass `autoComplete="off"` for a second number. */
const cashbackRange = numberRangeOf(merchantBusinessFields.cashbackPercentage);

/** A merchant's cashback percentage: 0 to 100 in steps of 0.1, with its % sign (sign-up and the dashboard's profile). */
export function CashbackInput({ hint = 'Recommended 1-5%', ...rest }: Omit<InputProps, 'label' | 'type' | 'suffix'>) {
  return (
    <Input
      label="Cashback percentage"
      type="number"
      inputMode="decimal"
      min={cashbackRange.min}
      max={cashbackRange.max}
      step={10 ** -CASHBACK_DECIMALS}
      hint={hint}
      suffix={
        <span className="pr-1 text-sm text-slate-500" aria-hidden="true">
          %
        </span>
      }
      {...rest}
    />
  );
}

/** The referral code a `?ref=` link carried, trimmed and uppercase; '' without one. */
export function useReferralFromLink(): string {
  const [params] = useSearchParams();
  return params.get('ref')?.trim().toUpperCase() ?? '';
}

/**
 * The referral code of the link, read-only (nothing without one): it is recorded with the new
 * account. "Remove code" takes it off (a mistyped link), and the account is created without one.
 */
export function ReferralCodeField({
  code,
  onRemove,
  ...rest
}: Omit<InputProps, 'label' | 'readOnly' | 'hint'> & { code: string; onRemove: () => void }) {
  if (!code) return null;
  return (
    <div>
      <Input
        label="Referral code"
        readOnly
        hint="You were referred by this code. Not right? Remove it to register without one."
        {...rest}
      />
      <button
        type="button"
        onClick={onRemove}
        className="mt-1 rounded-md px-1 py-1 text-sm font-medium text-violet-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
      >
        Remove referral code
      </button>
    </div>
  );
}

export function PhoneInput({ autoComplete = 'tel', ...rest }: Omit<InputProps, 'type'>) {
  return <Input type="tel" inputMode="tel" autoComplete={autoComplete} placeholder="98765 43210" {...rest} />;
}

type PasswordInputProps = Omit<InputProps, 'type' | 'suffix'>;

/** A password input with a show/hide toggle button (aria-pressed, 'Show password' / 'Hide password'). */
export function PasswordInput(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      suffix={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
        >
          <Icon className="h-4 w-4" aria-hidden="true" />
        </button>
      }
    />
  );
}

/** What a new password must be, under its field (the contracts' rule: at least PASSWORD_MIN characters). */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters`;

type NewPasswordFieldsProps = {
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  passwordError?: string;
  confirmError?: string;
  /** The two labels: 'Password' and 'Confirm password' unless given (a change says 'New password'). */
  labels?: { password: string; confirm: string };
};

/** The password and confirmation pair of a registration or a change of password, side by side from sm:. */
export function NewPasswordFields({
  password,
  confirm,
  passwordError,
  confirmError,
  labels = { password: 'Password', confirm: 'Confirm password' },
}: NewPasswordFieldsProps) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <PasswordInput
        label={labels.password}
        required
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={passwordError}
        {...password}
      />
      <PasswordInput label={labels.confirm} required autoComplete="new-password" error={confirmError} {...confirm} />
    </div>
  );
}

/** The names of a form's visible fields, from its default values (for `useServerErrors`); `role` is fixed, not shown. */
export function fieldNamesOf<T extends FieldValues>(defaults: T): Path<T>[] {
  return Object.keys(defaults).filter((key) => key !== 'role') as Path<T>[];
}
