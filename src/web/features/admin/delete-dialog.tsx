import { useState } from 'react';
import { deletionMessages, type AdminDeletion } from '../../../contracts/admin-lists.contract';
import { Button } from '../../ui/Button';
import { AdminActionDialog } from './admin-action-dialog';

export type DeletionKind = 'user' | 'vendor' | 'merchant' | 'product' | 'employee' | 'order' | 'referral';

const paths: Record<DeletionKind, string> = {
  user: 'users',
  vendor: 'vendors',
  merchant: 'merchants',
  product: 'products',
  employee: 'employees',
  order: 'orders',
  referral: 'referrals',
};

// What happens, said before the code is asked for: history is never destroyed.
const consequences: Record<DeletionKind, string> = {
  user: 'If orders, points, payouts or referrals refer to the account, it is anonymised instead: every personal detail is removed, sign-in ends for good, and that history stays. Otherwise it is removed completely.',
  vendor:
    'Their shops close and their products leave the storefront at once. If orders refer to them, the account is anonymised and those orders stay; otherwise everything of theirs is removed. A vendor with orders still on their way cannot be deleted.',
  merchant:
    'If recorded payments or referrals refer to the merchant, its details are removed and those records stay; otherwise it is removed completely.',
  product:
    'A product that was ever ordered is withdrawn instead: it stays on those orders and leaves the storefront and every list for good. Otherwise it is removed completely.',
  employee:
    'If timesheets, tasks or projects refer to the employee, their details are removed, sign-in ends, and those records stay; otherwise they are removed completely.',
  order:
    'Every part not yet shipped is cancelled as the customer’s own cancel would be: its stock goes back, the points used come back, the points it would earn are removed and the money paid for it is refunded. Then the order leaves the customer’s, the vendors’ and this list. Delivered parts stay delivered, and its history, payments and ledgers are kept. An order with a shipped part, or a return under way, cannot be deleted.',
  referral: 'It has paid no reward, so it is removed completely. Both accounts stay as they are.',
};

// A row of the Orders tab is one shop's part: its button says the whole order goes.
const buttonText: Partial<Record<DeletionKind, string>> = { order: 'Delete order' };

const title = (kind: DeletionKind) => `Delete ${kind}`;

/**
 * The Delete action of a list tab: a button per row and one confirmation dialog with a fresh code.
 * Answers the row's button and the dialog to render once.
 */
export function useDeleteAction(kind: DeletionKind) {
  const [target, setTarget] = useState<{ id: string; label: string } | null>(null);
  const button = (id: string, label: string) => (
    <Button size="sm" variant="danger" onClick={() => setTarget({ id, label })} aria-label={`Delete ${label}`}>
      {buttonText[kind] ?? 'Delete'}
    </Button>
  );
  const dialog = (
    <AdminActionDialog
      pending={target}
      onClose={() => setTarget(null)}
      request={({ id }) => ({
        path: `/api/admin/${paths[kind]}/${id}/delete`,
        success: (answer) => {
          const done = answer as AdminDeletion;
          return `${done.message}. ${done.detail}`;
        },
        failure: deletionMessages[kind].failed,
        toast: `${kind}-delete`,
      })}
      title={title(kind)}
      actionLabel={title(kind)}
      description={
        target && (
          <>
            <p className="font-medium text-slate-900">{target.label}</p>
            <p className="mt-1">{consequences[kind]}</p>
          </>
        )
      }
    />
  );
  return { button, dialog };
}
