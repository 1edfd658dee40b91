import type { z } from 'zod';
import { vendorRegisterSchema } from '../../../contracts/auth.contract';
import { Textarea } from '../../ui/Field';
import { EmailInput, PhoneInput, type AuthLink } from '../../ui/AuthFormParts';
import { BusinessNameInput, FirstNameInput, LastNameInput } from '../../ui/PersonFields';
import { RegisterFormPage, useRegisterForm } from './register-form';

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
  const form = useRegisterForm<VendorForm, VendorValues>(
    vendorRegisterSchema,
    blank,
    'Failed to create vendor account',
  );
  const { register, errors } = form;

  return (
    <RegisterFormPage
      form={form}
      title="Register as a Vendor"
      lead="Open your shop on Haat and reach customers across India."
      label="Register as a vendor"
      links={links}
      submitText="Create Vendor Account"
      loadingText="Creating vendor account..."
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FirstNameInput required={false} error={errors.firstName?.message} {...register('firstName')} />
        <LastNameInput required={false} error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <BusinessNameInput error={errors.businessName?.message} {...register('businessName')} />
      <EmailInput error={errors.email?.message} {...register('email')} />
      <PhoneInput
        label="Phone"
        required
        hint="10-digit Indian mobile number"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <Textarea
        label="Business address"
        required
        rows={3}
        autoComplete="street-address"
        error={errors.businessAddress?.message}
        {...register('businessAddress')}
      />
    </RegisterFormPage>
  );
}
