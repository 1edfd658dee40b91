import type { Me } from '../../contracts/auth.contract';
import type { AdminSession } from '../api/admin-session';

export type NavLink = { to: string; label: string };

/**
 * The header's links for who is signed in (SPEC section 2, shared header); an account that is a
 * member of vendors' teams (`teams`, and no vendor itself) gets the vendor dashboard first.
 */
export function navLinksFor(me: Me | null | undefined, admin: AdminSession | null | undefined, teams = 0): NavLink[] {
  const links = roleLinks(me, admin);
  if (me && !admin && me.role !== 'vendor' && teams > 0)
    return [{ to: '/vendor/dashboard', label: 'Vendor dashboard' }, ...links];
  return links;
}

function roleLinks(me: Me | null | undefined, admin: AdminSession | null | undefined): NavLink[] {
  if (admin) return [{ to: '/admin/dashboard', label: 'Admin Panel' }];
  if (!me)
    return [
      { to: '/login', label: 'Login' },
      { to: '/register', label: 'Register' },
    ];
  switch (me.role) {
    case 'customer':
      return [
        { to: '/cart', label: 'Cart' },
        { to: '/wallet', label: 'Wallet' },
        { to: '/orders', label: 'Orders' },
        { to: '/profile', label: 'Profile' },
      ];
    case 'vendor':
      return [
        { to: '/vendor/dashboard', label: 'Dashboard' },
        // Referral rewards land in the points wallet.
        { to: '/wallet', label: 'Wallet' },
        { to: '/profile', label: 'Profile' },
      ];
    case 'admin':
      return [
        { to: '/admin', label: 'Admin' },
        { to: '/erp', label: 'ERP' },
      ];
    case 'merchant':
      return [
        { to: '/merchant/dashboard', label: 'Dashboard' },
        { to: '/wallet', label: 'Wallet' },
      ];
  }
}
