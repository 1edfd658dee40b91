import { ArrowDownToLine, Clock, Coins, TrendingUp, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  transactionGroup,
  transactionTypeLabels,
  type Wallet,
  type WalletTransaction,
  type Withdrawal,
} from '../../contracts/rewards.contract';
import { formatRupees, pointsToPaise } from '../../domain/money';
import { cn } from './cn';
import { formatDateTime } from './format-date';
import { Skeleton } from './States';
import { StatusBadge } from './StatusBadge';

const pts = (n: number) => n.toLocaleString('en-IN');

function BalanceCard({
  icon: Icon,
  label,
  value,
  hint,
  tone,
}: {
  icon: LucideIcon;
  label: string;
  value: number;
  hint: ReactNode;
  tone: string;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <Icon className={cn('h-4 w-4', tone)} aria-hidden="true" />
        {label}
      </div>
      <p className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">
        {pts(value)} <span className="text-sm font-medium text-slate-500">pts</span>
      </p>
      <p className="mt-1 text-xs text-slate-600">{hint}</p>
    </div>
  );
}

/** When pending points become available, as the server's return window says: order points after delivery, cashback after paying a verified merchant. */
export const pendingHint = (days: number) =>
  days === 0
    ? 'Points from orders become available once they are delivered; cashback once the merchant is verified'
    : `Points from orders become available ${days} ${days === 1 ? 'day' : 'days'} after delivery; cashback ${days} ${days === 1 ? 'day' : 'days'} after paying a verified merchant`;

/** The four balances: available, pending, withdrawn and total earned. */
export function BalanceCards({ wallet }: { wallet: Wallet }) {
  return (
    <section aria-label="Balances" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <BalanceCard
        icon={Coins}
        tone="text-amber-600"
        label="Available points"
        value={wallet.availablePoints}
        hint={<>1 point = ₹1 · worth {formatRupees(pointsToPaise(wallet.availablePoints))}</>}
      />
      <BalanceCard
        icon={Clock}
        tone="text-yellow-600"
        label="Pending"
        value={wallet.pendingPoints}
        hint={pendingHint(wallet.returnWindowDays)}
      />
      <BalanceCard
        icon={ArrowDownToLine}
        tone="text-blue-600"
        label="Withdrawn"
        value={wallet.withdrawnPoints}
        hint="Sent or on its way to your UPI ID"
      />
      <BalanceCard
        icon={TrendingUp}
        tone="text-green-600"
        label="Total earned"
        value={wallet.totalEarned}
        hint="Everything you have earned on Haat"
      />
    </section>
  );
}

/** Balance cards while they load. */
export function BalanceCardsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-28" />
      ))}
    </div>
  );
}

const groupTone = {
  earned: 'bg-green-100 text-green-800',
  spent: 'bg-red-100 text-red-800',
  withdrawn: 'bg-blue-100 text-blue-800',
} as const;

// The change a row makes: available points when it moves them, otherwise pending points.
function Change({ t }: { t: WalletTransaction }) {
  const n = t.points !== 0 ? t.points : t.pendingPoints;
  const pendingOnly = t.points === 0 && t.pendingPoints !== 0;
  return (
    <div className="shrink-0 text-right">
      <p className={cn('font-semibold tabular-nums', n >= 0 ? 'text-green-700' : 'text-red-700')}>
        {n >= 0 ? '+' : '−'}
        {pts(Math.abs(n))} pts
      </p>
      {pendingOnly && <p className="text-xs text-slate-500">pending</p>}
      {t.type === 'released' && <p className="text-xs text-slate-500">from pending</p>}
    </div>
  );
}

/** One page of ledger rows: type badge, description, date and the signed change. */
export function TransactionList({ items }: { items: WalletTransaction[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
      {items.map((t) => (
        <li key={t.id} className="flex items-start justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <span
              className={cn(
                'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
                groupTone[transactionGroup[t.type]],
              )}
            >
              {transactionTypeLabels[t.type]}
            </span>
            <p className="mt-1 break-words text-sm text-slate-900">{t.description || transactionTypeLabels[t.type]}</p>
            <p className="text-xs text-slate-500">
              <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
            </p>
          </div>
          <Change t={t} />
        </li>
      ))}
    </ul>
  );
}

/** Rows of a list while it loads. */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="space-y-2">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}

/** The customer's withdrawal requests with their status. */
export function WithdrawalList({ items }: { items: Withdrawal[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
      {items.map((w) => (
        <li key={w.id} className="flex items-start justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              {pts(w.points)} pts{' '}
              <span className="font-normal text-slate-600">({formatRupees(pointsToPaise(w.points))})</span>
            </p>
            <p className="break-all text-sm text-slate-700">to {w.upiId}</p>
            <p className="text-xs text-slate-500">
              Requested <time dateTime={w.createdAt}>{formatDateTime(w.createdAt)}</time>
              {w.processedAt && (
                <>
                  {' · '}
                  {w.status === 'paid' ? 'Paid' : 'Processed'}{' '}
                  <time dateTime={w.processedAt}>{formatDateTime(w.processedAt)}</time>
                </>
              )}
            </p>
            {w.upiReference && (
              <p className="mt-1 text-sm text-slate-700">
                UPI reference <span className="font-mono">{w.upiReference}</span>
              </p>
            )}
            {w.rejectReason && <p className="mt-1 text-sm text-red-700">Reason: {w.rejectReason}</p>}
          </div>
          <StatusBadge status={w.status} className="shrink-0" />
        </li>
      ))}
    </ul>
  );
}
