import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  PAYOUT_FIELD_MAX as MAX,
  payoutDetailsInputSchema,
  payoutMessages as m,
  payoutMethodLabels,
  payoutMethods,
  tdsExemptionLabels,
  tdsExemptions,
  type PayoutDetails,
  type PayoutDetailsData,
  type PayoutDetailsInput,
  type PayoutTaxRates,
  type SavedPayoutDetails,
} from '../../../contracts/payout-details.contract';
import { api, ApiError } from '../../api/client';
import { placeFieldErrors } from '../../api/field-errors';
import { BASIS_POINTS } from '../../../domain/money';
import { Button } from '../../ui/Button';
import { Input, Select } from '../../ui/Field';
import { SaveCancelButtons } from '../../ui/FormButtons';
import { notify } from '../../ui/notify';

const fieldNames = [
  'method',
  'accountHolderName',
  'bankAccountNumber',
  'ifsc',
  'upiId',
  'pan',
  'gstin',
  'enrolmentNumber',
  'tdsExemption',
  'aadhaar',
  'currentPassword',
] as const;

/** What the ₹5 lakh exemption of section 194-O(2) is, for the declaration's hint. */
export const EXEMPTION_HINT =
  "Section 194-O(2) of the Income-tax Act: an individual or HUF whose sales through Haat this financial year (April to March) stay within ₹5,00,000 pays no TDS on them. Once they pass ₹5,00,000, the sale that passes it also carries the TDS of the year's earlier sales.";

/** A rate in basis points as a percentage: 10 → "0.1%", 500 → "5%". */
const percent = (bp: number) =>
  (bp / BASIS_POINTS).toLocaleString('en-IN', { style: 'percent', maximumFractionDigits: 2 });

/** Why Haat asks for a PAN: TDS under section 194-O, at the rates in force. */
export function panReason(rates: PayoutTaxRates): string {
  const { tdsWithPanBp: withPan, tdsWithoutPanBp: withoutPan } = rates;
  const rate = withPan === null ? 'TDS' : `TDS of ${percent(withPan)}`;
  const without = withoutPan === null ? 'a higher rate without one' : `${percent(withoutPan)} without a PAN`;
  return `Haat deducts ${rate} of each sale under section 194-O of the Income-tax Act, ${without}.`;
}

/** Why a seller without a GSTIN gives its enrolment number (Notification 34/2023-Central Tax). */
export const ENROLMENT_HINT =
  "Without a GSTIN: the enrolment number the GST portal gave you for selling through an online marketplace. Your bills of supply show it; you may deliver only within your shop's state, and no GST is charged.";

/** Why Haat asks for a GSTIN: TCS under GST section 52, collected only from registered vendors. */
export function gstinReason(rates: PayoutTaxRates): string {
  const rate = rates.tcsBp === null ? 'TCS' : `TCS of ${percent(rates.tcsBp)}`;
  return `Haat collects ${rate} of each sale's taxable value under section 52 of the CGST Act only from vendors registered under GST; you claim it back in your GST returns. It must be of your shops' state.`;
}

/** The form starts from what is saved; the account number and password are always typed again (they are never sent back). */
const valuesOf = (saved: PayoutDetails | null): PayoutDetailsInput => ({
  method: saved?.method ?? 'bank',
  accountHolderName: saved?.accountHolderName ?? '',
  bankAccountNumber: '',
  ifsc: saved?.ifsc ?? '',
  upiId: saved?.upiId ?? '',
  pan: saved?.pan ?? '',
  gstin: saved?.gstin ?? '',
  tdsExemption: saved?.tdsExemption ?? 'none',
  // Like the account number, a saved Aadhaar number is never sent back: typed again to keep it.
  aadhaar: '',
  enrolmentNumber: saved?.enrolmentNumber ?? '',
  currentPassword: '',
});

type Props = {
  saved: PayoutDetails | null;
  rates: PayoutTaxRates;
  onSaved: (result: SavedPayoutDetails) => void;
  onCancel?: () => void;
};

