import { useQuery } from '@tanstack/react-query';
import { moneyOutMessages, type PendingApproval } from '../../../contracts/money-out.contract';
import { api } from '../../api/client';

/**
 * Two people for money out: the payouts or withdrawals prepared by one staff member and waiting for
 * another's approval, by id (the rows show it, and the pay button then approves and pays).
 */
export function usePendingApprovals(kind: 'payouts' | 'withdrawals'): Map<string, PendingApproval> {
  const approvals = useQuery({
    queryKey: ['admin', `/api/admin/${kind}/approvals`],
    queryFn: () => api.get<PendingApproval[]>(`/api/admin/${kind}/approvals`),
  });
  return new Map((approvals.data ?? []).map((a) => [a.resourceId, a]));
}

/** The row's note while it waits for the second person. */
export function SecondApprovalNote({ approval }: { approval: PendingApproval | undefined }) {
  if (!approval) return null;
  return (
    <p className="w-full text-xs text-amber-900">Waiting for a second approval · prepared by {approval.preparedBy}</p>
  );
}

/** A pay action's toast: the click only prepared it (above the two-person amount), or it paid. */
export const paidOrPrepared =
  (paid: string) =>
  (answer: unknown): string =>
    (answer as { prepared?: boolean } | null)?.prepared ? moneyOutMessages.prepared : paid;
