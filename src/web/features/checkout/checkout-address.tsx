import { MapPin, Plus } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { addressTypeLabels, type Address } from '../../../contracts/profile.contract';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Field';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { useAddresses } from '../../api/addresses';

const describe = (a: Address) =>
  `${addressTypeLabels[a.type]}: ${a.streetAddress}, ${a.city}, ${a.state} - ${a.postalCode}${a.isDefault ? ' (default)' : ''}`;

/** The address the order goes to: the customer's addresses (the default preselected) and 'Add new address'. */
export function useChosenAddress() {
  const addresses = useAddresses();
  const [picked, setPicked] = useState<string | null>(null);
  const list = addresses.data ?? [];
  const fallback = (list.find((a) => a.isDefault) ?? list[0])?.id ?? '';
  const addressId = picked ?? fallback;
  return { addresses, addressId, setAddressId: setPicked };
}

/** The profile's Add Address dialog, handed in by the router (a feature imports no other feature). */
export type AddressFormModalType = ComponentType<{
  open: boolean;
  onClose: () => void;
  onSaved: (address: Address) => void;
}>;

type Props = {
  chosen: ReturnType<typeof useChosenAddress>;
  error?: string;
  onChange: () => void;
  disabled?: boolean;
  addressFormModal: AddressFormModalType;
};

/** The 'Delivery address' section of checkout. */
export function CheckoutAddress({ chosen, error, onChange, disabled, addressFormModal: AddressFormModal }: Props) {
  const [adding, setAdding] = useState(false);
  const { addresses, addressId, setAddressId } = chosen;

  let body;
  if (addresses.isPending) {
    body = (
      <LoadingRegion label="Loading your addresses">
        <Skeleton className="h-10 w-full" />
      </LoadingRegion>
    );
  } else if (addresses.isError) {
    body = <ErrorState message="Failed to load addresses" onRetry={() => addresses.refetch()} />;
  } else if (addresses.data.length === 0) {
    body = (
      <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-sm text-slate-600">
        You have no saved addresses yet. Add one to choose where your order goes.
        {error && (
          <span role="alert" className="mt-1 block text-red-600">
            {error}
          </span>
        )}
      </p>
    );
  } else {
    body = (
      <Select
        label="Delivery address"
        required
        value={addressId}
        error={error}
        disabled={disabled}
        onChange={(e) => {
          setAddressId(e.target.value);
          onChange();
        }}
      >
        <option value="">Select a delivery address</option>
        {addresses.data.map((a) => (
          <option key={a.id} value={a.id}>
            {describe(a)}
          </option>
        ))}
      </Select>
    );
  }

  return (
    <section
      aria-labelledby="checkout-address-heading"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="checkout-address-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <MapPin className="h-5 w-5 text-violet-700" aria-hidden="true" />
          Delivery Address
        </h2>
        <Button variant="secondary" size="sm" onClick={() => setAdding(true)} disabled={disabled}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add new address
        </Button>
      </div>
      {body}
      <AddressFormModal
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(a) => {
          setAddressId(a.id);
          onChange();
        }}
      />
    </section>
  );
}