/** The payout details form: how Haat pays (bank account or UPI), the chosen method's fields, PAN, GSTIN and the current password. */
export function PayoutDetailsForm({ saved, rates, onSaved, onCancel }: Props) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PayoutDetailsInput, unknown, PayoutDetailsData>({
    resolver: zodResolver(payoutDetailsInputSchema),
    defaultValues: valuesOf(saved),
    mode: 'onTouched',
  });
  const method = watch('method');

  const save = async (values: PayoutDetailsData) => {
    try {
      const result = await api.put<SavedPayoutDetails>('/api/vendor/payout-details', values);
      notify.success(result.message, { action: 'payout-details' });
      onSaved(result);
    } catch (e) {
      if (placeFieldErrors(e, fieldNames, setError) > 0) return;
      notify.error(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : m.saveFailed, {
        action: 'payout-details',
      });
    }
  };

  return (
    <form onSubmit={handleSubmit(save)} noValidate className="space-y-5" aria-label="Payout and tax details">
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700">
          How Haat pays you
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {payoutMethods.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-violet-600 has-[:checked]:bg-violet-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-600"
            >
              <input type="radio" value={value} className="accent-violet-700" {...register('method')} />
              {payoutMethodLabels[value]}
            </label>
          ))}
        </div>
        {errors.method?.message && (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {errors.method.message}
          </p>
        )}
      </fieldset>

      {method === 'bank' ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Input
            label="Account holder's name"
            required
            autoComplete="name"
            maxLength={MAX.accountHolderName}
            hint="As your bank has it"
            error={errors.accountHolderName?.message}
            {...register('accountHolderName')}
          />
          <Input
            label="Bank account number"
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={MAX.bankAccountNumber}
            hint={
              saved?.bankAccountMasked
                ? `Type the full number again (saved: ${saved.bankAccountMasked}); it is never shown in full.`
                : '9 to 18 digits'
            }
            error={errors.bankAccountNumber?.message}
            {...register('bankAccountNumber')}
          />
          <Input
            label="IFSC"
            required
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={MAX.ifsc}
            hint="11 characters, on your cheque book or passbook, e.g. HDFC0001234"
            error={errors.ifsc?.message}
            {...register('ifsc')}
          />
        </div>
      ) : (
        <Input
          label="UPI ID"
          required
          autoComplete="off"
          autoCapitalize="none"
          maxLength={MAX.upiId}
          hint="For example ravi@okhdfcbank"
          error={errors.upiId?.message}
          {...register('upiId')}
        />
      )}

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Input
          label="PAN"
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={MAX.pan}
          hint={panReason(rates)}
          error={errors.pan?.message}
          {...register('pan')}
        />
        <Input
          label="GSTIN"
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={MAX.gstin}
          hint={gstinReason(rates)}
          error={errors.gstin?.message}
          {...register('gstin')}
        />
        <Input
          label="GST enrolment number"
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={MAX.enrolmentNumber}
          hint={ENROLMENT_HINT}
          error={errors.enrolmentNumber?.message}
          {...register('enrolmentNumber')}
        />
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Select
          label="₹5 lakh TDS exemption"
          hint={EXEMPTION_HINT}
          error={errors.tdsExemption?.message}
          {...register('tdsExemption')}
        >
          {tdsExemptions.map((value) => (
            <option key={value} value={value}>
              {tdsExemptionLabels[value]}
            </option>
          ))}
        </Select>
        <Input
          label="Aadhaar number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          hint={
            saved?.aadhaarMasked
              ? `Saved: ${saved.aadhaarMasked}. Type it again to keep it, or give your PAN.`
              : 'For an individual declaring the exemption without a PAN: 12 digits'
          }
          error={errors.aadhaar?.message}
          {...register('aadhaar')}
        />
      </div>

      <Input
        label="Current password"
        required
        type="password"
        autoComplete="current-password"
        maxLength={128}
        hint="To confirm it is you: payout details decide where your money goes"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />

      {onCancel ? (
        <SaveCancelButtons busy={isSubmitting} saveText="Save payout details" onCancel={onCancel} />
      ) : (
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save payout details'}
        </Button>
      )}
    </form>
  );
}
