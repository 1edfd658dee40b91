import { FlaskConical } from 'lucide-react';
import { testPaymentLabel } from '../../contracts/orders.contract';

/** Marks an order paid through the built-in test gateway (no money moved), wherever the order is shown. */
export function TestPaymentBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
      <FlaskConical className="h-3 w-3" aria-hidden="true" />
      {testPaymentLabel}
    </span>
  );
}
