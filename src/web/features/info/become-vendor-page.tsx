import {
  ArrowRight,
  BadgeCheck,
  Coins,
  CreditCard,
  LayoutDashboard,
  Mail,
  Rocket,
  Store,
  Truck,
  UserPlus,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../../ui/Page';
import { IconCardGrid, InfoSection, StepList, linkButtonClass, textLinkClass, type IconCardItem } from './info-parts';
import { support } from './support-contacts';

const steps: IconCardItem[] = [
  {
    icon: UserPlus,
    title: 'Register',
    text: 'Sign up with your name, business name, email, phone number and business address. Registration is free.',
  },
  {
    icon: Store,
    title: 'Setup Store',
    text: 'Create your shop with a name, description, logo and banner, choose online, physical or both, and set your delivery area and fees.',
  },
  {
    icon: BadgeCheck,
    title: 'Get Approved',
    text: 'Your business details are checked when you register. Most vendors are approved straight away and can list products the same day.',
  },
  {
    icon: Rocket,
    title: 'Start Earning',
    text: 'Add your products with photos, price and stock. Orders appear in your dashboard as soon as customers buy.',
  },
];

const benefits: IconCardItem[] = [
  {
    icon: Users,
    title: 'Reach 50,000+ customers',
    text: 'Sell to shoppers across India who already use Haat every week, without building your own website.',
  },
  {
    icon: Coins,
    title: 'Rewards that bring buyers back',
    text: 'Your products earn customers points (5% by default, your choice per product), so they come back to spend them.',
  },
  {
    icon: Store,
    title: 'Several shops, one account',
    text: 'Run different brands or branches as separate shops, each with its own products, delivery settings and look.',
  },
  {
    icon: LayoutDashboard,
    title: 'A simple dashboard',
    text: 'See your products, orders and revenue in one place, and update order status from your phone.',
  },
  {
    icon: CreditCard,
    title: 'Secure payments',
    text: 'Customers pay by UPI, card or net banking through a trusted payment gateway. You never chase a payment.',
  },
  {
    icon: Truck,
    title: 'Your delivery, your rules',
    text: 'Set your delivery distance, delivery fee and free-delivery threshold per shop, or sell from your shop counter.',
  },
];

/** /become-vendor: why and how to sell on Haat, with the way to /vendor/register. */
export function BecomeVendorPage() {
  return (
    <Page
      title="Become a Vendor"
      lead="Open your shop on Haat and sell to customers across India. Registration is free and takes a few minutes."
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/vendor/register" className={linkButtonClass('primary', 'px-6 py-3 text-base')}>
          Register as a vendor
          <ArrowRight className="h-5 w-5" aria-hidden="true" />
        </Link>
        <Link to="/login" className={linkButtonClass('secondary', 'px-6 py-3 text-base')}>
          Already a vendor? Log in
        </Link>
      </div>

      <InfoSection title="How to start selling" lead="Four steps from sign-up to your first order." className="mt-10">
        <StepList steps={steps} />
      </InfoSection>

      <InfoSection title="Why sell on Haat">
        <IconCardGrid items={benefits} />
      </InfoSection>

      <InfoSection title="What you need">
        <ul className="grid grid-cols-1 gap-3 text-slate-700 sm:grid-cols-2">
          {[
            'Your business name and business address',
            'An email address and a mobile number',
            'Photos, prices and stock for the products you sell',
            'A plan for delivery: your own, a courier, or pickup at your shop',
          ].map((item) => (
            <li
              key={item}
              className="flex items-start gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm"
            >
              <BadgeCheck className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
      </InfoSection>

      <section aria-labelledby="vendor-cta" className="mt-12 rounded-lg bg-violet-700 px-6 py-8 text-white sm:px-10">
        <h2 id="vendor-cta" className="text-xl font-semibold sm:text-2xl">
          Ready to open your shop?
        </h2>
        <p className="mt-2 max-w-2xl text-violet-100">Join 5,000+ vendors already selling on Haat.</p>
        <div className="mt-5">
          <Link to="/vendor/register" className={linkButtonClass('light')}>
            Start selling today
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      </section>

      <p className="mt-8 flex items-start gap-2 text-sm text-slate-600">
        <Mail className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          Questions about selling? Write to{' '}
          <a href={`mailto:${support.vendorEmail}`} className={textLinkClass}>
            {support.vendorEmail}
          </a>{' '}
          or use the{' '}
          <Link to="/contact" className={textLinkClass}>
            contact form
          </Link>{' '}
          and choose Vendor Partnership.
        </span>
      </p>
    </Page>
  );
}
