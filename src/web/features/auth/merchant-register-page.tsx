import { BadgeCheck, HandCoins, IndianRupee, QrCode, Repeat, type LucideIcon } from 'lucide-react';
import type { z } from 'zod';
import { CASHBACK_DEFAULT, merchantRegisterSchema } from '../../../contracts/auth.contract';
import { CashbackInput, EmailInput, PhoneInput, type AuthLink } from '../../ui/AuthFormParts';
import { BusinessNameInput, UpiIdInput, WebsiteInput, WhatsAppInput } from '../../ui/PersonFields';
import { RegisterFormPage, useRegisterForm } from './register-form';

type MerchantForm = z.input<typeof merchantRegisterSchema>;
type MerchantValues = z.output<typeof merchantRegisterSchema>;

const links: AuthLink[] = [
  { text: 'Already have an account?', to: '/login', label: 'Sign in' },
  { text: 'Selling products online?', to: '/vendor/register', label: 'Register as a vendor' },
];

const benefits: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: IndianRupee,
    title: 'Accept UPI payments',
    text: 'Customers pay you straight to your UPI ID, from any UPI app.',
  },
  {
    icon: Repeat,
    title: 'Cashback that brings customers back',
    text: 'Set your own cashback percentage; customers earn it as Haat points on every payment.',
  },
  {
    icon: QrCode,
    title: 'Your own referral code and QR',
    text: 'Share your link or QR code with other businesses you know.',
  },
  {
    icon: HandCoins,
    title: 'Earn referral points',
    text: 'Receive reward points when merchants you refer qualify by taking payments on Haat.',
  },
  {
    icon: BadgeCheck,
    title: 'Get verified',
    text: 'The Haat team verifies your business, so customers know whom they are paying.',
  },
];

const blank: MerchantForm = {
  role: 'merchant',
  businessName: '',
  email: '',
  mobileNumber: '',
  upiId: '',
  whatsappNumber: '',
  website: '',
  cashbackPercentage: CASHBACK_DEFAULT,
  referralCode: '',
  password: '',
  confirmPassword: '',
};

/** /merchant/register: a merchant account (UPI payments with cashback), optionally referred by `?ref=CODE`. */
export function MerchantRegisterPage() {
  const form = useRegisterForm<MerchantForm, MerchantValues>(
    merchantRegisterSchema,
    blank,
    'Failed to create merchant account',
  );
  const { register, errors } = form;

  return (
    <RegisterFormPage
      form={form}
      title="Register as a Merchant"
      lead="Accept UPI payments and reward your customers with cashback."
      label="Register as a merchant"
      links={links}
      submitText="Create Merchant Account"
      loadingText="Creating merchant account..."
      aside={<MerchantBenefits />}
    >
      <BusinessNameInput error={errors.businessName?.message} {...register('businessName')} />
      <EmailInput error={errors.email?.message} {...register('email')} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <PhoneInput label="Mobile number" required error={errors.mobileNumber?.message} {...register('mobileNumber')} />
        <WhatsAppInput error={errors.whatsappNumber?.message} {...register('whatsappNumber')} />
      </div>
      <UpiIdInput
        placeholder="yourname@okbank"
        hint="Customers pay you at this UPI ID"
        error={errors.upiId?.message}
        {...register('upiId')}
      />
      <WebsiteInput error={errors.website?.message} {...register('website')} />
      <CashbackInput error={errors.cashbackPercentage?.message} {...register('cashbackPercentage')} />
    </RegisterFormPage>
  );
}

function MerchantBenefits() {
  return (
    <aside
      aria-labelledby="merchant-benefits-title"
      className="rounded-lg border border-violet-100 bg-violet-50 p-5 sm:p-6"
    >
      <h2 id="merchant-benefits-title" className="text-lg font-semibold text-slate-900">
        Benefits of being a Haat merchant
      </h2>
      <ul className="mt-4 space-y-4">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex items-start gap-3">
            <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-white text-violet-700 shadow-sm">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <div className="text-sm">
              <h3 className="font-medium text-slate-900">{title}</h3>
              <p className="mt-0.5 text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
