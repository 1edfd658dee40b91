import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { ActingVendor, VendorPermission } from '../../contracts/vendor-team.contract';
import { api, setActingVendorId } from './client';
import { useMe } from './session';

export const myVendorsKey = ['me', 'vendors'] as const;
const STORAGE_KEY = 'haat.vendor';

const stored = (): string | null => {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
};

// The switcher's choice, kept in this browser; components that read it re-render when it changes.
let chosen: string | null | undefined;
const listeners = new Set<() => void>();
const chosenId = () => (chosen === undefined ? (chosen = stored()) : chosen);
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The vendor the account acts for among those it may: the one chosen in the switcher (kept in this
 * browser), else its own (an owner), else its first team. Null when it may act for none.
 */
export function pickActingVendor(vendors: ActingVendor[], chosen: string | null): ActingVendor | null {
  return (
    vendors.find((v) => v.vendorUserId === chosen) ?? vendors.find((v) => v.role === 'owner') ?? vendors[0] ?? null
  );
}

/** The vendors the signed-in account may act for (its own, then its teams), for the switcher and the dashboard. */
export function useMyVendors() {
  const me = useMe();
  return useQuery({
    queryKey: myVendorsKey,
    queryFn: async () => (await api.get<{ vendors: ActingVendor[] }>('/api/me/vendors')).vendors,
    enabled: Boolean(me.data),
    staleTime: 60_000,
  });
}

/** The acting vendor (null while loading or for none); every vendor API call names it. */
export function useActingVendor(): ActingVendor | null {
  const vendors = useMyVendors();
  const choice = useSyncExternalStore(subscribe, chosenId, chosenId);
  const acting = pickActingVendor(vendors.data ?? [], choice);
  // The owner acting for itself sends no header, as before teams existed.
  setActingVendorId(acting && acting.role !== 'owner' ? acting.vendorUserId : null);
  return acting;
}

/** Whether the acting vendor's role allows a permission (the dashboard shows only those sections). */
export const allows = (vendor: ActingVendor | null, permission: VendorPermission) =>
  Boolean(vendor?.permissions.includes(permission));

/** Switches the vendor the dashboard acts for, and reloads what was read for the other one. */
export function useChooseVendor() {
  const qc = useQueryClient();
  return (vendor: ActingVendor) => {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, vendor.vendorUserId);
    } catch {
      // Private mode: the choice lasts until the page is reloaded.
    }
    chosen = vendor.vendorUserId;
    setActingVendorId(vendor.role === 'owner' ? null : vendor.vendorUserId);
    listeners.forEach((l) => l());
    // What was read for the other vendor is read again for this one; not the account's own data, nor the
    // invitation just used to join (read again, a used link would only answer that it is used).
    void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' && q.queryKey[0] !== 'team-invite' });
    // A team just joined is in the list at once.
    void qc.invalidateQueries({ queryKey: myVendorsKey });
  };
}
