import { useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { formatRate } from '../../../contracts/earnings.contract';
import {
  currentIndiaMonth,
  monthName,
  taxReportMessages as m,
  taxReportQuerySchema,
  tdsLineLabels,
  type CommissionReport,
  type CommissionRow,
  type TaxReportKind,
  type TcsReport,
  type TcsStateRateRow,
  type TcsSupplierRow,
  type TdsReport,
  type TdsRow,
} from '../../../contracts/tax-reports.contract';
import { YEAR_MONTH_PATTERN } from '../../../contracts/common.contract';
import { api, toQuery } from '../../api/client';
import { Input } from '../../ui/Field';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { CommissionGstSection } from './commission-gst-section';
import { RatesSection } from './rate-form-parts';
import { moneyColumn, ReportTable, type ReportColumn } from './report-table';

// The Tax reports tab: for a month, TCS in GSTR-8's shape, TDS under 194-O and
// the commission earned, from the tax documents issued in it (credit notes subtract), each with
// its CSV. Read only.

const state = (s: string | null) => s ?? <span className="text-slate-500">Not recorded</span>;

/** The chosen month, kept in the address (?tab=tax-reports&month=YYYY-MM); this month in India when none. */
function useReportMonth() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('month');
  const month = raw && YEAR_MONTH_PATTERN.test(raw) ? raw : currentIndiaMonth();
  const set = (next: string) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === currentIndiaMonth()) q.delete('month');
        else q.set('month', next);
        return q;
      },
      { replace: true },
    );
  return [month, set] as const;
}

function useReport<T>(kind: TaxReportKind, month: string) {
  return useQuery({
    queryKey: ['admin', 'tax-reports', kind, month],
    queryFn: () => api.get<T>(`/api/admin/reports/${kind}${toQuery({ month })}`),
  });
}

/** A CSV download named for what it holds (several sit on one page). */
export function DownloadCsv({ href, what }: { href: string; what: string }) {
  return (
    <a
      href={href}
      download
      aria-label={`Download CSV: ${what}`}
      className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
    >
      <Download className="h-4 w-4" aria-hidden="true" />
      Download CSV
    </a>
  );
}
const csvHref = (path: string, month: string) => `/api/admin/reports/${path}/export${toQuery({ month })}`;

/** Loading, error and empty states of one report; `children` once it has rows. */
function ReportBody<T>({
  query,
  label,
  empty,
  hasRows,
  children,
}: {
  query: ReturnType<typeof useReport<T>>;
  label: string;
  empty: ReactNode;
  hasRows: (r: T) => boolean;
  children: (r: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <LoadingRegion label={`Loading ${label}`}>
        <div className="space-y-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      </LoadingRegion>
    );
  }
  if (query.isError) return <ErrorState message={m.loadFailed} onRetry={() => query.refetch()} />;
  return hasRows(query.data) ? <>{children(query.data)}</> : <>{empty}</>;
}

const noInvoices = (month: string, more?: ReactNode) => (
  <EmptyState
    title={`No invoices issued in ${monthName(month)}`}
    icon={<FileText className="h-10 w-10 text-slate-400" aria-hidden="true" />}
  >
    {more ?? 'An invoice is issued when an order part ships; choose another month to see its figures.'}
  </EmptyState>
);

type TcsTotals = TcsReport['totals'];
const tcsAmountColumns = <
  T extends { tcsIgstPaise: number; tcsCgstPaise: number; tcsSgstPaise: number },
>(): ReportColumn<T, TcsTotals>[] => [
  moneyColumn('igst', 'TCS IGST', 'tcsIgstPaise'),
  moneyColumn('cgst', 'TCS CGST', 'tcsCgstPaise'),
  moneyColumn('sgst', 'TCS SGST', 'tcsSgstPaise'),
];

const supplierColumns: ReportColumn<TcsSupplierRow, TcsTotals>[] = [
  {
    key: 'supplier',
    header: 'Supplier',
    render: (r) => (
      <>
        <span className="font-medium text-slate-900">{r.vendorName}</span>
        <br />
        <span className="font-mono text-xs break-all text-slate-600">{r.gstin}</span>
      </>
    ),
  },
  { key: 'pos', header: 'Place of supply', render: (r) => state(r.placeOfSupplyState) },
  moneyColumn('gross', 'Gross value', 'grossPaise'),
  moneyColumn('returned', 'Returned', 'returnedPaise'),
  moneyColumn('net', 'Net taxable', 'netPaise'),
  ...tcsAmountColumns<TcsSupplierRow>(),
];

