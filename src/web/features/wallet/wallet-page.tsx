import { ArrowDownToLine, ReceiptText, Wallet as WalletIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { WITHDRAWAL_MIN_POINTS } from '../../../contracts/rewards.contract';
import { RequireRole } from '../../layout/RequireRole';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { EmptyState, ErrorState, LoadingRegion } from '../../ui/States';
import { useWallet, useWithdrawals } from './use-wallet';
import {
  BalanceCards,
  BalanceCardsSkeleton,
  ListSkeleton,
  TransactionList,
  WithdrawalList,
} from '../../ui/WalletParts';
import { WithdrawModal } from './withdraw-modal';

const PAGE_SIZE = 10;
const WITHDRAWALS_PAGE_SIZE = 5;

/** /wallet (customers, and vendors and merchants for their referral rewards): points balances, the ledger and withdrawals to UPI. */
export function WalletPage() {
  return (
    <RequireRole roles={['customer', 'vendor', 'merchant']}>
      <WalletView />
    </RequireRole>
  );
}

function WalletView() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const wallet = useWallet(page, PAGE_SIZE);
  const [withdrawalsPage, setWithdrawalsPage] = useState(1);
  const withdrawals = useWithdrawals(withdrawalsPage, WITHDRAWALS_PAGE_SIZE);
  const [withdrawing, setWithdrawing] = useState(false);

  const goTo = (p: number) => {
    setParams(p > 1 ? { page: String(p) } : {});
    document.getElementById('transactions-heading')?.scrollIntoView({ block: 'start' });
  };

  return (
    <Page title="My Wallet" lead="Your reward points: spend them at checkout or withdraw them to UPI.">
      {wallet.isPending ? (
        <LoadingRegion label="Loading your wallet">
          <BalanceCardsSkeleton />
          <div className="mt-8">
            <ListSkeleton />
          </div>
        </LoadingRegion>
      ) : wallet.isError ? (
        <ErrorState message={`Failed to load your wallet: ${wallet.error.message}`} onRetry={() => wallet.refetch()} />
      ) : (
        <>
          <BalanceCards wallet={wallet.data} />
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">
              Withdraw at least {WITHDRAWAL_MIN_POINTS} points; they reach your UPI ID within 24 hours.
            </p>
            <Button onClick={() => setWithdrawing(true)} className="w-full sm:w-auto">
              <ArrowDownToLine className="h-4 w-4" aria-hidden="true" />
              Withdraw to UPI
            </Button>
          </div>

          <section aria-labelledby="transactions-heading" className="mt-8">
            <h2 id="transactions-heading" className="mb-3 scroll-mt-24 text-lg font-semibold text-slate-900">
              Transactions
            </h2>
            {wallet.data.transactions.total === 0 ? (
              <EmptyState
                title="No transactions yet"
                icon={<ReceiptText className="h-10 w-10 text-slate-400" aria-hidden="true" />}
                action={
                  <Link
                    to="/search"
                    className="inline-flex rounded-lg bg-violet-700 px-4 py-2 text-sm font-semibold text-white hover:bg-violet-800"
                  >
                    Start Shopping
                  </Link>
                }
              >
                Earn points on every order. They show here as soon as you shop.
              </EmptyState>
            ) : wallet.data.transactions.items.length === 0 ? (
              <EmptyState
                title="This page is empty"
                action={
                  <Button variant="secondary" onClick={() => goTo(1)}>
                    Go to the first page
                  </Button>
                }
              />
            ) : (
              <div
                aria-busy={wallet.isPlaceholderData || undefined}
                className={wallet.isPlaceholderData ? 'opacity-60' : undefined}
              >
                <TransactionList items={wallet.data.transactions.items} />
                <Pagination page={page} pageSize={PAGE_SIZE} total={wallet.data.transactions.total} onPage={goTo} />
              </div>
            )}
          </section>

          <WithdrawModal
            open={withdrawing}
            onClose={() => setWithdrawing(false)}
            availablePoints={wallet.data.availablePoints}
          />
        </>
      )}

      <section aria-labelledby="withdrawals-heading" className="mt-10">
        <h2 id="withdrawals-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Withdrawal requests
        </h2>
        {withdrawals.isPending ? (
          <LoadingRegion label="Loading withdrawal requests">
            <ListSkeleton rows={2} />
          </LoadingRegion>
        ) : withdrawals.isError ? (
          <ErrorState
            message={`Failed to load withdrawal requests: ${withdrawals.error.message}`}
            onRetry={() => withdrawals.refetch()}
          />
        ) : withdrawals.data.total === 0 ? (
          <EmptyState
            title="No withdrawal requests yet"
            icon={<WalletIcon className="h-10 w-10 text-slate-400" aria-hidden="true" />}
          >
            When you withdraw points to UPI, the request and its status show here.
          </EmptyState>
        ) : (
          <>
            <WithdrawalList items={withdrawals.data.items} />
            <Pagination
              page={withdrawalsPage}
              pageSize={WITHDRAWALS_PAGE_SIZE}
              total={withdrawals.data.total}
              onPage={setWithdrawalsPage}
            />
          </>
        )}
      </section>
    </Page>
  );
}
