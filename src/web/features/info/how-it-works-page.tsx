import {
  ArrowRight,
  BadgeIndianRupee,
  ClipboardCheck,
  Coins,
  LayoutDashboard,
  Link2,
  Package,
  QrCode,
  ShoppingBag,
  Store,
  Truck,
  UserPlus,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../../ui/Page';
import { IconCardGrid, InfoSection, StepList, linkButtonClass, textLinkClass, type IconCardItem } from './info-parts';

const customerSteps: IconCardItem[] = [
  {
    icon: UserPlus,
    title: 'Sign Up',
    text: 'Create your free Haat account with your name, phone number and email. It takes under a minute.',
  },
  {
    icon: ShoppingBag,
    title: 'Shop',
    text: 'Browse products from thousands of Indian shops, add items from several shops to one cart and pay once. Shipping is free on orders above ₹999.',
  },
  {
    icon: Coins,
    title: 'Earn Points',
    text: 'Every product earns points of 2-10% of its price, shown on the product as an amber badge. 1 point = 1 rupee. Spend them as a discount on your next order.',
  },
  {
    icon: Wallet,
    title: 'Withdraw',
    text: 'Withdraw your available points to any UPI ID from your wallet, from 100 points upwards. Withdrawals are paid within 24 hours.',
  },
];

const vendorSteps: IconCardItem[] = [
  {
    icon: Store,
    title: 'Open your shops',
    text: 'Register as a vendor, then create one or more shops: online, physical or both, each with its own delivery area, delivery fee and free-delivery threshold.',
  },
  {
    icon: Package,
    title: 'List your products',
    text: 'Add products with up to 5 photos, price, stock and the reward percentage your customers earn. Turn products on and off whenever you like.',
  },
  {
    icon: Truck,
    title: 'Fulfil your orders',
    text: 'Orders for your products appear in your dashboard. Confirm, pack and ship them, and update the status so customers can follow their delivery.',
  },
  {
    icon: LayoutDashboard,
    title: 'Grow with insights',
    text: 'Your dashboard shows products, orders and revenue at a glance. Reward points bring customers back to your shop again and again.',
  },
];

const merchantFeatures: IconCardItem[] = [
  {
    icon: QrCode,
    title: 'Take UPI payments',
    text: 'Merchants are shops, restaurants and service providers that accept UPI payments in person. Record each payment in your merchant dashboard.',
  },
  {
    icon: BadgeIndianRupee,
    title: 'Give cashback',
    text: 'Choose a cashback percentage (we recommend 1-5%). Customers who pay you earn it as Haat points, a good reason to come back to you.',
  },
  {
    icon: Link2,
    title: 'Refer other businesses',
    text: 'Share your referral link or QR code. When a business you brought in becomes active on Haat, you receive referral points.',
  },
];

/** /how-it-works: how customers, vendors and merchants use Haat. */
export function HowItWorksPage() {
  return (
    <Page
      title="How Haat Works"
      lead="Shop from Indian businesses, earn points on every order and turn them into money in your bank account."
    >
      <InfoSection title="For customers" lead="Four steps from your first order to money in your bank account.">
        <StepList steps={customerSteps} />
        <div className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-5">
          <h3 className="flex items-center gap-2 font-semibold text-amber-900">
            <Coins className="h-5 w-5" aria-hidden="true" />
            How points work
          </h3>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-relaxed text-amber-950">
            <li>Example: a ₹2,000 kurta with 5% rewards earns 100 points, worth ₹100.</li>
            <li>
              Points from an order show as pending at first. They become available once your order is delivered and the
              7-day return window has passed.
            </li>
            <li>Use available points at checkout for a discount, or withdraw them via UPI (minimum 100 points).</li>
            <li>
              If an order is cancelled, the points it would have earned are removed and any points you used are given
              back.
            </li>
          </ul>
        </div>
        <div className="mt-6">
          <Link to="/register" className={linkButtonClass('primary')}>
            Create your free account
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      </InfoSection>

      <InfoSection title="For vendors" lead="Vendors run online shops on Haat and sell to customers across India.">
        <StepList steps={vendorSteps} />
        <p className="mt-6 text-slate-700">
          Want the details?{' '}
          <Link to="/become-vendor" className={textLinkClass}>
            Read more about becoming a vendor
          </Link>{' '}
          or{' '}
          <Link to="/vendor/register" className={textLinkClass}>
            register as a vendor
          </Link>
          .
        </p>
      </InfoSection>

      <InfoSection
        title="For merchants"
        lead="Merchants are local businesses that take UPI payments, reward their customers with cashback and grow the network through referrals."
      >
        <IconCardGrid items={merchantFeatures} />
        <div className="mt-6 flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <ClipboardCheck className="mt-0.5 h-5 w-5 shrink-0 text-violet-700" aria-hidden="true" />
            <p className="text-sm leading-relaxed text-slate-700">
              Registration is free. You get your own referral code and a dashboard with your referral link, QR code,
              referrals and the payments you recorded.
            </p>
          </div>
          <Link to="/merchant/register" className={linkButtonClass('primary', 'shrink-0')}>
            Register as a merchant
          </Link>
        </div>
      </InfoSection>
    </Page>
  );
}
