import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  promotionCostMessages as m,
  type PromotionCostReport,
  type PromotionCostRow,
} from '../../../contracts/promotion-cost.contract';
import { currentIndiaMonth, monthName } from '../../../contracts/tax-reports.contract';
import { api, toQuery } from '../../api/client';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { RatesSection } from './rate-form-parts';
import { moneyColumn, ReportTable, type ReportColumn } from './report-table';
import { DownloadCsv, MonthPicker } from './tax-reports-tab';

// The monthly promotion cost (docs/promotions.md): per promotion Haat pays for, what its ledger
// granted and gave back in an India month and the net Haat owes, with the month's CSV.

export const promotionCostKey = (month: string) => ['admin', 'promotions', 'cost', month] as const;
export const promotionCostPath = (month: string, csv = false) =>
  `/api/admin/promotions/cost${csv ? '.csv' : ''}${toQuery({ month })}`;

type Totals = PromotionCostReport['totals'];

const columns: ReportColumn<PromotionCostRow, Totals>[] = [
  { key: 'name', header: 'Promotion', render: (r) => r.name },
  { key: 'code', header: 'Code', render: (r) => (r.code ? <span className="font-mono">{r.code}</span> : '—') },
  {
    key: 'orders',
    header: 'Orders',
    numeric: true,
    render: (r) => r.orders.toLocaleString('en-IN'),
    total: (t) => t.orders.toLocaleString('en-IN'),
  },
  moneyColumn('granted', 'Granted', 'grantedPaise'),
  moneyColumn('givenBack', 'Given back', 'givenBackPaise'),
  moneyColumn('net', 'Net cost', 'netPaise'),
];

/** The report of one month: loading, error, empty, or the table with its totals. */
export function PromotionCostBody({ month }: { month: string }) {
  const query = useQuery({
    queryKey: promotionCostKey(month),
    queryFn: () => api.get<PromotionCostReport>(promotionCostPath(month)),
  });
  if (query.isPending)
    return (
      <LoadingRegion label="Loading the promotion cost">
        <div className="space-y-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      </LoadingRegion>
    );
  if (query.isError) return <ErrorState message={m.loadFailed} onRetry={() => void query.refetch()} />;
  if (query.data.rows.length === 0)
    return (
      <EmptyState title={`No promotion cost in ${monthName(month)}`}>
        Haat&apos;s cost is written when an order with a Haat-funded discount is placed, and given back when its items
        are cancelled or returned; choose another month to see its figures.
      </EmptyState>
    );
  return (
    <ReportTable
      label={`Promotion cost, ${monthName(month)}`}
      columns={columns}
      rows={query.data.rows}
      rowKey={(r) => r.promotionId}
      totals={query.data.totals}
    />
  );
}

/** The Promotions tab's monthly cost: a month (this month in India at first), its report and CSV. */
export function PromotionCostSection({ initialMonth }: { initialMonth?: string }) {
  const [month, setMonth] = useState(initialMonth ?? currentIndiaMonth());
  return (
    <RatesSection
      id="admin-promotion-cost"
      title={`Promotion cost for ${monthName(month)}`}
      lead={
        'What Haat owes its vendors for the discounts it pays, per promotion: granted on the orders placed ' +
        'in the month, less what cancellations and returns in the month gave back (India time).'
      }
      action={<DownloadCsv href={promotionCostPath(month, true)} what={`Promotion cost, ${monthName(month)}`} />}
    >
      <div className="mb-4">
        <MonthPicker month={month} onMonth={setMonth} />
      </div>
      <PromotionCostBody month={month} />
    </RatesSection>
  );
}
