import { useState } from 'react';
import {
  returnFilters,
  type OrderReturn,
  type ReturnFilter,
  type ReturnPage,
} from '../../../contracts/returns.contract';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { ListCount, ListFilter } from './admin-list-parts';
import {
  canDecide,
  canRetryRefund,
  ReturnItems,
  ReturnOrder,
  ReturnReason,
  ReturnRefundSummary,
  ReturnState,
  returnFilterLabels,
  returnFilterWords,
} from './return-details';
import { DecideReturnDialog, RetryRefundDialog } from './return-dialogs';
import { useAdminList } from './use-admin-list';

export const returnColumns: Column<OrderReturn>[] = [
  { key: 'order', header: 'Order', render: (r) => <ReturnOrder ret={r} /> },
  {
    key: 'shop',
    header: 'Shop / customer',
    render: (r) => (
      <>
        <span className="font-medium text-slate-900">{r.storeName}</span>
        <br />
        <span className="text-slate-600">{r.customerName}</span>
      </>
    ),
  },
  { key: 'items', header: 'Items', render: (r) => <ReturnItems ret={r} /> },
  { key: 'reason', header: 'Reason', render: (r) => <ReturnReason ret={r} /> },
  { key: 'status', header: 'Status', render: (r) => <ReturnState ret={r} /> },
  { key: 'refund', header: 'Refund', render: (r) => <ReturnRefundSummary ret={r} /> },
];

/** A row's action: Decide (requested or disputed), Send refund again (a failed refund), or none. */
export function ReturnActions({
  ret,
  onDecide,
  onRetry,
}: {
  ret: OrderReturn;
  onDecide: (r: OrderReturn) => void;
  onRetry: (r: OrderReturn) => void;
}) {
  if (canDecide(ret)) {
    return (
      <Button size="sm" className="min-h-11" onClick={() => onDecide(ret)}>
        Decide
      </Button>
    );
  }
  if (canRetryRefund(ret)) {
    return (
      <Button size="sm" variant="secondary" className="min-h-11" onClick={() => onRetry(ret)}>
        Send refund again
      </Button>
    );
  }
  return null;
}

/**
 * The Returns tab: every return, newest first, by status; a requested or
 * disputed one decided, and a failed gateway refund sent again, each with a fresh code.
 */
export function ReturnsTab() {
  const list = useAdminList<ReturnPage>('/api/admin/returns', { sort: 'requestedAt', filters: { status: 'all' } });
  const [deciding, setDeciding] = useState<OrderReturn | null>(null);
  const [retrying, setRetrying] = useState<OrderReturn | null>(null);
  const status = list.filters.status as ReturnFilter;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <ListFilter
          list={list}
          name="status"
          label="Status"
          width="w-full sm:w-56"
          choices={returnFilters}
          labels={returnFilterLabels}
        />
      </div>
      <ListCount
        page={list.query.data}
        noun={['return', 'returns']}
        more={() => (status === 'all' ? '' : ` ${returnFilterWords[status]}`)}
      />
      <DataTable
        label="Returns"
        columns={returnColumns}
        {...list.tableProps('returns')}
        rowKey={(r) => r.id}
        emptyTitle={status === 'all' ? 'No returns yet' : `No returns ${returnFilterWords[status]}`}
        emptyText={
          status === 'all'
            ? 'Returns customers ask for appear here, newest first.'
            : 'Choose another status to see the others.'
        }
        actions={(r) => <ReturnActions ret={r} onDecide={setDeciding} onRetry={setRetrying} />}
      />
      <DecideReturnDialog key={deciding?.id ?? 'none'} ret={deciding} onClose={() => setDeciding(null)} />
      <RetryRefundDialog ret={retrying} onClose={() => setRetrying(null)} />
    </div>
  );
}
