import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { permissionsOf, teamInviteInputSchema, type Team } from '../../../contracts/vendor-team.contract';
import { InviteForm, TeamView } from './team-tab';
import { dashboardTabsFor } from './vendor-dashboard-page';
import { visibleText as text } from '../../api/test-markup';

// The owner's Team section, and the dashboard's sections per role.

const none = () => undefined;

const team: Team = {
  members: [
    {
      id: '0a1b2c3d-0000-4000-8000-000000000001',
      userId: '0a1b2c3d-0000-4000-8000-000000000011',
      email: 'meera@example.in',
      name: 'Meera Iyer',
      role: 'catalog',
      status: 'active',
      since: '2026-11-02T10:00:00.000Z',
    },
  ],
  invites: [
    {
      id: '0a1b2c3d-0000-4000-8000-000000000002',
      email: 'kiran@example.in',
      role: 'orders',
      status: 'invited',
      expiresAt: '2026-11-05T10:00:00.000Z',
    },
    {
      id: '0a1b2c3d-0000-4000-8000-000000000003',
      email: 'late@example.in',
      role: 'accounts',
      status: 'expired',
      expiresAt: '2026-10-01T10:00:00.000Z',
    },
  ],
};

describe('the Team section', () => {
  it('lists members with their role and status, and the open and expired invitations', () => {
    const html = renderToStaticMarkup(<TeamView team={team} onRoleChange={none} onRemove={none} onWithdraw={none} />);
    // One card a person on a phone (a list), a table from sm: up; each shows everything.
    const phone = html.slice(html.indexOf('<ul aria-label="Your team"'), html.indexOf('</ul>'));
    const wide = html.slice(html.indexOf('<table'), html.indexOf('</table>'));
    expect(phone).toMatch(/class="[^"]*sm:hidden/);
    expect(wide).toMatch(/class="[^"]*hidden[^"]* sm:table/);
    expect(text(wide)).toContain('Meera Iyer meera@example.in');
    expect(text(wide)).toContain('Active since 2 Nov 2026');
    expect(text(wide)).toContain('kiran@example.in Orders Invited, link valid until 5 Nov 2026 Withdraw');
    expect(text(wide)).toContain('late@example.in Accounts Invitation expired Withdraw');
    expect(text(phone)).toContain('Meera Iyer meera@example.in Active since 2 Nov 2026');
    expect(text(phone)).toContain('kiran@example.in Orders · Invited, link valid until 5 Nov 2026 Withdraw');
    expect(text(phone)).toContain('late@example.in Accounts · Invitation expired Withdraw');
    for (const view of [phone, wide]) {
      expect(view).toMatch(/aria-label="Role of meera@example.in"/);
      expect(view).toMatch(/<option value="catalog" selected="">Catalog<\/option>/);
      expect(text(view).match(/Remove/g)).toHaveLength(1);
    }
  });

  it('says what to do when there is nobody yet', () => {
    const html = renderToStaticMarkup(
      <TeamView team={{ members: [], invites: [] }} onRoleChange={none} onRemove={none} onWithdraw={none} />,
    );
    expect(text(html)).toContain('No members yet');
  });

  it('invites by email with one of the four roles, checked by the server’s own schema', () => {
    const html = renderToStaticMarkup(<InviteForm onInvite={async () => undefined} />);
    expect(html).toContain('aria-label="Invite a member"');
    expect([...html.matchAll(/<option value="(\w+)"/g)].map((m) => m[1])).toEqual([
      'manager',
      'catalog',
      'orders',
      'accounts',
    ]);
    expect(teamInviteInputSchema.safeParse({ email: 'not-an-email', role: 'catalog' }).success).toBe(false);
    expect(teamInviteInputSchema.safeParse({ email: 'a@example.in', role: 'owner' }).success).toBe(false);
  });
});

describe('the vendor dashboard’s sections', () => {
  const keys = (role: Parameters<typeof permissionsOf>[0]) => dashboardTabsFor(permissionsOf(role)).map((t) => t.label);

  it('shows each role only what it allows', () => {
    expect(keys('owner')).toEqual([
      'Overview',
      'Products',
      'Orders',
      'Returns',
      'Promotions',
      'Earnings',
      'Shops',
      'Team',
    ]);
    expect(keys('manager')).toEqual(['Overview', 'Products', 'Orders', 'Returns', 'Promotions', 'Earnings', 'Shops']);
    // Promotions are paid by the vendor: only the owner and its Managers see them.
    for (const role of ['catalog', 'orders', 'accounts'] as const) expect(keys(role)).not.toContain('Promotions');
    expect(keys('catalog')).toEqual(['Products', 'Shops']);
    // Orders sees orders but not earnings; Accounts sees earnings but not products.
    expect(keys('orders')).toEqual(['Orders', 'Returns', 'Shops']);
    expect(keys('accounts')).toEqual(['Earnings', 'Payout details', 'Shops']);
  });
});
