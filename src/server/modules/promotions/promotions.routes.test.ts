import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  promotionMessages,
  promotionRouteMessages as m,
  type PromotionInput,
  type PromotionList,
  type PromotionRow,
} from '../../../contracts/promotions.contract';
import { signInStaff, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, type TestApp, type TestClient } from '../../test/app';
import { indiaDate } from '../../test/dates';
import { promotionInput, uniqueCouponCode } from '../../test/promotion-fixtures';
import { systemLogs } from '../audit/audit.tables';

// The super admin's Promotions tab: creating, checking, editing before the start, pausing, resuming,
// ending, the list's filters and CSV, and the 'promotions' staff permission. docs/promotions.md.

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signInSuperAdmin(t)).client;
});
afterAll(() => t.close());

const coupon = (over: Partial<PromotionInput> = {}): PromotionInput =>
  promotionInput({
    name: 'Diwali savings',
    benefitType: 'percent',
    percent: '20',
    amount: undefined,
    maxDiscount: '300',
    budgetType: 'rupees',
    budgetRupees: '5000',
    perCustomerLimit: '1',
    ...over,
  });

const create = async (body: PromotionInput): Promise<PromotionRow> => {
  const res = await admin.post('/api/admin/promotions', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().promotion;
};

const auditOf = (id: string) =>
  t.db
    .select({ action: systemLogs.action })
    .from(systemLogs)
    .where(and(eq(systemLogs.resourceType, 'promotion'), eq(systemLogs.resourceId, id)))
    .orderBy(systemLogs.createdAt);

describe('creating a promotion', () => {
  it('saves a coupon paid by Haat and answers it as the list shows it, audited', async () => {
    const code = uniqueCouponCode();
    const row = await create(coupon({ couponCode: ` ${code.toLowerCase()} ` }));
    expect(row).toMatchObject({
      name: 'Diwali savings',
      kind: 'coupon',
      code,
      offer: '20% off, up to ₹300',
      covers: 'Whole cart',
      fundedBy: 'haat',
      vendorName: null,
      startsOn: indiaDate(0),
      endsOn: null,
      status: 'active',
      uses: 0,
      spentPaise: 0,
      orders: 0,
      revenuePaise: 0,
      budget: '₹5,000',
      minimumPaise: 0,
      perCustomerLimit: 1,
      firstOrderOnly: false,
      stackable: false,
    });
    expect(row.input).toMatchObject({ couponCode: code, percent: '20', maxDiscount: '300', budgetType: 'rupees' });
    expect(row.input.budgetRupees).toBe('5000');
    expect(await auditOf(row.id)).toEqual([{ action: 'promotion_created' }]);
  });

  it('an automatic promotion on two categories with a budget in uses starting later is scheduled', async () => {
    const row = await create({
      name: 'Festive week',
      kind: 'automatic',
      benefitType: 'fixed',
      amount: '100',
      scope: 'categories',
      categoryIds: [crypto.randomUUID(), crypto.randomUUID()],
      fundedBy: 'haat',
      startsOn: indiaDate(3),
      endsOn: indiaDate(9),
      budgetType: 'uses',
      budgetUses: '100',
      minimumCart: '999',
      stackable: true,
    });
    expect(row).toMatchObject({
      code: null,
      offer: '₹100 off',
      covers: '2 categories',
      status: 'scheduled',
      budget: '100 uses',
      minimumPaise: 99_900,
      stackable: true,
    });
  });

  it('answers each invalid field with its message, and saves nothing', async () => {
    const res = await admin.post(
      '/api/admin/promotions',
      coupon({ couponCode: 'AB', percent: '120', endsOn: indiaDate(-5) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      percent: promotionMessages.percent,
      endsOn: promotionMessages.endsBeforeStart,
      couponCode: 'A coupon code has 6 to 20 characters',
    });
  });

  it("refuses a promotion paid by a vendor when Haat's staff create it, on the field fundedBy", async () => {
    const res = await admin.post(
      '/api/admin/promotions',
      coupon({ fundedBy: 'vendor', vendorId: crypto.randomUUID() }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ fundedBy: m.vendorCreatesOwn });
  });

  it('refuses a code another promotion not ended has (in any spelling), and frees it once ended', async () => {
    const first = await create(coupon());
    const again = await admin.post('/api/admin/promotions', coupon({ couponCode: first.code!.toLowerCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.codeTaken(first.code!));
    expect((await admin.post(`/api/admin/promotions/${first.id}/end`)).statusCode).toBe(200);
    expect((await create(coupon({ couponCode: first.code! }))).code).toBe(first.code);
  });
});

describe('changing a promotion', () => {
  it('edits a promotion before its first day, and refuses once it has started', async () => {
    const later = await create(coupon({ startsOn: indiaDate(2) }));
    const edited = await admin.put(
      `/api/admin/promotions/${later.id}`,
      coupon({ couponCode: later.code!, percent: '15' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().promotion).toMatchObject({ id: later.id, offer: '15% off, up to ₹300', status: 'active' });

    const refused = await admin.put(
      `/api/admin/promotions/${later.id}`,
      coupon({ couponCode: later.code!, percent: '10' }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(m.startedNoEdit);
    expect(await auditOf(later.id)).toEqual([{ action: 'promotion_created' }, { action: 'promotion_edited' }]);
  });

  it('pauses, resumes and ends, each audited, with the status each time; an ended one stays ended', async () => {
    const row = await create(coupon());
    const step = async (change: string) => {
      const res = await admin.post(`/api/admin/promotions/${row.id}/${change}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().promotion as PromotionRow).status;
    };
    expect(await step('pause')).toBe('paused');
    expect(await step('resume')).toBe('active');
    expect(await step('end')).toBe('ended');
    const again = await admin.post(`/api/admin/promotions/${row.id}/resume`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadyEnded);
    expect((await auditOf(row.id)).map((a) => a.action)).toEqual([
      'promotion_created',
      'promotion_paused',
      'promotion_resumed',
      'promotion_ended',
    ]);
    expect((await admin.post(`/api/admin/promotions/${crypto.randomUUID()}/pause`)).statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('filters by status and searches the name or the code; the CSV has the same rows', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const active = await create(coupon({ name: `Monsoon ${tag}` }));
    const paused = await create(coupon({ name: `Monsoon ${tag} paused` }));
    await admin.post(`/api/admin/promotions/${paused.id}/pause`);
    const list = async (query: string) =>
      ((await admin.get(`/api/admin/promotions?${query}`)).json() as PromotionList).promotions.map((p) => p.id);
    expect(await list(`q=${tag}`)).toEqual([paused.id, active.id]);
    expect(await list(`q=${tag}&status=paused`)).toEqual([paused.id]);
    expect(await list(`q=${tag}&status=active`)).toEqual([active.id]);
    expect(await list(`q=${active.code!.toLowerCase()}`)).toEqual([active.id]);

    const csv = await admin.get(`/api/admin/promotions.csv?q=${tag}&status=paused`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^id,name,kind,code,offer/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(paused.code);
    expect(lines[1]).toContain('paused');
  });
});

describe('permission', () => {
  it('a staff member whose role lacks Promotions gets 403; the Catalog role may manage them', async () => {
    const finance = (await signInStaff(t, ['finance'])).client;
    const denied = await finance.post('/api/admin/promotions', coupon());
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toMatch(/Promotions/);
    expect((await finance.get('/api/admin/promotions')).statusCode).toBe(403);
    const catalog = (await signInStaff(t, ['catalog'])).client;
    expect((await catalog.post('/api/admin/promotions', coupon())).statusCode).toBe(201);
  });
});
