import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { vendorRegisterSchema } from '../../../contracts/auth.contract';
import { Input, Textarea } from '../../ui/Field';
import { Page } from '../../ui/Page';
import {
  AuthCard,
  AuthFormBody,
  centredPageClass,
  EmailInput,
  fieldNamesOf,
  NewPasswordFields,
  PhoneInput,
  ReferralCodeField,
  SubmitButton,
  useReferralFromLink,
  useRegisterSubmit,
  type AuthLink,
} from './auth-form-parts';

type VendorForm = z.input<typeof vendorRegisterSchema>;
type VendorValues = z.output<typeof vendorRegisterSchema>;

const blank: VendorForm = {
  role: 'vendor',
  firstName: '',
  lastName: '',
  businessName: '',
  email: '',
  phone: '',
  businessAddress: '',
  password: '',
  confirmPassword: '',
};
const links: AuthLink[] = [
  { text: 'Already have an account?', to: '/login', label: 'Sign in' },
  { text: 'Want to know more first?', to: '/become-vendor', label: 'How selling on Haat works' },
];

/** /vendor/register: a vendor account, approved at once, that can then open shops and list products. */
export function VendorRegisterPage() {
  const referralCode = useReferralFromLink();
  const defaults = { ...blank, referralCode };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VendorForm, unknown, VendorValues>({ resolver: zodResolver(vendorRegisterSchema), defaultValues: defaults, mode: 'onTouched' });
  const { formError, submit } = useRegisterSubmit(setError, fieldNamesOf(defaults), 'Failed to create vendor account');

  return (
    <Page title="Register as a Vendor" lead="Open your shop on Haat and reach customers across India." narrow className={centredPageClass}>
      <AuthCard>
        <AuthFormBody formError={formError} links={links}>
          <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4" aria-label="Register as a vendor">
            <ReferralCodeField code={referralCode} error={errors.referralCode?.message} {...register('referralCode')} />
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Input label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
              <Input label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
            </div>
            <Input label="Business name" required autoComplete="organization" error={errors.businessName?.message} {...register('businessName')} />
            <EmailInput error={errors.email?.message} {...register('email')} />
            <PhoneInput label="Phone" required hint="10-digit Indian mobile number" error={errors.phone?.message} {...register('phone')} />
            <Textarea
              label="Business address"
              required
              rows={3}
              autoComplete="street-address"
              error={errors.businessAddress?.message}
              {...register('businessAddress')}
            />
            <NewPasswordFields
              password={register('password')}
              confirm={register('confirmPassword')}
              passwordError={errors.password?.message}
              confirmError={errors.confirmPassword?.message}
            />
            <SubmitButton loading={isSubmitting} loadingText="Creating vendor account...">
              Create Vendor Account
            </SubmitButton>
          </form>
        </AuthFormBody>
      </AuthCard>
    </Page>
  );
}
