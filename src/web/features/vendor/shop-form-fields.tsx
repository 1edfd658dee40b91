import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import {
  shopMessages,
  shopTypeLabels,
  shopTypes,
  type ShopFormValues,
  type ShopType,
} from '../../../contracts/shops.contract';
import { INDIA_STATES, INDIA_UNION_TERRITORIES } from '../../../domain/india-states';
import { DELIVERY_TERMS } from '../../../domain/pricing';
import { Input, Select, Textarea } from '../../ui/Field';

type FieldsProps = {
  register: UseFormRegister<ShopFormValues>;
  errors: FieldErrors<ShopFormValues>;
  shopType: ShopType;
  deliveryAvailable: boolean;
};

function Check({
  label,
  hint,
  ...rest
}: { label: string; hint?: string } & ReturnType<UseFormRegister<ShopFormValues>>) {
  return (
    <label className="flex items-start gap-2 text-sm text-slate-800">
      <input type="checkbox" className="mt-0.5 h-4 w-4 rounded accent-violet-700" {...rest} />
      <span>
        {label}
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </span>
    </label>
  );
}

/** The address block: shown, and required, only for physical shops (physical or both). */
function AddressFields({ register, errors }: Pick<FieldsProps, 'register' | 'errors'>) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Shop address</legend>
      <Input
        label="Address"
        required
        autoComplete="street-address"
        placeholder="Shop no., building, street, area"
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Input label="City" required autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
        <Select
          label="State"
          required
          autoComplete="address-level1"
          error={errors.state?.message}
          {...register('state')}
        >
          <option value="">Select state</option>
          <optgroup label="States">
            {INDIA_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </optgroup>
          <optgroup label="Union territories">
            {INDIA_UNION_TERRITORIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </optgroup>
        </Select>
      </div>
      <Input
        label="Postal code"
        required
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={7}
        placeholder="302003"
        error={errors.postalCode?.message}
        {...register('postalCode')}
      />
    </fieldset>
  );
}

/** Every field of the Create/Edit Shop form of SPEC.md; address and delivery blocks appear when they apply. */
export function ShopFormFields({ register, errors, shopType, deliveryAvailable }: FieldsProps) {
  return (
    <>
      <Input
        label="Shop name"
        required
        data-autofocus
        placeholder="e.g. Jaipur Handloom House"
        error={errors.shopName?.message}
        {...register('shopName')}
      />
      <Textarea
        label="Description"
        rows={3}
        placeholder="What do you sell? What makes your shop special?"
        error={errors.shopDescription?.message}
        {...register('shopDescription')}
      />
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700">
          Shop type
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {shopTypes.map((type) => (
            <label
              key={type}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-violet-600 has-[:checked]:bg-violet-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-600"
            >
              <input type="radio" value={type} className="accent-violet-700" {...register('shopType')} />
              {shopTypeLabels[type]}
            </label>
          ))}
        </div>
        {errors.shopType?.message && <p className="mt-1 text-sm text-red-600">{errors.shopType.message}</p>}
      </fieldset>
      {shopType !== 'online' && <AddressFields register={register} errors={errors} />}
      <fieldset className="space-y-3">
        <legend className="mb-1 block text-sm font-semibold text-slate-800">Delivery</legend>
        <Check
          label="We offer delivery"
          hint="Customers can order your products online and get them delivered"
          {...register('deliveryAvailable')}
        />
        <p className="text-sm text-slate-600">
          {deliveryAvailable
            ? `Customers pay the marketplace's delivery charge at checkout: ${DELIVERY_TERMS}.`
            : 'Without delivery, your products are shown in the marketplace but cannot be ordered online.'}
        </p>
        {deliveryAvailable && (
          <Check label="Offer cash on delivery" hint={shopMessages.codHint} {...register('codEnabled')} />
        )}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-1 block text-sm font-semibold text-slate-800">Reviews</legend>
        <Check label="Enable customer reviews" {...register('enableReviews')} />
        <Check label="Show Google reviews" {...register('googleReviewsEnabled')} />
      </fieldset>
    </>
  );
}
