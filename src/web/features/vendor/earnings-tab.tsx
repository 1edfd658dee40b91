import { CheckCircle2, Clock, Download, IndianRupee, Receipt, Wallet } from 'lucide-react';
import { useSearchParams } from 'react-router';
import {
  earningsMessages as m,
  formatDay,
  payoutStatusText,
  type EarningsPayout,
  type VendorEarnings,
} from '../../../contracts/earnings.contract';
import { isMonth, todayInIndia } from '../../../domain/age';
import { getActingVendorId } from '../../api/client';
import { downloadDocument } from '../../api/document-download';
import { notify } from '../../ui/notify';
import { Select } from '../../ui/Field';
import { formatDate } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { Pagination } from '../../ui/Pagination';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { StatCard } from '../../ui/StatCard';
import { StatusBadge } from '../../ui/StatusBadge';
import { CommissionInvoicesSection } from './commission-invoices-section';
import { StatementCard, StatementTable } from './earnings-statement';
import { earningsCsvUrl, useEarningsStatement, useVendorEarnings } from './vendor-earnings-api';

const payoutTone: Record<EarningsPayout['status'], string> = {
  created: 'confirmed',
  transferring: 'processing',
  paid: 'paid',
  cancelled: 'cancelled',
};
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const monthLabel = (value: string) => `${MONTH_NAMES[Number(value.slice(5, 7)) - 1]} ${value.slice(0, 4)}`;

/** The last 12 months in India, newest first, as YYYY-MM (and the chosen one when it is older), labelled like 'Nov 2026'. */
function monthOptions(chosen?: string): { value: string; label: string }[] {
  const [y, mo] = todayInIndia().split('-').map(Number);
  const values = Array.from({ length: 12 }, (_, i) => {
    const index = y * 12 + (mo - 1) - i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
  if (chosen && !values.includes(chosen)) values.push(chosen);
  return values.map((value) => ({ value, label: monthLabel(value) }));
}
const isMonthChosen = (v: string | null): v is string => v !== null && isMonth(v);

/** The month and page of the statement, kept in the address (?tab=earnings&month=&page=). */
function useStatementFilters() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('month');
  const filters = { month: isMonthChosen(raw) ? raw : undefined, page: Math.max(1, Number(params.get('page')) || 1) };
  const set = (change: { month?: string | null; page?: number }) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        const month = change.month !== undefined ? change.month : filters.month;
        const page = change.month !== undefined ? 1 : (change.page ?? filters.page);
        if (month) next.set('month', month);
        else next.delete('month');
        if (page === 1) next.delete('page');
        else next.set('page', String(page));
        return next;
      },
      { replace: true },
    );
  return [filters, set] as const;
}

function Totals({ e }: { e: VendorEarnings }) {
  const { pendingPaise, payablePaise, paidPaise } = e.totals;
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <StatCard
        label="Pending"
        value={<Money paise={pendingPaise} />}
        icon={Clock}
        tone="bg-yellow-100 text-yellow-900"
        note={`Waiting for the return window (${e.returnWindowDays} days after delivery)`}
      />
      <StatCard
        label="Payable"
        value={<Money paise={payablePaise} />}
        icon={Wallet}
        tone="bg-violet-100 text-violet-800"
        note={
          payablePaise < 0
            ? 'You owe Haat: cash you collected on delivery, or a refund after a payout, taken from your next payout'
            : 'Haat owes you: paid in your next payout'
        }
      />
      <StatCard
        label="Paid"
        value={<Money paise={paidPaise} />}
        icon={CheckCircle2}
        tone="bg-green-100 text-green-800"
        note="Paid out to you so far"
      />
    </dl>
  );
}

function HowDeductionsWork() {
  return (
    <section
      aria-labelledby="deductions-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm"
    >
      <h3 id="deductions-heading" className="font-semibold text-slate-900">
        What is deducted from each sale
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          <strong className="font-medium text-slate-900">Commission</strong>: Haat&apos;s fee, a percentage of the price
          the customer paid (GST included).
        </li>
        <li>
          <strong className="font-medium text-slate-900">TCS</strong>: 0.5% of the taxable value (the price without
          GST), collected under GST section 52, only from vendors with a GSTIN. You can claim it in your GST returns.
        </li>
        <li>
          <strong className="font-medium text-slate-900">TDS</strong>: 0.1% under Income-tax section 194-O, or 5% if you
          have not given your PAN, of the taxable value when your invoice shows GST (you have a GSTIN), else of the
          price. It counts towards your income tax.
        </li>
      </ul>
      <p className="mt-2">
        Your net is the price less these three. GST itself is part of the price and is shown for your records.
      </p>
      <p className="mt-2">
        <strong className="font-medium text-slate-900">GST on the commission</strong>: 18% of Haat&apos;s commission,
        billed once a month on Haat&apos;s commission invoice and deducted from your payable balance when it is issued.
      </p>
      <p className="mt-2">
        <strong className="font-medium text-slate-900">Cash on delivery</strong>: you keep the cash the customer pays at
        the door, so it is deducted from your payout. Your payable can go below zero until your other sales make up for
        it.
      </p>
    </section>
  );
}

