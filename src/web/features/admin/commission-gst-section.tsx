import { useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import type { CommissionGstReport, CommissionGstRow } from '../../../contracts/commission-invoices.contract';
import { formatDay } from '../../../contracts/earnings.contract';
import { monthName, taxReportMessages } from '../../../contracts/tax-reports.contract';
import { api, toQuery } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { RatesSection } from './rate-form-parts';
import { downloadDocument } from '../../api/document-download';
import { DocumentLink } from '../../ui/DocumentLink';
import { moneyColumn, ReportTable, type ReportColumn } from './report-table';

// The Tax reports tab's output GST on Haat's own commission: the commission invoices and credit
// notes issued in the month (credit notes below zero), with totals and a CSV.

type Totals = CommissionGstReport['totals'];

const columns: ReportColumn<CommissionGstRow, Totals>[] = [
  {
    key: 'document',
    header: 'Document',
    render: (r) => (
      <>
        <DocumentLink
          download={downloadDocument}
          href={`/api/admin/commission-documents/${r.id}.pdf`}
          className="font-medium text-violet-700 underline hover:text-violet-900"
        >
          {r.number}
        </DocumentLink>
        <br />
        <span className="text-xs text-slate-600">
          {r.kind === 'invoice' ? 'Invoice' : 'Credit note'} · {formatDay(r.issuedOn)}
        </span>
      </>
    ),
  },
  {
    key: 'vendor',
    header: 'Vendor',
    render: (r) => (
      <>
        <span className="text-slate-900">{r.vendorName}</span>
        <br />
        <span className="font-mono text-xs break-all text-slate-600">{r.gstin ?? 'Unregistered'}</span>
      </>
    ),
  },
  { key: 'pos', header: 'Place of supply', render: (r) => r.placeOfSupplyState ?? 'Not known' },
  moneyColumn('taxable', 'Taxable value', 'taxablePaise'),
  moneyColumn('cgst', 'CGST', 'cgstPaise'),
  moneyColumn('sgst', 'SGST', 'sgstPaise'),
  moneyColumn('igst', 'IGST', 'igstPaise'),
  moneyColumn('total', 'Total', 'totalPaise'),
];

/** Haat's output GST on its commission for the month. */
export function CommissionGstSection({ month }: { month: string }) {
  const query = useQuery({
    queryKey: ['admin', 'tax-reports', 'commission-gst', month],
    queryFn: () => api.get<CommissionGstReport>(`/api/admin/reports/commission-gst${toQuery({ month })}`),
  });
  const name = monthName(month);
  let body;
  if (query.isPending)
    body = (
      <LoadingRegion label="Loading the output GST on commission">
        <Skeleton className="h-12 w-full" />
      </LoadingRegion>
    );
  else if (query.isError) body = <ErrorState message={taxReportMessages.loadFailed} onRetry={() => query.refetch()} />;
  else
    body = (
      <>
        {query.data.notice && <Alert tone="error">{query.data.notice}</Alert>}
        {query.data.rows.length === 0 ? (
          <EmptyState
            title={`No commission invoices issued in ${name}`}
            icon={<FileText className="h-10 w-10 text-slate-400" aria-hidden="true" />}
          >
            Haat bills each vendor its commission of a month on the first day of the next.
          </EmptyState>
        ) : (
          <ReportTable
            label={`Output GST on commission, ${name}`}
            columns={columns}
            rows={query.data.rows}
            rowKey={(r) => r.id}
            totals={query.data.totals}
          />
        )}
      </>
    );
  return (
    <RatesSection
      id="tax-report-commission-gst"
      title="Output GST on commission"
      lead="Haat's own invoices to its vendors for its commission plus 18% GST, issued in the month; credit notes (commission given back on returns) subtract."
    >
      <div className="flex flex-wrap gap-2">
        <a
          href={`/api/admin/reports/commission-gst/export${toQuery({ month })}`}
          download
          aria-label={`Download CSV: Output GST on commission, ${name}`}
          className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Download CSV
        </a>
      </div>
      {body}
    </RatesSection>
  );
}
