import {
  BadgeIndianRupee,
  BookOpen,
  Dumbbell,
  Gift,
  HeartPulse,
  Home as HomeIcon,
  Laptop,
  Shirt,
  ShieldCheck,
  Truck,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router';
import { useTitle } from '../../ui/Page';
import type { CardActionFor } from '../../ui/ProductCard';
import { FeaturedProducts } from './featured-products';

export const homeCategories = [
  { name: 'Electronics', icon: Laptop },
  { name: 'Fashion', icon: Shirt },
  { name: 'Home & Living', icon: HomeIcon },
  { name: 'Books', icon: BookOpen },
  { name: 'Sports & Gaming', icon: Dumbbell },
  { name: 'Health & Beauty', icon: HeartPulse },
] as const;

const features = [
  {
    icon: Gift,
    title: 'Earn on every order',
    text: 'Get 2-10% of your order value back as reward points. 1 point = ₹1.',
  },
  {
    icon: Wallet,
    title: 'Withdraw to UPI',
    text: 'Spend points at checkout or withdraw them to your UPI ID within 24 hours.',
  },
  {
    icon: Truck,
    title: 'Free shipping above ₹999',
    text: 'Orders above ₹999 ship free. Below that, shipping is a flat ₹99.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure payments',
    text: 'Pay safely with UPI, cards, net banking and wallets. 24/7 support.',
  },
];

/** The home page: hero, the six categories and what Haat offers. */
export function HomePage({ addToCartAction }: { addToCartAction: CardActionFor }) {
  useTitle('Shop Smart, Earn More');
  return (
    <div>
      <section className="bg-gradient-to-br from-violet-800 to-violet-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
          <h1 className="max-w-2xl text-3xl font-bold sm:text-5xl">Shop Smart, Earn More</h1>
          <p className="mt-4 max-w-xl text-lg text-violet-50">
            Buy from trusted sellers across India and earn reward points on every order. Spend them at checkout or
            withdraw them to UPI.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/register"
              className="rounded-lg bg-white px-5 py-3 font-semibold text-violet-800 hover:bg-violet-50"
            >
              Start Shopping
            </Link>
            <Link
              to="/vendor/register"
              className="rounded-lg border border-white/70 px-5 py-3 font-semibold text-white hover:bg-white/10"
            >
              Become a Vendor
            </Link>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6" aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
          Shop by category
        </h2>
        <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {homeCategories.map(({ name, icon: Icon }) => (
            <li key={name}>
              <Link
                to={`/search?category=${encodeURIComponent(name)}`}
                className="flex flex-col items-center gap-2 rounded-lg border border-slate-200 bg-white p-4 text-center text-sm font-medium text-slate-800 shadow-sm hover:border-violet-300 hover:text-violet-800"
              >
                <Icon className="h-7 w-7 text-violet-700" aria-hidden="true" />
                {name}
              </Link>
            </li>
          ))}
        </ul>
        <FeaturedProducts addToCartAction={addToCartAction} />
        <div className="mt-8">
          <Link
            to="/search"
            className="inline-flex rounded-lg bg-violet-700 px-5 py-3 text-sm font-semibold text-white hover:bg-violet-800"
          >
            View All Products
          </Link>
        </div>
      </section>

      <section className="border-t border-slate-200 bg-white" aria-labelledby="why-heading">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
          <h2 id="why-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
            Why shop on Haat
          </h2>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {features.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-lg border border-slate-200 p-5">
                <Icon className="h-6 w-6 text-amber-600" aria-hidden="true" />
                <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-6 flex items-center gap-2 text-sm text-slate-600">
            <BadgeIndianRupee className="h-4 w-4 text-amber-600" aria-hidden="true" />
            Merchants: accept UPI payments and reward your customers with cashback.{' '}
            <Link to="/merchant/register" className="font-medium text-violet-700 hover:underline">
              Register as a merchant
            </Link>
          </p>
        </div>
      </section>
    </div>
  );
}
