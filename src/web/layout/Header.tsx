import { useQueryClient } from '@tanstack/react-query';
import { LogOut, Menu, Search, ShieldCheck, ShoppingBag, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, NavLink as RouterNavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../ui/notify';
import { messages } from '../../contracts/auth.messages';
import { api } from '../api/client';
import { adminSessionKey, useAdminSession } from '../api/admin-session';
import { useMe } from '../api/session';
import { useMyVendors } from '../api/vendors';
import { VendorSwitcher } from './VendorSwitcher';
import { NotificationBell } from './NotificationBell';
import { cn } from '../ui/cn';
import { staffBadge } from '../../domain/staff-permissions';
import { navLinksFor } from './nav-links';

function SearchBox({ className, id }: { className?: string; id: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [q, setQ] = useState(pathname === '/search' ? (params.get('q') ?? '') : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = q.trim();
    if (query) navigate(`/search?q=${encodeURIComponent(query)}`);
  };
  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Search products, brands and shops"
        className="w-full rounded-lg border border-slate-300 bg-white py-2 pl-3 pr-10 text-sm placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-violet-600"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-600 hover:text-violet-700"
      >
        <Search className="h-4 w-4" aria-hidden="true" />
      </button>
    </form>
  );
}

/** The shared header: brand, search, and the links of whoever is signed in; a menu panel on phones. */
export function Header() {
  const me = useMe();
  const { pathname } = useLocation();
  const admin = useAdminSession({ everywhere: pathname.startsWith('/admin') });
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [pathname]);
  // Escape closes the phone menu and puts the focus back on its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  // An admin session nobody asked for (no sign-in seen in this browser) is not waited for.
  const loading = me.isPending || admin.isLoading;
  const teams = useMyVendors();
  const links = loading ? [] : navLinksFor(me.data, admin.data, teams.data?.length ?? 0);
  const signedIn = Boolean(admin.data || me.data);
  // The super admin's inbox when signed in as one (as the links follow), else the user's.
  const inbox = loading ? null : admin.data ? 'admin' : me.data ? 'user' : null;

  const logout = async () => {
    setSigningOut(true);
    try {
      if (admin.data) {
        // A super admin leaves to the admin sign-in page.
        await api.post('/api/admin/logout');
        qc.setQueryData(adminSessionKey, null);
        navigate('/admin');
      } else {
        await api.post('/api/auth/logout');
        window.location.assign('/');
      }
    } catch {
      notify.error(messages.signOutFailed);
    } finally {
      setSigningOut(false);
    }
  };

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-lg px-3 py-2 text-sm font-medium',
      isActive ? 'bg-violet-50 text-violet-800' : 'text-slate-700 hover:bg-slate-100',
    );

  const logoutButton = (extra?: string) => (
    <button
      type="button"
      onClick={logout}
      disabled={signingOut}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60',
        extra,
      )}
    >
      <LogOut className="h-4 w-4" aria-hidden="true" />
      {signingOut ? 'Signing out...' : 'Logout'}
    </button>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 sm:px-6">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 text-xl font-bold text-violet-700"
          aria-label="Haat home"
        >
          <ShoppingBag className="h-6 w-6" aria-hidden="true" />
          Haat
        </Link>
        <SearchBox id="header-search" className="hidden flex-1 md:block md:max-w-xl" />
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          {admin.data && (
            <span className="mr-1 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">
              <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
              {staffBadge(admin.data.permissions)}
            </span>
          )}
          {me.data && !admin.data && <VendorSwitcher className="mr-1" />}
          {links.map((l) => (
            <RouterNavLink key={l.to} to={l.to} className={linkClass}>
              {l.label}
            </RouterNavLink>
          ))}
          {signedIn && logoutButton()}
        </nav>
        {/* The bell stays in the bar on a phone too, beside the menu button. */}
        {inbox && <NotificationBell key={inbox} scope={inbox} className="ml-auto md:ml-0" />}
        <button
          ref={menuButton}
          type="button"
          className={cn('rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden', !inbox && 'ml-auto')}
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
        </button>
      </div>
      <div className="px-4 pb-3 md:hidden">
        <SearchBox id="header-search-mobile" />
      </div>
      {open && (
        <nav id="mobile-menu" aria-label="Main" className="border-t border-slate-200 px-4 py-3 md:hidden">
          {admin.data && (
            <p className="mb-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">
              <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
              {staffBadge(admin.data.permissions)}
            </p>
          )}
          {me.data && !admin.data && <VendorSwitcher className="mb-2" />}
          <ul className="flex flex-col gap-1">
            {links.map((l) => (
              <li key={l.to}>
                <RouterNavLink to={l.to} className={(s) => cn(linkClass(s), 'block')}>
                  {l.label}
                </RouterNavLink>
              </li>
            ))}
            {signedIn && <li>{logoutButton('w-full')}</li>}
          </ul>
        </nav>
      )}
    </header>
  );
}
