import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { genderLabels, type Me } from '../../../contracts/auth.contract';
import {
  profileMessages,
  profileUpdateSchema,
  type ProfileUpdateData,
  type ProfileUpdateInput,
} from '../../../contracts/profile.contract';
import { api } from '../../api/client';
import { placeFieldErrors } from '../../api/field-errors';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { SaveCancelButtons } from '../../ui/FormButtons';
import { formatDate } from '../../ui/format-date';
import { BirthDateInput, FirstNameInput, GenderSelect, LastNameInput } from '../../ui/PersonFields';
import { notify } from '../../ui/notify';
import { useSetMe } from '../../api/session';
import { useCheckedForm } from '../../ui/use-checked-form';
import { ProfileCard } from './profile-card';

const fieldNames = ['firstName', 'lastName', 'phoneNumber', 'dateOfBirth', 'gender'] as const;

const valuesOf = (me: Me): ProfileUpdateInput => ({
  firstName: me.firstName ?? '',
  lastName: me.lastName ?? '',
  phoneNumber: me.phoneNumber ?? '',
  dateOfBirth: me.dateOfBirth ?? '',
  gender: me.gender ?? '',
});

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{value || <span className="text-slate-500">Not provided</span>}</dd>
    </div>
  );
}

/** The toast when saving fails and no field is to blame; the vendor's profile words it as SPEC.md does for vendors. */
type FailedMessage = (e: unknown) => string;
const customerFailedMessage: FailedMessage = () => profileMessages.updateProfileFailed;

function EditForm({ me, onDone, failedMessage }: { me: Me; onDone: () => void; failedMessage: FailedMessage }) {
  const setMe = useSetMe();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useCheckedForm(profileUpdateSchema, valuesOf(me));

  const save = async (values: ProfileUpdateData) => {
    try {
      setMe(await api.patch<Me>('/api/me/profile', values));
      notify.success(profileMessages.profileUpdated, { action: 'profile-save' });
      onDone();
    } catch (e) {
      if (placeFieldErrors(e, fieldNames, setError) === 0) notify.error(failedMessage(e), { action: 'profile-save' });
    }
  };

  return (
    <form onSubmit={handleSubmit(save)} noValidate className="space-y-4" aria-label="Edit personal information">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FirstNameInput error={errors.firstName?.message} {...register('firstName')} />
        <LastNameInput error={errors.lastName?.message} {...register('lastName')} />
        <Input
          label="Phone number"
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint="10-digit Indian mobile number"
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <Input label="Email" value={me.email} readOnly hint="Your sign-in email cannot be changed here" />
        <BirthDateInput error={errors.dateOfBirth?.message} {...register('dateOfBirth')} />
        <GenderSelect error={errors.gender?.message} {...register('gender')} />
      </div>
      <SaveCancelButtons busy={isSubmitting} saveText="Save" onCancel={onDone} />
    </form>
  );
}

/** Personal Information: the facts, and an Edit toggle that opens the form (Save or Cancel end it). */
export function PersonalInfoSection({
  me,
  failedMessage = customerFailedMessage,
}: {
  me: Me;
  failedMessage?: FailedMessage;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <ProfileCard
      headingId="personal-heading"
      title="Personal Information"
      action={
        !editing && (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Button>
        )
      }
    >
      {editing ? (
        <EditForm me={me} onDone={() => setEditing(false)} failedMessage={failedMessage} />
      ) : (
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Fact label="First name" value={me.firstName} />
          <Fact label="Last name" value={me.lastName} />
          <Fact label="Email" value={me.email} />
          <Fact label="Phone number" value={me.phoneNumber} />
          <Fact label="Date of birth" value={me.dateOfBirth ? formatDate(`${me.dateOfBirth}T12:00:00+05:30`) : null} />
          <Fact label="Gender" value={me.gender ? genderLabels[me.gender] : null} />
        </dl>
      )}
    </ProfileCard>
  );
}
