import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDay } from '../../../contracts/earnings.contract';
import { payoutDestination } from '../../../contracts/payout-details.contract';
import {
  adminPayoutMessages as m,
  payoutPreviewQuerySchema,
  type AdminPayableVendor,
  type PayoutPreview,
} from '../../../contracts/payouts.contract';
import { todayInIndia } from '../../../domain/age';
import { api, toQuery } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Input } from '../../ui/Field';
import { Money } from '../../ui/Money';
import { Skeleton } from '../../ui/States';
import { AdminActionDialog } from './admin-action-dialog';

/** What the server will pay, as it computes it (GET /api/admin/payouts/preview), for the chosen day. */
function PreviewPanel({ vendorUserId, upTo }: { vendorUserId: string; upTo: string }) {
  const valid = payoutPreviewQuerySchema.safeParse({ vendorUserId, upTo }).success;
  const preview = useQuery({
    queryKey: ['admin', 'payout-preview', vendorUserId, upTo],
    queryFn: () => api.get<PayoutPreview>(`/api/admin/payouts/preview${toQuery({ vendorUserId, upTo })}`),
    enabled: valid,
  });
  if (!valid) return <Alert tone="error">{m.upToFormat}</Alert>;
  if (preview.isPending) return <Skeleton className="h-20 w-full" />;
  if (preview.isError) return <Alert tone="error">{preview.error.message}</Alert>;
  const p = preview.data;
  return (
    <div aria-live="polite" className="space-y-2">
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm">
        <dt className="text-slate-600">Payout</dt>
        <dd className="text-right text-base font-semibold text-slate-900">
          <Money paise={Math.max(0, p.amountPaise)} />
        </dd>
        <dt className="text-slate-600">Period</dt>
        <dd className="text-right">
          {p.periodFrom ? `${formatDay(p.periodFrom)} to ${formatDay(p.periodTo)}` : `up to ${formatDay(p.periodTo)}`}
        </dd>
        <dt className="text-slate-600">Payable up to that day</dt>
        <dd className="text-right">
          <Money paise={p.payableAsOfPaise} />
        </dd>
        <dt className="text-slate-600">Payable now</dt>
        <dd className="text-right">
          <Money paise={p.payableNowPaise} />
        </dd>
        <dt className="text-slate-600">Pay to</dt>
        <dd className="text-right break-words">{p.payout ? payoutDestination(p.payout) : 'No payout details'}</dd>
      </dl>
      {p.refusal && <Alert tone="error">{p.refusal}</Alert>}
    </div>
  );
}

/** Settle: choose the day to settle up to (today in India or earlier), see the amount the server computes, then confirm with a fresh code. */
export function SettleDialog({ vendor, onClose }: { vendor: AdminPayableVendor | null; onClose: () => void }) {
  const today = todayInIndia();
  const [upTo, setUpTo] = useState(today);
  useEffect(() => {
    if (vendor) setUpTo(todayInIndia());
  }, [vendor]);
  const preview = useQuery({
    queryKey: ['admin', 'payout-preview', vendor?.vendorUserId, upTo],
    queryFn: () =>
      api.get<PayoutPreview>(
        `/api/admin/payouts/preview${toQuery({ vendorUserId: vendor?.vendorUserId ?? '', upTo })}`,
      ),
    enabled: vendor !== null && payoutPreviewQuerySchema.safeParse({ vendorUserId: vendor.vendorUserId, upTo }).success,
  });
  return (
    <AdminActionDialog
      pending={vendor}
      onClose={onClose}
      request={(v) => ({
        path: '/api/admin/payouts',
        body: { vendorUserId: v.vendorUserId, upTo },
        success: m.settled,
        failure: m.settleFailed,
        toast: 'payout',
      })}
      title={vendor ? `Settle ${vendor.businessName}` : 'Settle'}
      actionLabel="Create payout"
      description={
        <p>
          The payout takes what was payable up to the end of the chosen day (India time), less earlier payouts and
          refunds. Its amount leaves payable at once; mark it paid after sending the money.
        </p>
      }
      ready={preview.data !== undefined && preview.data.refusal === null && preview.data.upTo === upTo}
    >
      {vendor && (
        <>
          <Input
            label="Settle up to"
            type="date"
            value={upTo}
            max={today}
            onChange={(e) => setUpTo(e.target.value)}
            required
            hint="Today or an earlier day"
          />
          <PreviewPanel vendorUserId={vendor.vendorUserId} upTo={upTo} />
        </>
      )}
    </AdminActionDialog>
  );
}
