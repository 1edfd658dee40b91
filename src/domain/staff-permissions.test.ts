import { describe, expect, it } from 'vitest';
import { builtInRolePermissions, permissionsOf, staffBadge, staffPermissions } from './staff-permissions';

describe('staff permissions', () => {
  it('gives the built-in roles what the docs say', () => {
    expect(builtInRolePermissions.owner).toEqual(staffPermissions);
    expect(builtInRolePermissions.finance).toEqual([
      'overview',
      'hsn_codes',
      'referrals',
      'payouts',
      'withdrawals',
      'tax_reports',
      'rates',
    ]);
    expect(builtInRolePermissions.support).toEqual([
      'overview',
      'customers',
      'orders',
      'returns',
      'messages',
      'notifications',
    ]);
    expect(builtInRolePermissions.catalog).toEqual([
      'overview',
      'products',
      'hsn_codes',
      'product_review',
      'promotions',
    ]);
    expect(builtInRolePermissions.people).toEqual(['overview', 'vendors', 'merchants', 'employees', 'erp']);
  });

  it('keeps money and staff management away from support, catalog and people', () => {
    for (const role of ['support', 'catalog', 'people'] as const)
      for (const p of ['payouts', 'withdrawals', 'settings', 'rates', 'staff'] as const)
        expect(builtInRolePermissions[role]).not.toContain(p);
  });

  it('a person holds the union of their roles, in the list order, unknown names dropped', () => {
    expect(
      permissionsOf([{ permissions: ['withdrawals', 'returns'] }, { permissions: ['returns', 'gone', 'overview'] }]),
    ).toEqual(['overview', 'returns', 'withdrawals']);
    expect(permissionsOf([])).toEqual([]);
  });

  it('the header calls an owner "Super Admin" and every other staff member "Staff"', () => {
    expect(staffBadge(builtInRolePermissions.owner)).toBe('Super Admin');
    expect(staffBadge(permissionsOf([{ permissions: [...builtInRolePermissions.finance] }]))).toBe('Staff');
    expect(staffBadge([])).toBe('Staff');
  });
});
