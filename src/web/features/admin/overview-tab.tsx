import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  Activity,
  Clock,
  IndianRupee,
  Package,
  Share2,
  ShoppingBag,
  Store,
  TrendingDown,
  TrendingUp,
  Users,
  Wallet,
} from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminOverview } from '../../../contracts/admin.contract';
import { formatRupees, toPaise, toRupees } from '../../../domain/money';
import { api } from '../../api/client';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { StatCard } from '../../ui/StatCard';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';

export const adminOverviewKey = ['admin', 'overview'] as const;

function useAdminOverview() {
  return useQuery({
    queryKey: adminOverviewKey,
    queryFn: () => api.get<AdminOverview>('/api/admin/overview'),
    staleTime: 30_000,
  });
}

const count = (n: number) => n.toLocaleString('en-IN');
const dayLabel = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short' });

function Growth({ label, value }: { label: string; value: number | null }) {
  if (value === null) {
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="mt-1 text-lg font-semibold text-slate-500">No figures last month</p>
      </div>
    );
  }
  const up = value >= 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className={`mt-1 flex items-center gap-1.5 text-2xl font-bold ${up ? 'text-green-700' : 'text-red-700'}`}>
        <Icon className="h-5 w-5" aria-hidden="true" />
        {up ? '+' : '−'}
        {Math.abs(value).toLocaleString('en-IN')}%
      </p>
    </div>
  );
}

/** A chart with its figures as a table under a disclosure, for screen readers and exact values. */
function ChartFigure({
  title,
  children,
  rows,
}: {
  title: string;
  children: ReactNode;
  rows: { label: string; value: string }[];
}) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      <div className="mt-3 h-56" aria-hidden="true">
        {children}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-violet-700 hover:underline">Show the figures</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{title}</caption>
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Value
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.label}>
                <td className="py-1">{r.label}</td>
                <td className="py-1 text-right tabular-nums">{r.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** The Overview tab: the totals, this month's growth, 30 days of revenue and orders, and recent activity. */
export function AdminOverviewTab() {
  const overview = useAdminOverview();
  if (overview.isPending) {
    return (
      <LoadingRegion label="Loading the overview">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <Skeleton className="mt-6 h-64" />
      </LoadingRegion>
    );
  }
  if (overview.isError)
    return (
      <ErrorState
        message={`Failed to load dashboard data: ${overview.error.message}`}
        onRetry={() => overview.refetch()}
      />
    );
  const { totals, growth, daily, recentActivity } = overview.data;
  const chartData = daily.map((d) => ({ day: dayLabel(d.date), orders: d.orders, revenue: toRupees(d.revenuePaise) }));

  return (
    <div className="space-y-8">
      <section aria-labelledby="admin-totals">
        <h2 id="admin-totals" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
          <StatCard label="Users" value={count(totals.totalUsers)} icon={Users} tone="bg-violet-100 text-violet-800" />
          <StatCard label="Vendors" value={count(totals.totalVendors)} icon={Store} tone="bg-blue-100 text-blue-800" />
          <StatCard
            label="Merchants"
            value={count(totals.totalMerchants)}
            icon={Wallet}
            tone="bg-teal-100 text-teal-800"
          />
          <StatCard
            label="Products"
            value={count(totals.totalProducts)}
            icon={Package}
            tone="bg-slate-100 text-slate-800"
          />
          <StatCard
            label="Orders"
            value={count(totals.totalOrders)}
            icon={ShoppingBag}
            tone="bg-indigo-100 text-indigo-800"
          />
          <StatCard
            label="Revenue"
            value={<Money paise={totals.totalRevenuePaise} />}
            icon={IndianRupee}
            tone="bg-amber-100 text-amber-900"
            note="Paid after points, less refunds due"
          />
          <StatCard
            label="Referrals"
            value={count(totals.totalReferrals)}
            icon={Share2}
            tone="bg-pink-100 text-pink-800"
          />
          <StatCard
            label="Pending approvals"
            value={count(totals.pendingApprovals)}
            icon={Clock}
            tone="bg-orange-100 text-orange-900"
            note="Vendors and employees waiting"
          />
        </dl>
      </section>

      <section aria-labelledby="admin-growth">
        <h2 id="admin-growth" className="text-lg font-semibold text-slate-900">
          Growth
        </h2>
        <p className="text-sm text-slate-600">This month so far, against the same days of last month.</p>
        <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Growth label="New users" value={growth.usersGrowth} />
          <Growth label="Orders" value={growth.ordersGrowth} />
          <Growth label="Revenue" value={growth.revenueGrowth} />
        </div>
      </section>

      <section aria-labelledby="admin-charts" className="space-y-3">
        <h2 id="admin-charts" className="text-lg font-semibold text-slate-900">
          The last 30 days
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartFigure
            title="Revenue per day"
            rows={chartData.map((d) => ({ label: d.day, value: formatRupees(toPaise(d.revenue)) }))}
          >
            <ResponsiveContainer width="100%" height="100%">
              <LineChart accessibilityLayer={false} data={chartData} margin={{ top: 5, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis dataKey="day" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={24} />
                <YAxis
                  tick={{ fontSize: 11 }}
                  width={56}
                  tickFormatter={(v: number) => `₹${v.toLocaleString('en-IN')}`}
                />
                <Tooltip formatter={(v) => [formatRupees(toPaise(Number(v))), 'Revenue']} />
                <Line
                  type="monotone"
                  dataKey="revenue"
                  stroke="#6d28d9"
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              </LineChart>
            </ResponsiveContainer>
          </ChartFigure>
          <ChartFigure title="Orders per day" rows={chartData.map((d) => ({ label: d.day, value: count(d.orders) }))}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart accessibilityLayer={false} data={chartData} margin={{ top: 5, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis dataKey="day" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={24} />
                <YAxis tick={{ fontSize: 11 }} width={32} allowDecimals={false} />
                <Tooltip formatter={(v) => [count(Number(v)), 'Orders']} />
                <Bar dataKey="orders" fill="#2563eb" radius={[3, 3, 0, 0]} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </ChartFigure>
        </div>
      </section>

      <section aria-labelledby="admin-activity">
        <h2 id="admin-activity" className="text-lg font-semibold text-slate-900">
          Recent activity
        </h2>
        {recentActivity.length === 0 ? (
          <EmptyState title="Nothing yet" icon={<Activity className="h-10 w-10 text-slate-400" aria-hidden="true" />}>
            Admin actions and sign-ins appear here.
          </EmptyState>
        ) : (
          <ol className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {recentActivity.map((a) => (
              <li
                key={a.id}
                className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{a.description}</p>
                  <p className="truncate text-sm text-slate-600">{a.user}</p>
                </div>
                <time dateTime={a.timestamp} className="shrink-0 text-sm text-slate-500">
                  {formatDateTime(a.timestamp)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
