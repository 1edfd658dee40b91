import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  merchantMessages,
  merchantProfileUpdateSchema,
  type MerchantProfile,
} from '../../../contracts/merchant.contract';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { notify } from '../../ui/notify';
import { useServerErrors } from '../../api/field-errors';
import { CashbackInput, PhoneInput } from '../../ui/AuthFormParts';
import { BusinessNameInput, UpiIdInput, WebsiteInput, WhatsAppInput } from '../../ui/PersonFields';
import { useUpdateMerchantProfile } from './use-merchant';

type ProfileForm = z.input<typeof merchantProfileUpdateSchema>;
type ProfileValues = z.output<typeof merchantProfileUpdateSchema>;
const fields = ['businessName', 'mobileNumber', 'whatsappNumber', 'website', 'upiId', 'cashbackPercentage'] as const;

/** The merchant's business details; a new cashback percentage counts for payments recorded from now on. */
export function MerchantProfileForm({ profile }: { profile: MerchantProfile }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileForm, unknown, ProfileValues>({
    resolver: zodResolver(merchantProfileUpdateSchema),
    defaultValues: {
      businessName: profile.businessName,
      mobileNumber: profile.mobileNumber,
      whatsappNumber: profile.whatsappNumber ?? '',
      website: profile.website ?? '',
      upiId: profile.upiId,
      cashbackPercentage: profile.cashbackPercentage,
    },
    mode: 'onTouched',
  });
  const { formError, showError, clearError } = useServerErrors(setError, [...fields], 'Failed to update profile');
  const save = useUpdateMerchantProfile();

  const submit = async (values: ProfileValues) => {
    clearError();
    try {
      const saved = await save.mutateAsync(values);
      notify.success(merchantMessages.profileUpdated, { action: 'merchant-profile' });
      reset({ ...saved, whatsappNumber: saved.whatsappNumber ?? '', website: saved.website ?? '' });
    } catch (err) {
      showError(err);
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Business profile" className="max-w-2xl space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <BusinessNameInput error={errors.businessName?.message} {...register('businessName')} />
      <p className="text-sm text-slate-600">
        Sign-in email: <span className="font-medium text-slate-900">{profile.email}</span> (change it under Profile,
        Settings)
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <PhoneInput label="Mobile number" required error={errors.mobileNumber?.message} {...register('mobileNumber')} />
        <WhatsAppInput error={errors.whatsappNumber?.message} {...register('whatsappNumber')} />
      </div>
      <UpiIdInput hint="Your payment QR code pays this UPI ID" error={errors.upiId?.message} {...register('upiId')} />
      <WebsiteInput error={errors.website?.message} {...register('website')} />
      <CashbackInput
        hint="Recommended 1-5%. A new percentage applies to payments you record from now on."
        error={errors.cashbackPercentage?.message}
        {...register('cashbackPercentage')}
      />
      <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
        {isSubmitting ? 'Saving...' : 'Save changes'}
      </Button>
    </form>
  );
}
