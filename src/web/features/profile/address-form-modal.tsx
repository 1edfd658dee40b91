import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  addressInputSchema,
  addressTypeLabels,
  addressTypes,
  DEFAULT_COUNTRY,
  profileMessages,
  type Address,
  type AddressData,
  type AddressInput,
} from '../../../contracts/profile.contract';
import { api } from '../../api/client';
import { placeFieldErrors } from '../../api/field-errors';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { CityInput, PinCodeInput, StateSelect } from '../../ui/AddressInputs';
import { Modal } from '../../ui/Modal';
import { notify } from '../../ui/notify';
import { addressesQueryKey } from '../../api/addresses';

// The state select starts on its 'Select state' placeholder, which the schema refuses until a state is chosen.
const empty: AddressInput = {
  type: 'home',
  streetAddress: '',
  city: '',
  state: '' as AddressInput['state'],
  postalCode: '',
  country: DEFAULT_COUNTRY,
  landmark: '',
  isDefault: false,
};
const fieldNames = [
  'type',
  'streetAddress',
  'city',
  'state',
  'postalCode',
  'country',
  'landmark',
  'isDefault',
] as const;

type AddressFormModalProps = { open: boolean; onClose: () => void; onSaved: (address: Address) => void };

/**
 * The Add Address dialog (profile and checkout): type, street, city, state or union territory,
 * PIN code, country India, optional landmark and default. Saves through POST /api/addresses.
 */
export function AddressFormModal({ open, onClose, onSaved }: AddressFormModalProps) {
  const formId = useId();
  const qc = useQueryClient();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<AddressInput, unknown, AddressData>({
    resolver: zodResolver(addressInputSchema),
    defaultValues: empty,
    mode: 'onTouched',
  });

  useEffect(() => {
    if (open) reset(empty);
  }, [open, reset]);

  const [street, city, state, pin] = watch(['streetAddress', 'city', 'state', 'postalCode']);
  const filled = [street, city, state, pin].every((v) => typeof v === 'string' && v.trim() !== '');

  const save = async (values: AddressData) => {
    clearErrors('root');
    try {
      const address = await api.post<Address>('/api/addresses', values);
      notify.success(profileMessages.addressAdded, { action: 'address-add' });
      await qc.invalidateQueries({ queryKey: addressesQueryKey });
      onSaved(address);
      onClose();
    } catch (e) {
      if (placeFieldErrors(e, fieldNames, setError) === 0) {
        setError('root', { type: 'server', message: profileMessages.addAddressFailed });
        notify.error(profileMessages.addAddressFailed, { action: 'address-add' });
      }
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Add Address"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!filled} loading={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Address'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit(save)} noValidate className="space-y-4" aria-label="Add address">
        {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-700">Address type</legend>
          <div className="flex flex-wrap gap-2">
            {addressTypes.map((type) => (
              <label
                key={type}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-violet-600 has-[:checked]:bg-violet-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-600"
              >
                <input type="radio" value={type} className="accent-violet-700" {...register('type')} />
                {addressTypeLabels[type]}
              </label>
            ))}
          </div>
          {errors.type?.message && <p className="mt-1 text-sm text-red-600">{errors.type.message}</p>}
        </fieldset>
        <Input
          label="Street address"
          required
          autoComplete="street-address"
          placeholder="House no., building, street, area"
          error={errors.streetAddress?.message}
          {...register('streetAddress')}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <CityInput required error={errors.city?.message} {...register('city')} />
          <StateSelect required error={errors.state?.message} {...register('state')} />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <PinCodeInput required error={errors.postalCode?.message} {...register('postalCode')} />
          <Input label="Country" required readOnly hint="We deliver within India" {...register('country')} />
        </div>
        <Input
          label="Landmark"
          hint="Optional, helps the delivery partner find you"
          error={errors.landmark?.message}
          {...register('landmark')}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-4 w-4 rounded accent-violet-700" {...register('isDefault')} />
          Make this my default address
        </label>
      </form>
    </Modal>
  );
}
