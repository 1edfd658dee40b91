import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { useState } from 'react';
import {
  payoutDestination,
  payoutMessages as m,
  tdsExemptionLabels,
  type MyPayoutDetails,
  type PayoutDetails,
} from '../../../contracts/payout-details.contract';
import { api } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { formatDate } from '../../ui/format-date';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { gstinReason, panReason, PayoutDetailsForm } from './payout-details-form';

const queryKey = ['vendor', 'payout-details'] as const;

/** The signed-in vendor's payout details (masked) and the TDS and TCS rates in force, from GET /api/vendor/payout-details. */
export const useMyPayoutDetails = () =>
  useQuery({ queryKey, queryFn: () => api.get<MyPayoutDetails>('/api/vendor/payout-details') });

function Fact({ label, value, note }: { label: string; value: string | null; note: string }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-all text-sm text-slate-900">
        {value ?? <span className="text-slate-600">{note}</span>}
      </dd>
    </div>
  );
}

/** What is saved, masked: where Haat pays, PAN, GSTIN and when they last changed. */
function SavedDetails({ details }: { details: PayoutDetails }) {
  return (
    <dl className="grid grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2">
      <Fact label="Paid to" value={payoutDestination(details)} note="" />
      {details.method === 'bank' && <Fact label="Account holder" value={details.accountHolderName} note="Not given" />}
      <Fact label="PAN" value={details.pan} note="Not given: TDS is deducted at the higher rate" />
      <Fact
        label="GSTIN"
        value={details.gstin}
        note="Not given: no TCS or GST; you deliver only within your shop's state"
      />
      {details.gstin === null && (
        <Fact
          label="GST enrolment number"
          value={details.enrolmentNumber}
          note="Not given: your bills of supply say so"
        />
      )}
      {details.tdsExemption !== 'none' && (
        <Fact label="₹5 lakh TDS exemption (194-O(2))" value={tdsExemptionLabels[details.tdsExemption]} note="" />
      )}
      {details.aadhaarMasked && <Fact label="Aadhaar" value={details.aadhaarMasked} note="" />}
      <p className="text-xs text-slate-600 sm:col-span-2">Changed {formatDate(details.updatedAt)}</p>
    </dl>
  );
}

/**
 * The vendor profile's "Payouts & tax" tab: where Haat pays the vendor (a bank account or a UPI ID)
 * and its PAN and GSTIN, with why each matters; saving needs the current password and is shown to
 * the super admin.
 */
export function PayoutDetailsSection({ readOnly = false }: { readOnly?: boolean } = {}) {
  const qc = useQueryClient();
  const query = useMyPayoutDetails();
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  return (
    <section
      aria-labelledby="payouts-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-violet-100 text-violet-700">
          <Landmark className="h-5 w-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id="payouts-heading" className="text-lg font-semibold text-slate-900">
            Payouts &amp; tax
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Where Haat pays your earnings, and the tax details that decide what is deducted. Changing them needs your
            password, and the marketplace's administrator sees each change.
          </p>
        </div>
      </div>
      {query.isPending ? (
        <LoadingRegion label="Loading your payout details">
          <Skeleton className="h-32 w-full" />
        </LoadingRegion>
      ) : query.isError ? (
        <ErrorState message={`${m.loadFailed}: ${query.error.message}`} onRetry={() => query.refetch()} />
      ) : (
        <>
          {done && <Alert tone="success">{done}</Alert>}
          {query.data.details === null ? (
            <p className="text-sm text-slate-700">
              {readOnly
                ? 'No payout details yet: Haat cannot pay the vendor until its owner adds a bank account or a UPI ID.'
                : 'You have not given payout details yet: Haat cannot pay you until you add a bank account or a UPI ID.'}
            </p>
          ) : (
            <SavedDetails details={query.data.details} />
          )}
          {readOnly ? (
            // A team's Accounts member reads them; the owner alone changes them, with its password.
            <p className="text-sm text-slate-600">Only the vendor's owner can change the payout details.</p>
          ) : query.data.details !== null && !editing ? (
            <div className="space-y-3">
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
                <li>{panReason(query.data.rates)}</li>
                <li>{gstinReason(query.data.rates)}</li>
              </ul>
              <Button
                variant="secondary"
                onClick={() => {
                  setDone(null);
                  setEditing(true);
                }}
              >
                Change payout details
              </Button>
            </div>
          ) : (
            <PayoutDetailsForm
              saved={query.data.details}
              rates={query.data.rates}
              onCancel={query.data.details === null ? undefined : () => setEditing(false)}
              onSaved={(result) => {
                qc.setQueryData<MyPayoutDetails>(queryKey, (old) => old && { ...old, details: result.details });
                setDone(result.message);
                setEditing(false);
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
