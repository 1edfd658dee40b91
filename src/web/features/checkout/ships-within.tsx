import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import type { PricedLine } from '../../../contracts/checkout.contract';
import { deliversTo, shipsOnlyWithinNote } from '../../../domain/unregistered-supplier';
import { api } from '../../api/client';
import { Button } from '../../ui/Button';
import { notify } from '../../ui/notify';
import { invalidateCart, useCart } from '../../api/cart';

// A seller without a GSTIN may supply through Haat only within its shop's state (Notification
// 34/2023-Central Tax): checkout says so next to its items, and says which cannot reach the chosen
// address, with a way to remove them; the server refuses the same lines (checkout.pricing.ts).

/** The lines that cannot be delivered to an address in `deliveryState` (none while no address is chosen). */
export function undeliverableLines(lines: PricedLine[], deliveryState: string | null | undefined): PricedLine[] {
  if (deliveryState === undefined) return [];
  return lines.filter((l) => l.shipsOnlyWithin !== null && !deliversTo(l.shipsOnlyWithin, deliveryState));
}

/** The note under a line whose seller ships only within its state, and Remove when it cannot reach the chosen address. */
export function ShipsWithinNote({ line, blocked }: { line: PricedLine; blocked: boolean }) {
  const qc = useQueryClient();
  const cart = useCart(blocked);
  const item = cart.data?.items.find(
    (i) => i.productId === line.productId && (i.variantId ?? null) === (line.variantId ?? null),
  );
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/cart/items/${id}`),
    onSuccess: () =>
      notify.success(`${line.name} removed from your cart`, { action: `ships-within-${line.productId}` }),
    onError: () =>
      notify.error('Could not remove the item. Please try again.', { action: `ships-within-${line.productId}` }),
    onSettled: () => invalidateCart(qc),
  });
  if (line.shipsOnlyWithin === null) return null;
  return (
    <span
      className={`mt-0.5 flex flex-wrap items-center gap-2 text-xs ${blocked ? 'font-medium text-red-700' : 'text-slate-600'}`}
    >
      <MapPin className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      {shipsOnlyWithinNote(line.shipsOnlyWithin)}
      {blocked && ': not to this address. Choose another address or remove it.'}
      {blocked && item && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => remove.mutate(item.id)}
          loading={remove.isPending}
          aria-label={`Remove ${line.name} from cart`}
        >
          Remove
        </Button>
      )}
    </span>
  );
}
