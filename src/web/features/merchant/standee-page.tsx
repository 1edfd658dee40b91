import { ArrowLeft, Printer } from 'lucide-react';
import { Link } from 'react-router';
import { upiPayUri } from '../../../contracts/merchant.contract';
import { Button } from '../../ui/Button';
import { useTitle } from '../../ui/Page';
import { QrCode } from '../../ui/QrCode';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { useMerchantDashboard } from './use-merchant';

/** /merchant/standee: the UPI QR code as a page to print and stand on the counter (print hides everything else). */
export function StandeePage() {
  useTitle('Counter standee');
  const dashboard = useMerchantDashboard();
  if (dashboard.isPending) {
    return (
      <LoadingRegion label="Loading your standee">
        <Skeleton className="mx-auto my-8 h-96 max-w-md" />
      </LoadingRegion>
    );
  }
  if (dashboard.isError)
    return (
      <div className="mx-auto max-w-md p-8">
        <ErrorState
          message={`Failed to load your standee: ${dashboard.error.message}`}
          onRetry={() => dashboard.refetch()}
        />
      </div>
    );
  const { profile } = dashboard.data;
  return (
    <div className="mx-auto max-w-md px-4 py-8 print:max-w-none print:p-0">
      <div className="mb-4 flex items-center justify-between gap-2 print:hidden">
        <Link
          to="/merchant/dashboard"
          className="inline-flex items-center gap-1 text-sm font-medium text-violet-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Dashboard
        </Link>
        <Button onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" /> Print
        </Button>
      </div>
      <article
        id="standee"
        className="flex flex-col items-center rounded-2xl border-4 border-violet-700 bg-white p-8 text-center print:border-8"
      >
        <p className="text-sm font-semibold uppercase tracking-widest text-violet-700">
          Scan &amp; pay with any UPI app
        </p>
        <h1 className="mt-2 break-words text-3xl font-bold text-slate-900">{profile.businessName}</h1>
        <div className="mt-6 w-64">
          <QrCode value={upiPayUri(profile)} size={640} label={`UPI QR code to pay ${profile.businessName}`} />
        </div>
        <p className="mt-4 font-mono text-lg text-slate-800">{profile.upiId}</p>
        {profile.cashbackPercentage > 0 && (
          <p className="mt-4 rounded-full bg-amber-100 px-4 py-1.5 font-semibold text-amber-900">
            Get {profile.cashbackPercentage}% cashback as Haat points
          </p>
        )}
        <p className="mt-6 text-xs text-slate-500">
          Haat · tell us your phone number after paying to receive your cashback
        </p>
      </article>
    </div>
  );
}
