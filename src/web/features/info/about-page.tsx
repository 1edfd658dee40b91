import { ArrowRight, Coins, Handshake, Headphones, ShieldCheck, Store, Target, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '../../ui/Page';
import { IconCardGrid, InfoSection, linkButtonClass, type IconCardItem } from './info-parts';

const stats = [
  { icon: Users, value: '50,000+', label: 'Happy customers' },
  { icon: Store, value: '5,000+', label: 'Trusted vendors' },
  { icon: Coins, value: '₹10 Cr+', label: 'Rewards earned' },
  { icon: Headphones, value: '24/7', label: 'Customer support' },
] as const;

const values: IconCardItem[] = [
  {
    icon: ShieldCheck,
    title: 'Trust first',
    text: 'Every shop belongs to a registered seller, every payment is processed securely, and every order is covered by our 7-day return policy. You always know who you are buying from.',
  },
  {
    icon: Coins,
    title: 'Rewards for everyone',
    text: 'Shoppers earn 2-10% of every order back as points (1 point = ₹1), merchants give cashback, and referrals are rewarded. When the marketplace grows, everyone who helped it grow shares in it.',
  },
  {
    icon: Handshake,
    title: 'Local sellers, national reach',
    text: 'We give independent Indian businesses, from a saree weaver in Varanasi to an electronics store in Pune, the same online tools as the biggest brands, so they can sell across the country.',
  },
];

/** /about: Haat's mission, figures and values. */
export function AboutPage() {
  return (
    <Page
      title="About Haat"
      lead="Haat is India's rewarding marketplace: thousands of local shops in one place, and points back on everything you buy."
    >
      <InfoSection title="Our mission">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
          <div className="space-y-4 leading-relaxed text-slate-700">
            <p>
              A haat is the weekly village market of India: a place where buyers meet the people who make and sell what
              they need, bargain a little, and come back next week because they were treated well. We built Haat to
              bring that spirit online.
            </p>
            <p>
              Our mission is to make online shopping fair for both sides of the counter. Customers should be rewarded
              for their loyalty with real money they can spend or withdraw to their bank through UPI. Sellers, whether
              they run one shop or ten, should be able to reach customers across India without giving up their identity
              or their margins.
            </p>
            <p>
              That is why every order on Haat earns reward points, why shops keep their own name and brand, and why our
              support team is available around the clock, in the moments when you need it.
            </p>
          </div>
          <div className="rounded-lg border border-violet-200 bg-violet-50 p-5">
            <Target className="h-6 w-6 text-violet-700" aria-hidden="true" />
            <p className="mt-3 font-semibold text-violet-900">Shop smart, earn more.</p>
            <p className="mt-1 text-sm leading-relaxed text-violet-900">
              One account to shop from thousands of Indian businesses and earn points on every order, with free shipping
              on orders above ₹999.
            </p>
          </div>
        </div>
      </InfoSection>

      <InfoSection title="Haat in numbers">
        <dl className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4">
          {stats.map(({ icon: Icon, value, label }) => (
            <div
              key={label}
              className="flex flex-col-reverse rounded-lg border border-slate-200 bg-white p-5 text-center shadow-sm"
            >
              <dt className="mt-1 text-sm font-medium text-slate-600">{label}</dt>
              <dd className="text-3xl font-bold text-violet-700">
                <Icon className="mx-auto mb-2 h-6 w-6 text-amber-600" aria-hidden="true" />
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </InfoSection>

      <InfoSection title="What we stand for">
        <IconCardGrid items={values} />
      </InfoSection>

      <section aria-label="Join Haat" className="mt-12 rounded-lg bg-violet-700 px-6 py-8 text-white sm:px-10">
        <h2 className="text-xl font-semibold sm:text-2xl">Be part of the market</h2>
        <p className="mt-2 max-w-2xl text-violet-100">
          Create a free account to start earning points, or open your shop and reach customers across India.
        </p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <Link to="/register" className={linkButtonClass('light')}>
            Create an account
          </Link>
          <Link to="/become-vendor" className={linkButtonClass('outlineLight')}>
            Sell on Haat
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      </section>
    </Page>
  );
}
