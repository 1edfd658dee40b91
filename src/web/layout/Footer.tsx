import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';

export const footerLinks = [
  { to: '/about', label: 'About Us' },
  { to: '/how-it-works', label: 'How it Works' },
  { to: '/become-vendor', label: 'Become a Vendor' },
  { to: '/help', label: 'Help Center' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/returns', label: 'Returns & Refunds' },
] as const;

/** The shared footer with its eight links. */
export function Footer() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white print:hidden">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <div className="flex flex-col gap-6 md:flex-row md:justify-between">
          <div className="max-w-sm">
            <p className="flex items-center gap-2 text-lg font-bold text-violet-700">
              <ShoppingBag className="h-5 w-5" aria-hidden="true" />
              Haat
            </p>
            <p className="mt-2 text-sm text-slate-600">
              Shop from sellers across India and earn reward points on every order. 1 point = ₹1.
            </p>
          </div>
          <nav aria-label="Footer">
            <ul className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm sm:grid-cols-4">
              {footerLinks.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-slate-700 hover:text-violet-700 hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className="mt-8 border-t border-slate-200 pt-4 text-xs text-slate-600">
          © {new Date().getFullYear()} Haat. Made for shoppers and sellers across India.
        </p>
      </div>
    </footer>
  );
}
