import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MapPin, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { addressTypeLabels, profileMessages, type Address } from '../../../contracts/profile.contract';
import { api } from '../../api/client';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Modal';
import { notify } from '../../ui/notify';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { AddressFormModal } from './address-form-modal';
import { addressesQueryKey, useAddresses } from '../../api/addresses';
import { ProfileCard } from './profile-card';

function AddressCard({ address, onDelete }: { address: Address; onDelete: (a: Address) => void }) {
  const qc = useQueryClient();
  const setDefault = useMutation({
    mutationFn: () => api.put<Address>(`/api/addresses/${address.id}/default`),
    onSuccess: () => notify.success(profileMessages.defaultUpdated, { action: 'address-default' }),
    onError: () => notify.error(profileMessages.setDefaultFailed, { action: 'address-default' }),
    onSettled: () => qc.invalidateQueries({ queryKey: addressesQueryKey }),
  });
  return (
    <li
      className={`rounded-lg border p-4 ${address.isDefault ? 'border-violet-300 bg-violet-50/50' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <MapPin className="h-4 w-4 text-violet-700" aria-hidden="true" />
        <span className="font-medium text-slate-900">{addressTypeLabels[address.type]}</span>
        {address.isDefault && (
          <span className="rounded-full bg-violet-700 px-2 py-0.5 text-xs font-semibold text-white">Default</span>
        )}
      </div>
      <address className="mt-2 text-sm not-italic leading-relaxed text-slate-700">
        {address.streetAddress}
        {address.landmark && (
          <>
            <br />
            Landmark: {address.landmark}
          </>
        )}
        <br />
        {address.city}, {address.state} - {address.postalCode}
        <br />
        {address.country}
      </address>
      <div className="mt-3 flex flex-wrap gap-2">
        {!address.isDefault && (
          <Button variant="secondary" size="sm" onClick={() => setDefault.mutate()} loading={setDefault.isPending}>
            Set as default
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          onClick={() => onDelete(address)}
          aria-label={`Delete ${addressTypeLabels[address.type]} address, ${address.streetAddress}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

/** Delivery Addresses: the list (default first), Add Address, Set as default and Delete (asked first). */
export function AddressesSection() {
  const qc = useQueryClient();
  const addresses = useAddresses();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const remove = useMutation({
    mutationFn: (a: Address) => api.delete<void>(`/api/addresses/${a.id}`),
    onSuccess: () => {
      notify.success(profileMessages.addressDeleted, { action: 'address-delete' });
      setDeleting(null);
    },
    onError: () => notify.error(profileMessages.deleteAddressFailed, { action: 'address-delete' }),
    onSettled: () => qc.invalidateQueries({ queryKey: addressesQueryKey }),
  });

  let body;
  if (addresses.isPending) {
    body = (
      <LoadingRegion label="Loading addresses">
        <div className="grid gap-3 md:grid-cols-2">
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
        </div>
      </LoadingRegion>
    );
  } else if (addresses.isError) {
    body = <ErrorState message={profileMessages.loadAddressesFailed} onRetry={() => addresses.refetch()} />;
  } else if (addresses.data.length === 0) {
    body = (
      <EmptyState
        title="No saved addresses yet"
        icon={<MapPin className="h-10 w-10 text-slate-400" aria-hidden="true" />}
      >
        Add a delivery address so checkout is quicker.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="grid gap-3 md:grid-cols-2">
        {addresses.data.map((a) => (
          <AddressCard key={a.id} address={a} onDelete={setDeleting} />
        ))}
      </ul>
    );
  }

  return (
    <ProfileCard
      headingId="addresses-heading"
      title="Delivery Addresses"
      action={
        <Button size="sm" onClick={() => setAdding(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Address
        </Button>
      }
    >
      {body}
      <AddressFormModal open={adding} onClose={() => setAdding(false)} onSaved={() => undefined} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this address?"
        confirmLabel="Delete address"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {deleting && (
          <>
            <p>
              Your {addressTypeLabels[deleting.type].toLowerCase()} address{' '}
              <strong>
                {deleting.streetAddress}, {deleting.city}
              </strong>{' '}
              will be removed.
            </p>
            {deleting.isDefault && (
              <p className="mt-2">It is your default address: your newest other address will become the default.</p>
            )}
          </>
        )}
      </ConfirmDialog>
    </ProfileCard>
  );
}