const stateColumns: ReportColumn<TcsStateRateRow, TcsTotals>[] = [
  { key: 'pos', header: 'Place of supply', render: (r) => state(r.placeOfSupplyState) },
  { key: 'rate', header: 'TCS rate', numeric: true, render: (r) => formatRate(r.tcsBp) },
  moneyColumn('net', 'Net taxable', 'netPaise'),
  ...tcsAmountColumns<TcsStateRateRow>(),
];

function TcsSection({ month }: { month: string }) {
  const query = useReport<TcsReport>('tcs', month);
  const name = monthName(month);
  return (
    <RatesSection
      id="tax-report-tcs"
      title="TCS (GSTR-8)"
      lead="TCS collected under GST section 52 from vendors with a GSTIN, per supplier GSTIN and place of supply. Values are taxable values (GST excluded): invoices of the month, less credit notes of the month (supplies returned)."
    >
      <div className="flex flex-wrap gap-2">
        <DownloadCsv href={csvHref('tcs', month)} what={`TCS per supplier, ${name}`} />
      </div>
      <ReportBody
        query={query}
        label="TCS report"
        hasRows={(r) => r.suppliers.length > 0}
        empty={noInvoices(
          month,
          'No vendor with a GSTIN had an invoice or credit note this month; TCS is collected only from vendors with a GSTIN.',
        )}
      >
        {(r) => (
          <div className="space-y-5">
            <ReportTable
              label={`TCS per supplier, ${name}`}
              columns={supplierColumns}
              rows={r.suppliers}
              rowKey={(s) => `${s.vendorUserId}|${s.gstin}|${s.placeOfSupplyState}`}
              totals={r.totals}
            />
            <div className="space-y-3">
              <div className="flex flex-wrap items-end justify-between gap-3">
                <h3 className="font-semibold text-slate-900">By place of supply and TCS rate</h3>
                <DownloadCsv href={csvHref('tcs/states', month)} what={`TCS by place of supply and rate, ${name}`} />
              </div>
              <ReportTable
                label={`TCS by place of supply and rate, ${name}`}
                columns={stateColumns}
                rows={r.byStateAndRate}
                rowKey={(s) => `${s.placeOfSupplyState}|${s.tcsBp}`}
                totals={r.totals}
              />
            </div>
          </div>
        )}
      </ReportBody>
    </RatesSection>
  );
}

const tdsColumns: ReportColumn<TdsRow, TdsReport['totals']>[] = [
  {
    key: 'vendor',
    header: 'Vendor',
    render: (r) => <span className="font-medium text-slate-900">{r.vendorName}</span>,
  },
  { key: 'line', header: 'Line', render: (r) => tdsLineLabels[r.line] },
  {
    key: 'pan',
    header: 'PAN',
    render: (r) =>
      r.pan ? <span className="font-mono text-xs">{r.pan}</span> : <span className="text-amber-800">No PAN</span>,
  },
  { key: 'rate', header: 'TDS rate', numeric: true, render: (r) => formatRate(r.tdsBp) },
  { key: 'on', header: 'TDS on', render: (r) => (r.tdsOn === 'taxable' ? 'Taxable value' : 'Gross amount') },
  moneyColumn('gross', 'Amount', 'grossPaise'),
  moneyColumn('returned', 'Returned', 'returnedPaise'),
  moneyColumn('net', 'Net amount', 'netPaise'),
  moneyColumn('tds', 'TDS deducted', 'tdsPaise'),
];

