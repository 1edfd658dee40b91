import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Me } from '../../contracts/auth.contract';
import { permissionsOf, type ActingVendor } from '../../contracts/vendor-team.contract';
import { pickActingVendor } from '../api/vendors';
import { navLinksFor } from './nav-links';
import { VendorChoices } from './VendorSwitcher';

// The header's vendor switcher, for an account that belongs to several vendors.

const vendor = (vendorUserId: string, businessName: string, role: ActingVendor['role']): ActingVendor => ({
  vendorUserId,
  businessName,
  role,
  permissions: permissionsOf(role),
});
const own = vendor('0a1b2c3d-0000-4000-8000-000000000001', 'Ravi Traders', 'owner');
const jaipur = vendor('0a1b2c3d-0000-4000-8000-000000000002', 'Jaipur Handlooms', 'catalog');
const kerala = vendor('0a1b2c3d-0000-4000-8000-000000000003', 'Kerala Spices', 'accounts');
const none = () => undefined;

describe('the vendor switcher', () => {
  it('is not shown for an account of one vendor', () => {
    expect(renderToStaticMarkup(<VendorChoices vendors={[own]} acting={own} onChoose={none} />)).toBe('');
    expect(renderToStaticMarkup(<VendorChoices vendors={[]} acting={null} onChoose={none} />)).toBe('');
  });

  it('lists every vendor with the role there, the acting one chosen', () => {
    const html = renderToStaticMarkup(
      <VendorChoices vendors={[own, jaipur, kerala]} acting={jaipur} onChoose={none} />,
    );
    expect(html).toContain('aria-label="Vendor you act for"');
    expect(
      [...html.matchAll(/<option value="[^"]+"( selected="")?>([^<]+)<\/option>/g)].map((m) => [m[2], !!m[1]]),
    ).toEqual([
      ['Ravi Traders (Owner)', false],
      ['Jaipur Handlooms (Catalog)', true],
      ['Kerala Spices (Accounts)', false],
    ]);
  });

  it('acts for the chosen vendor, else the account’s own, else its first team', () => {
    expect(pickActingVendor([own, jaipur], jaipur.vendorUserId)).toBe(jaipur);
    expect(pickActingVendor([jaipur, own], null)).toBe(own);
    expect(pickActingVendor([jaipur, kerala], 'a-vendor-it-left')).toBe(jaipur);
    expect(pickActingVendor([], null)).toBeNull();
  });

  it('gives a team member who is no vendor the vendor dashboard link', () => {
    const me = { role: 'customer' } as Me;
    expect(navLinksFor(me, null, 1)[0]).toEqual({ to: '/vendor/dashboard', label: 'Vendor dashboard' });
    expect(navLinksFor(me, null, 0).map((l) => l.to)).not.toContain('/vendor/dashboard');
    expect(navLinksFor({ role: 'vendor' } as Me, null, 2).filter((l) => l.to === '/vendor/dashboard')).toHaveLength(1);
  });
});