function Payouts({ payouts }: { payouts: EarningsPayout[] }) {
  if (payouts.length === 0) {
    return (
      <EmptyState title={m.noPayouts} icon={<IndianRupee className="h-10 w-10 text-slate-400" aria-hidden="true" />}>
        When Haat pays you what is payable, each payout appears here with its reference.
      </EmptyState>
    );
  }
  return (
    <ul
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white px-4 shadow-sm"
      aria-label="Payouts"
    >
      {payouts.map((p) => (
        <li key={p.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              <Money paise={p.amountPaise} />
            </p>
            <p className="text-slate-700">
              For {formatDay(p.periodFrom)} to {formatDay(p.periodTo)}
            </p>
            <p className="text-xs text-slate-500">
              {`Created ${formatDate(p.createdAt)}`}
              {p.method &&
                ` · ${p.method === 'upi' ? 'UPI' : p.method === 'bank' ? 'Bank transfer' : p.method === 'route' ? 'Razorpay Route' : p.method}`}
            </p>
          </div>
          <StatusBadge status={payoutTone[p.status]} text={payoutStatusText(p)} />
        </li>
      ))}
    </ul>
  );
}

function EarningsSkeleton() {
  return (
    <LoadingRegion label="Loading your earnings">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <div className="mt-6 space-y-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-40 w-full md:h-16" />
        ))}
      </div>
    </LoadingRegion>
  );
}

/**
 * The Earnings tab: what Haat owes the vendor (pending, payable, paid), a statement per part of an
 * order with every deduction and what it is a percentage of, by month and paged on the server, the
 * statement as CSV, and the payouts so far.
 */
export function EarningsTab() {
  const [filters, setFilters] = useStatementFilters();
  const summary = useVendorEarnings();
  const own = useEarningsStatement(filters);
  const usesOwn = filters.page > 1 || Boolean(filters.month);

  if (summary.isPending) return <EarningsSkeleton />;
  if (summary.isError) return <ErrorState message={m.loadFailed} onRetry={() => summary.refetch()} />;
  const e = summary.data;
  const page = usesOwn ? own.data : e.statement;

  let statementBody;
  if (usesOwn && own.isError) statementBody = <ErrorState message={m.loadFailed} onRetry={() => own.refetch()} />;
  else if (!page) statementBody = <EarningsSkeleton />;
  else if (page.items.length === 0)
    statementBody = filters.month ? (
      <EmptyState title="No sales this month">Choose another month, or all months, to see your statement.</EmptyState>
    ) : (
      <EmptyState title="No sales yet" icon={<Receipt className="h-10 w-10 text-slate-400" aria-hidden="true" />}>
        Each part of an order for your shops appears here when it is placed, with what Haat deducts and what you get.
      </EmptyState>
    );
  else
    statementBody = (
      <div className={usesOwn && own.isPlaceholderData ? 'opacity-60' : undefined}>
        <ul className="space-y-3 md:hidden" aria-label="Statement">
          {page.items.map((r) => (
            <StatementCard key={r.partId} row={r} />
          ))}
        </ul>
        <StatementTable rows={page.items} />
        <Pagination
          page={page.page}
          pageSize={page.pageSize}
          total={page.total}
          onPage={(next) => setFilters({ page: next })}
        />
      </div>
    );

  return (
    <div className="space-y-6">
      <section aria-labelledby="earnings-heading" className="space-y-3">
        <div>
          <h2 id="earnings-heading" className="text-lg font-semibold text-slate-900">
            Your earnings
          </h2>
          <p className="text-sm text-slate-600">
            What Haat owes you for your shops&apos; sales, after commission and taxes.
          </p>
        </div>
        <Totals e={e} />
      </section>
      <HowDeductionsWork />
      <section aria-labelledby="statement-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="statement-heading" className="text-lg font-semibold text-slate-900">
            Statement
          </h2>
          <div className="flex flex-wrap items-end gap-3">
            <div className="w-44">
              <Select
                label="Month ordered"
                value={filters.month ?? ''}
                onChange={(ev) => setFilters({ month: ev.target.value || null })}
              >
                <option value="">All months</option>
                {monthOptions(filters.month).map((mo) => (
                  <option key={mo.value} value={mo.value}>
                    {mo.label}
                  </option>
                ))}
              </Select>
            </div>
            <a
              href={earningsCsvUrl(filters.month)}
              download
              onClick={(e) => {
                // A link cannot name the vendor a team member acts for: the file is fetched with it instead.
                if (!getActingVendorId()) return;
                e.preventDefault();
                downloadDocument(earningsCsvUrl(filters.month), () => undefined).catch((err: unknown) =>
                  notify.error(err instanceof Error ? err.message : String(err)),
                );
              }}
              className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              Download CSV
            </a>
          </div>
        </div>
        {statementBody}
      </section>
      <CommissionInvoicesSection />
      <section aria-labelledby="payouts-heading" className="space-y-3">
        <h2 id="payouts-heading" className="text-lg font-semibold text-slate-900">
          Payout history
        </h2>
        <Payouts payouts={e.payouts} />
      </section>
    </div>
  );
}