function TdsSection({ month }: { month: string }) {
  const query = useReport<TdsReport>('tds', month);
  const name = monthName(month);
  return (
    <RatesSection
      id="tax-report-tds"
      title="TDS (section 194-O)"
      lead="TDS deducted under Income-tax section 194-O: 0.1 % with a PAN, 5 % without, of the taxable value when the invoice shows GST (the vendor has a GSTIN; CBDT Circular 20/2023), else of the gross amount. A vendor that gave its PAN or GSTIN during the month has a line for each. Net of credit notes; the TDS on returned items stays deposited (CBDT Circular 20/2023, Q4), so it is added back on its own line and taken off the vendor's next sales (TDS adjusted for returns); sales exempt under section 194-O(2) and the catch-up when a vendor passes ₹5,00,000 have their own lines."
    >
      <div className="flex flex-wrap gap-2">
        <DownloadCsv href={csvHref('tds', month)} what={`TDS 194-O, ${name}`} />
      </div>
      <ReportBody query={query} label="TDS report" hasRows={(r) => r.rows.length > 0} empty={noInvoices(month)}>
        {(r) => (
          <ReportTable
            label={`TDS 194-O, ${name}`}
            columns={tdsColumns}
            rows={r.rows}
            rowKey={(t) => `${t.vendorUserId}|${t.line}|${t.pan}|${t.tdsBp}|${t.tdsOn}`}
            totals={r.totals}
          />
        )}
      </ReportBody>
    </RatesSection>
  );
}

const rateText = (bp: number | null) => (bp === null ? '—' : formatRate(bp));
const commissionColumns: ReportColumn<CommissionRow, CommissionReport['totals']>[] = [
  {
    key: 'vendor',
    header: 'Vendor',
    render: (r) => <span className="font-medium text-slate-900">{r.vendorName}</span>,
  },
  moneyColumn('gross', 'Gross sales', 'grossPaise'),
  moneyColumn('returned', 'Returned', 'returnedPaise'),
  moneyColumn('net', 'Net sales', 'netPaise'),
  moneyColumn('commission', 'Commission', 'commissionPaise'),
  {
    key: 'rate',
    header: 'Effective rate',
    numeric: true,
    render: (r) => rateText(r.effectiveRateBp),
    total: (t) => rateText(t.effectiveRateBp),
  },
];

function CommissionSection({ month }: { month: string }) {
  const query = useReport<CommissionReport>('commission', month);
  const name = monthName(month);
  return (
    <RatesSection
      id="tax-report-commission"
      title="Commission earned"
      lead="Haat's commission on each vendor's sales (GST included), net of credit notes; the effective rate is commission ÷ net sales."
    >
      <div className="flex flex-wrap gap-2">
        <DownloadCsv href={csvHref('commission', month)} what={`Commission earned, ${name}`} />
      </div>
      <ReportBody query={query} label="commission report" hasRows={(r) => r.rows.length > 0} empty={noInvoices(month)}>
        {(r) => (
          <ReportTable
            label={`Commission earned, ${name}`}
            columns={commissionColumns}
            rows={r.rows}
            rowKey={(c) => c.vendorUserId}
            totals={r.totals}
          />
        )}
      </ReportBody>
    </RatesSection>
  );
}

/** The month picker: a month input (this month at most); a value that is not YYYY-MM (browsers without a month picker) is refused under the field. */
export function MonthPicker({ month, onMonth }: { month: string; onMonth: (m: string) => void }) {
  const [text, setText] = useState(month);
  const [error, setError] = useState<string | undefined>();
  const change = (value: string) => {
    setText(value);
    const parsed = taxReportQuerySchema.safeParse({ month: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? m.badMonth);
    setError(undefined);
    onMonth(parsed.data.month);
  };
  return (
    <div className="w-full sm:w-56">
      <Input
        label="Month"
        type="month"
        value={text}
        max={currentIndiaMonth()}
        onChange={(e) => change(e.target.value)}
        placeholder="YYYY-MM"
        error={error}
      />
    </div>
  );
}

/** The Tax reports tab: a month, then TCS (GSTR-8), TDS (194-O) and commission earned for it. */
export function TaxReportsTab() {
  const [month, setMonth] = useReportMonth();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">Tax reports for {monthName(month)}</h2>
          <p className="mt-1 text-sm text-slate-600">
            Counted from the tax documents issued in the month (India time): invoices add, credit notes subtract.
          </p>
        </div>
        <MonthPicker month={month} onMonth={setMonth} />
      </div>
      <TcsSection month={month} />
      <TdsSection month={month} />
      <CommissionSection month={month} />
      <CommissionGstSection month={month} />
    </div>
  );
}
