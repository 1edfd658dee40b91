import { useState } from 'react';
import { cashbackStatusLabels } from '../../../contracts/merchant.contract';
import { formatDate } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { Pagination } from '../../ui/Pagination';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { SimpleTable } from '../../ui/SimpleTable';
import { StatusBadge } from '../../ui/StatusBadge';
import { useMerchantPayments } from './use-merchant';

/** The payments the merchant recorded: masked customer, amount, cashback and its state, reference and date. */
export function PaymentsList() {
  const [page, setPage] = useState(1);
  const payments = useMerchantPayments(page);
  if (payments.isPending) {
    return (
      <LoadingRegion label="Loading payments">
        <Skeleton className="h-40 w-full" />
      </LoadingRegion>
    );
  }
  if (payments.isError)
    return (
      <ErrorState message={`Failed to load payments: ${payments.error.message}`} onRetry={() => payments.refetch()} />
    );
  const { items, total, pageSize } = payments.data;
  if (total === 0)
    return (
      <EmptyState title="No payments recorded yet">
        Record a UPI payment above and your customer earns cashback points.
      </EmptyState>
    );
  return (
    <div className={payments.isPlaceholderData ? 'opacity-60' : undefined}>
      <p className="mb-2 text-sm text-slate-600">{`${total.toLocaleString('en-IN')} ${total === 1 ? 'payment' : 'payments'}`}</p>
      <SimpleTable
        caption="Recorded UPI payments, newest first"
        columns={[
          { header: 'Customer' },
          { header: 'Amount', numeric: true },
          { header: 'Cashback', numeric: true },
          { header: 'UPI reference' },
          { header: 'Paid on' },
        ]}
      >
        {items.map((p) => (
          <tr key={p.id}>
            <td className="whitespace-nowrap px-3 py-2">
              <span className="font-medium text-slate-900">{p.customerName}</span>
              {p.customerPhoneLast4 && <span className="ml-2 text-slate-500">••••{p.customerPhoneLast4}</span>}
            </td>
            <td className="whitespace-nowrap px-3 py-2 text-right">
              <Money paise={p.amountPaise} />
            </td>
            <td className="whitespace-nowrap px-3 py-2 text-right">
              <span className="mr-2">{p.cashbackPoints} pts</span>
              <StatusBadge status={p.cashbackStatus} text={cashbackStatusLabels[p.cashbackStatus]} />
            </td>
            <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{p.upiReference ?? '—'}</td>
            <td className="whitespace-nowrap px-3 py-2">{formatDate(p.paidOn)}</td>
          </tr>
        ))}
      </SimpleTable>
      <Pagination page={page} pageSize={pageSize} total={total} onPage={setPage} />
    </div>
  );
}
