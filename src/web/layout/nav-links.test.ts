import { describe, expect, it } from 'vitest';
import type { Me } from '../../contracts/auth.contract';
import { footerLinks } from './Footer';
import { navLinksFor } from './nav-links';

const me = (role: Me['role']): Me => ({
  id: '00000000-0000-4000-8000-000000000000',
  email: 'x@example.in',
  role,
  referralCode: 'CUSTABCDEF',
  firstName: 'X',
  lastName: 'Y',
  displayName: 'X Y',
  phoneNumber: null,
  dateOfBirth: null,
  gender: null,
  profileImageUrl: null,
  businessName: null,
  createdAt: new Date().toISOString(),
});
const labels = (links: { label: string; to: string }[]) => links.map((l) => `${l.label} ${l.to}`);

describe('header links (SPEC section 2)', () => {
  it('signed out: Login and Register', () => {
    expect(labels(navLinksFor(null, null))).toEqual(['Login /login', 'Register /register']);
  });
  it('customer: Cart, Wallet, Orders, Profile', () => {
    expect(labels(navLinksFor(me('customer'), null))).toEqual([
      'Cart /cart',
      'Wallet /wallet',
      'Orders /orders',
      'Profile /profile',
    ]);
  });
  it('vendor: Dashboard, Wallet (referral rewards) and Profile', () => {
    expect(labels(navLinksFor(me('vendor'), null))).toEqual([
      'Dashboard /vendor/dashboard',
      'Wallet /wallet',
      'Profile /profile',
    ]);
  });
  it('merchant: Dashboard and Wallet', () => {
    expect(labels(navLinksFor(me('merchant'), null))).toEqual(['Dashboard /merchant/dashboard', 'Wallet /wallet']);
  });
  it('role admin: Admin and ERP', () => {
    expect(labels(navLinksFor(me('admin'), null))).toEqual(['Admin /admin', 'ERP /erp']);
  });
  it('super admin mode: Admin Panel, whoever else is signed in', () => {
    expect(
      labels(navLinksFor(me('customer'), { email: 'root@haat.in', name: null, permissions: ['overview'] })),
    ).toEqual(['Admin Panel /admin/dashboard']);
  });
  it('the footer has its eight links', () => {
    expect(footerLinks.map((l) => l.label)).toEqual([
      'About Us',
      'How it Works',
      'Become a Vendor',
      'Help Center',
      'Contact Us',
      'Privacy Policy',
      'Terms of Service',
      'Returns & Refunds',
    ]);
  });
});
