import { Construction } from 'lucide-react';
import { adminTabLabels, type AdminTab } from '../../../contracts/admin.contract';

/** A tab of a later release: says so plainly, and offers nothing that pretends to work. */
export function NotBuiltYet({ tab }: { tab: AdminTab }) {
  return (
    <section className="rounded-lg border border-amber-200 bg-amber-50 p-5" aria-labelledby="not-built">
      <h2 id="not-built" className="flex items-center gap-2 font-semibold text-amber-900">
        <Construction className="h-5 w-5" aria-hidden="true" />
        {adminTabLabels[tab]}: not built yet
      </h2>
      <p className="mt-2 text-sm text-amber-900">
        This tab comes in the next release of the admin panel. Until then it cannot be used from here.
      </p>
    </section>
  );
}
