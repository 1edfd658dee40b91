import { describe, expect, it } from 'vitest';
import { permissionsOf, roleGrants, vendorMemberRoles, vendorPermissions } from './vendor-team';

describe('vendor team permissions', () => {
  it('gives each role its known permissions', () => {
    expect(permissionsOf('owner')).toEqual([...vendorPermissions]);
    expect(permissionsOf('manager')).toEqual([
      'shops.view',
      'shops.manage',
      'catalog',
      'promotions',
      'orders',
      'documents',
      'overview',
      'earnings',
    ]);
    expect(permissionsOf('catalog')).toEqual(['shops.view', 'catalog']);
    expect(permissionsOf('orders')).toEqual(['shops.view', 'orders', 'documents']);
    expect(permissionsOf('accounts')).toEqual(['shops.view', 'documents', 'earnings', 'payout.view']);
  });

  it('keeps the team and changing payout details to the owner', () => {
    for (const role of vendorMemberRoles) {
      expect(roleGrants(role, 'team')).toBe(false);
      expect(roleGrants(role, 'payout.edit')).toBe(false);
    }
    expect(roleGrants('owner', 'team')).toBe(true);
    expect(roleGrants('owner', 'payout.edit')).toBe(true);
  });

  it('lets accounts see earnings but not products, and orders see orders but not earnings', () => {
    expect(roleGrants('accounts', 'earnings')).toBe(true);
    expect(roleGrants('accounts', 'catalog')).toBe(false);
    expect(roleGrants('orders', 'orders')).toBe(true);
    expect(roleGrants('orders', 'earnings')).toBe(false);
    expect(roleGrants('manager', 'payout.view')).toBe(false);
    expect(roleGrants('manager', 'promotions')).toBe(true);
    expect(roleGrants('catalog', 'promotions')).toBe(false);
  });
});
