import { useNavigate } from 'react-router';
import { vendorRoleLabels, type ActingVendor } from '../../contracts/vendor-team.contract';
import { useActingVendor, useChooseVendor, useMyVendors } from '../api/vendors';
import { cn } from '../ui/cn';

/** The switcher's choices: each vendor with the account's role there. */
export function VendorChoices({
  vendors,
  acting,
  onChoose,
  className,
}: {
  vendors: ActingVendor[];
  acting: ActingVendor | null;
  onChoose: (vendor: ActingVendor) => void;
  className?: string;
}) {
  if (vendors.length < 2) return null;
  return (
    <label className={cn('flex items-center gap-2 text-sm text-slate-700', className)}>
      <span className="whitespace-nowrap">Acting for</span>
      <select
        aria-label="Vendor you act for"
        value={acting?.vendorUserId ?? ''}
        onChange={(e) => {
          const next = vendors.find((v) => v.vendorUserId === e.target.value);
          if (next) onChoose(next);
        }}
        className="max-w-48 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm focus:outline-none focus:ring-2 focus:ring-violet-600"
      >
        {vendors.map((v) => (
          <option key={v.vendorUserId} value={v.vendorUserId}>
            {v.businessName} ({vendorRoleLabels[v.role].label})
          </option>
        ))}
      </select>
    </label>
  );
}

/** The header's vendor switcher: shown when the account belongs to several vendors (its own and its teams). */
export function VendorSwitcher({ className }: { className?: string }) {
  const vendors = useMyVendors();
  const acting = useActingVendor();
  const choose = useChooseVendor();
  const navigate = useNavigate();
  return (
    <VendorChoices
      vendors={vendors.data ?? []}
      acting={acting}
      className={className}
      onChoose={(v) => {
        choose(v);
        navigate('/vendor/dashboard');
      }}
    />
  );
}
