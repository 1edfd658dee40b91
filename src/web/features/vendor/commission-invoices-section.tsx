import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import {
  commissionDocumentLabel,
  commissionMessages as m,
  type CommissionDocumentSummary,
} from '../../../contracts/commission-invoices.contract';
import { formatDay } from '../../../contracts/earnings.contract';
import { api } from '../../api/client';
import { downloadDocument } from '../../api/document-download';
import { Money } from '../../ui/Money';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { DocumentLink } from '../../ui/DocumentLink';
import { vendorEarningsQueryKey } from './vendor-earnings-api';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (value: string) => `${MONTHS[Number(value.slice(5, 7)) - 1]} ${value.slice(0, 4)}`;

/** Haat's commission invoices and credit notes to this vendor, newest first. */
function useCommissionDocuments() {
  return useQuery({
    queryKey: [...vendorEarningsQueryKey, 'commission-invoices'],
    queryFn: () => api.get<CommissionDocumentSummary[]>('/api/vendor/earnings/commission-invoices'),
  });
}

/**
 * Haat's monthly invoices for its commission plus GST (and credit notes when returns gave commission
 * back), each downloadable as a PDF: the vendor claims their GST as input tax credit.
 */
export function CommissionInvoicesSection() {
  const docs = useCommissionDocuments();
  let body;
  if (docs.isPending)
    body = (
      <LoadingRegion label="Loading your commission invoices">
        <Skeleton className="h-16 w-full" />
      </LoadingRegion>
    );
  else if (docs.isError) body = <ErrorState message={m.loadFailed} onRetry={() => docs.refetch()} />;
  else if (docs.data.length === 0)
    body = (
      <EmptyState
        title="No commission invoices yet"
        icon={<FileText className="h-10 w-10 text-slate-400" aria-hidden="true" />}
      >
        After each month in which your sales were delivered, Haat issues you a tax invoice for its commission plus GST.
      </EmptyState>
    );
  else
    body = (
      <ul
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white px-4 shadow-sm"
        aria-label="Commission invoices"
      >
        {docs.data.map((d) => (
          <li key={d.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                <DocumentLink
                  download={downloadDocument}
                  href={`/api/vendor/earnings/commission-invoices/${d.id}.pdf`}
                  className="text-violet-700 underline hover:text-violet-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
                >
                  {commissionDocumentLabel(d)}
                </DocumentLink>
              </p>
              <p className="text-slate-700">
                {monthLabel(d.month)} · issued {formatDay(d.issuedOn)}
              </p>
            </div>
            <dl className="grid grid-cols-3 gap-x-4 text-right">
              <dt className="text-xs text-slate-500">Commission</dt>
              <dt className="text-xs text-slate-500">{d.kind === 'invoice' ? 'GST deducted' : 'GST credited'}</dt>
              <dt className="text-xs text-slate-500">Total</dt>
              <dd>
                <Money paise={d.taxablePaise} />
              </dd>
              <dd className={d.kind === 'invoice' ? 'text-red-700' : 'text-green-700'}>
                {d.kind === 'invoice' ? '−' : '+'}
                <Money paise={d.gstPaise} />
              </dd>
              <dd>
                <Money paise={d.totalPaise} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="commission-invoices-heading" className="space-y-3">
      <div>
        <h2 id="commission-invoices-heading" className="text-lg font-semibold text-slate-900">
          Haat&apos;s commission invoices
        </h2>
        <p className="text-sm text-slate-600">
          Each month Haat bills you its commission plus 18% GST, which you can claim as input tax credit. The commission
          was already kept from each sale; the GST is deducted from your payable balance, and a credit note gives it
          back when items are returned.
        </p>
      </div>
      {body}
    </section>
  );
}
