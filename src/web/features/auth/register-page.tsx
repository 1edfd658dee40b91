import type { z } from 'zod';
import { customerRegisterSchema } from '../../../contracts/auth.contract';
import { Textarea } from '../../ui/Field';
import { BirthDateInput, FirstNameInput, GenderSelect, LastNameInput } from '../../ui/PersonFields';
import { CityInput, PinCodeInput, StateSelect } from '../../ui/AddressInputs';
import { EmailInput, PhoneInput, type AuthLink } from '../../ui/AuthFormParts';
import { RegisterFormPage, useRegisterForm } from './register-form';

type CustomerForm = z.input<typeof customerRegisterSchema>;
type CustomerValues = z.output<typeof customerRegisterSchema>;

const blank: CustomerForm = {
  role: 'customer',
  firstName: '',
  lastName: '',
  phoneNumber: '',
  dateOfBirth: '',
  gender: '',
  email: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  password: '',
  confirmPassword: '',
};
const links: AuthLink[] = [
  { text: 'Already have an account?', to: '/login', label: 'Sign in' },
  { text: 'Want to sell on Haat?', to: '/vendor/register', label: 'Register as a vendor' },
  { text: 'Accept UPI payments?', to: '/merchant/register', label: 'Register as a merchant' },
];

/** /register: a customer account (shop, earn points, withdraw them via UPI). */
export function RegisterPage() {
  const form = useRegisterForm<CustomerForm, CustomerValues>(customerRegisterSchema, blank, 'Failed to create account');
  const { register, errors } = form;

  return (
    <RegisterFormPage
      form={form}
      title="Create Your Account"
      lead="Join Haat to shop from local sellers and earn reward points on every order."
      label="Create your account"
      links={links}
      submitText="Create Account"
      loadingText="Creating account..."
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FirstNameInput error={errors.firstName?.message} {...register('firstName')} />
        <LastNameInput error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <PhoneInput
        label="Phone number"
        required
        hint="10-digit Indian mobile number"
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <BirthDateInput error={errors.dateOfBirth?.message} {...register('dateOfBirth')} />
        <GenderSelect error={errors.gender?.message} {...register('gender')} />
      </div>
      <EmailInput error={errors.email?.message} {...register('email')} />
      <fieldset className="space-y-4">
        <legend className="text-sm font-medium text-slate-700">
          Delivery address (optional: it becomes your first saved address)
        </legend>
        <Textarea
          label="Address"
          rows={2}
          autoComplete="street-address"
          placeholder="House no., building, street, area"
          error={errors.address?.message}
          {...register('address')}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <CityInput error={errors.city?.message} {...register('city')} />
          <StateSelect error={errors.state?.message} {...register('state')} />
          <PinCodeInput error={errors.postalCode?.message} {...register('postalCode')} />
        </div>
      </fieldset>
    </RegisterFormPage>
  );
}
