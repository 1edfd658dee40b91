import { CheckCircle2, IndianRupee, Package, ShoppingBag } from 'lucide-react';
import { vendorProductMessages, type VendorRecentOrder } from '../../../contracts/vendor-products.contract';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Alert';
import { formatDate } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { StatCard } from '../../ui/StatCard';
import { StatusBadge } from '../../ui/StatusBadge';
import { useVendorOverview } from './vendor-products-api';

const shortId = (id: string) => `#${id.slice(0, 8)}`;

function RecentOrders({ orders }: { orders: VendorRecentOrder[] }) {
  return (
    <>
      {/* Phones: one card per order. */}
      <ul className="divide-y divide-slate-200 sm:hidden">
        {orders.map((o) => (
          <li key={o.orderPartId} className="flex items-start justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-mono text-sm font-semibold text-slate-900">{shortId(o.orderId)}</p>
              <p className="truncate text-sm text-slate-700">{o.customerName}</p>
              <p className="text-xs text-slate-500">
                {formatDate(o.createdAt)} · {o.storeName}
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <Money paise={o.amountPaise} className="font-semibold text-slate-900" />
              <StatusBadge status={o.status} />
            </div>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-left text-sm sm:table">
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Order
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Customer
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Shop
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 font-medium">
              Date
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {orders.map((o) => (
            <tr key={o.orderPartId}>
              <td className="py-2.5 pr-3 font-mono font-semibold text-slate-900">{shortId(o.orderId)}</td>
              <td className="py-2.5 pr-3 text-slate-700">{o.customerName}</td>
              <td className="py-2.5 pr-3 text-slate-700">{o.storeName}</td>
              <td className="py-2.5 pr-3 text-right font-medium text-slate-900">
                <Money paise={o.amountPaise} />
              </td>
              <td className="py-2.5 pr-3">
                <StatusBadge status={o.status} />
              </td>
              <td className="py-2.5 text-slate-700">{formatDate(o.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Overview: product counts, orders and revenue of the vendor's own parts of orders, and the 5 most recent. */
export function OverviewTab({ onOpenProducts }: { onOpenProducts: () => void }) {
  const overview = useVendorOverview();
  if (overview.isPending) {
    return (
      <LoadingRegion label="Loading your dashboard">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
        <Skeleton className="mt-6 h-56 w-full" />
      </LoadingRegion>
    );
  }
  if (overview.isError)
    return <ErrorState message={vendorProductMessages.loadDashboardFailed} onRetry={() => overview.refetch()} />;
  const o = overview.data;
  return (
    <div className="space-y-6">
      {o.rejectionReason !== null && (
        <Alert tone="error">
          <strong className="font-semibold">Your vendor account was not approved.</strong>{' '}
          {`Your shops and products are off the storefront until the Haat team approves your account.${o.rejectionReason ? ` Reason: ${o.rejectionReason}` : ''} Please use the Contact page if you have questions.`}
        </Alert>
      )}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Total products"
          value={o.totalProducts.toLocaleString('en-IN')}
          icon={Package}
          tone="bg-violet-100 text-violet-800"
        />
        <StatCard
          label="Active products"
          value={o.activeProducts.toLocaleString('en-IN')}
          icon={CheckCircle2}
          tone="bg-green-100 text-green-800"
        />
        <StatCard
          label="Total orders"
          value={o.totalOrders.toLocaleString('en-IN')}
          icon={ShoppingBag}
          tone="bg-blue-100 text-blue-800"
        />
        <StatCard
          label="Revenue"
          value={<Money paise={o.revenuePaise} />}
          icon={IndianRupee}
          tone="bg-amber-100 text-amber-900"
        />
      </dl>
      <p className="-mt-3 text-xs text-slate-500">
        Orders and revenue count only your shops&apos; items; revenue leaves cancelled parts out.
      </p>
      <section
        aria-labelledby="recent-orders-heading"
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="recent-orders-heading" className="text-lg font-semibold text-slate-900">
          Recent orders
        </h2>
        {o.recentOrders.length === 0 ? (
          <div className="mt-3">
            <EmptyState
              title="No orders yet"
              icon={<ShoppingBag className="h-10 w-10 text-slate-400" aria-hidden="true" />}
              action={
                o.totalProducts === 0 ? <Button onClick={onOpenProducts}>Add your first product</Button> : undefined
              }
            >
              Orders for your shops&apos; products appear here as soon as customers place them.
            </EmptyState>
          </div>
        ) : (
          <div className="mt-2">
            <RecentOrders orders={o.recentOrders} />
          </div>
        )}
      </section>
    </div>
  );
}
