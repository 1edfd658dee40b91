import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import type { RegisterData } from '../../../contracts/auth.contract';
import { Page } from '../../ui/Page';
import {
  AuthCard,
  AuthFormBody,
  centredPageClass,
  fieldNamesOf,
  NewPasswordFields,
  ReferralCodeField,
  SubmitButton,
  useReferralFromLink,
  type AuthLink,
} from '../../ui/AuthFormParts';
import { useRegisterSubmit } from './register-submit';

/** The fields every sign-up form has besides its own: the link's referral code and the new password twice. */
type NewAccountFields = { referralCode?: string; password: string; confirmPassword: string };

/**
 * A sign-up form (customer, vendor or merchant): react-hook-form with the contract's schema, the
 * `?ref=` code filled in, and the submit to POST /api/auth/register with its errors placed.
 * `blank` lists the fields in the order their server errors are focused.
 */
export function useRegisterForm<F extends FieldValues & NewAccountFields, V extends RegisterData>(
  schema: z.ZodType<V, F>,
  blank: F,
  fallback: string,
) {
  const fromLink = useReferralFromLink();
  // A mistyped code in a link must not block sign-up: the person can remove it and register without one.
  const [referralCode, setReferralCode] = useState(fromLink);
  const defaults: F = { ...blank, referralCode: fromLink };
  const form = useForm<F, unknown, V>({
    resolver: zodResolver(schema),
    defaultValues: defaults as DefaultValues<F>,
    mode: 'onTouched',
  });
  const { formError, submit } = useRegisterSubmit(form.setError, fieldNamesOf(defaults), fallback);
  const errors = form.formState.errors as FieldErrors<NewAccountFields>;
  return {
    register: form.register,
    errors: form.formState.errors,
    referralCode,
    removeReferralCode: () => {
      setReferralCode('');
      form.setValue('referralCode' as Path<F>, '' as F[Path<F>]);
      form.clearErrors('referralCode' as Path<F>);
    },
    formError,
    isSubmitting: form.formState.isSubmitting,
    onSubmit: form.handleSubmit(submit),
    /** The shared fields' inputs and messages, for RegisterFormPage. */
    common: {
      referralCode: { ...form.register('referralCode' as Path<F>), error: errors.referralCode?.message },
      password: form.register('password' as Path<F>),
      confirm: form.register('confirmPassword' as Path<F>),
      passwordError: errors.password?.message,
      confirmError: errors.confirmPassword?.message,
    },
  };
}

/** What the page takes from useRegisterForm. */
type RegisterFormParts = {
  referralCode: string;
  removeReferralCode: () => void;
  formError: string | null;
  isSubmitting: boolean;
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  common: {
    referralCode: UseFormRegisterReturn & { error?: string };
    password: UseFormRegisterReturn;
    confirm: UseFormRegisterReturn;
    passwordError?: string;
    confirmError?: string;
  };
};

type RegisterFormPageProps = {
  form: RegisterFormParts;
  title: string;
  lead: string;
  /** The form's accessible name. */
  label: string;
  links: readonly AuthLink[];
  submitText: string;
  loadingText: string;
  /** What stands beside the card from md: (the card then fills its column). */
  aside?: ReactNode;
  /** The form's own fields, between the referral code and the passwords. */
  children: ReactNode;
};

/** A sign-up page: its card with the form (referral code, the form's fields, the passwords, the submit button) and the links under it. */
export function RegisterFormPage({
  form,
  title,
  lead,
  label,
  links,
  submitText,
  loadingText,
  aside,
  children,
}: RegisterFormPageProps) {
  const { referralCode, ...passwords } = form.common;
  const card = (
    <AuthCard className={aside ? 'max-w-none' : undefined}>
      <AuthFormBody formError={form.formError} links={links}>
        <form onSubmit={form.onSubmit} noValidate className="space-y-4" aria-label={label}>
          <ReferralCodeField code={form.referralCode} onRemove={form.removeReferralCode} {...referralCode} />
          {children}
          <NewPasswordFields {...passwords} />
          <SubmitButton loading={form.isSubmitting} loadingText={loadingText}>
            {submitText}
          </SubmitButton>
        </form>
      </AuthFormBody>
    </AuthCard>
  );
  return (
    <Page title={title} lead={lead} narrow className={centredPageClass}>
      {aside ? (
        <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          {card}
          {aside}
        </div>
      ) : (
        card
      )}
    </Page>
  );
}
