import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rateMessages as m,
  type CommissionRulePage,
  type HsnCodeList,
  type TaxRateList,
} from '../../../contracts/settlement-rates.contract';
import { freshCode, signInSuperAdmin, spentCode } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createCategory, createVendorUser } from '../../test/catalog-factories';
import { indiaDate } from '../../test/dates';
import { systemLogs } from '../audit/audit.tables';
import { hsnCodes, hsnGstRates } from '../catalog/catalog.tables';
import { commissionRules, taxRates } from '../settlement/settlement.tables';

// The "Commission & tax" tab. The super admin adds commission rules (global, per
// category, per vendor), tax rates and HSN codes with their GST rates, each a dated row added with a
// fresh code and audited; the lists say which row is in force today, scheduled or superseded.

let t: TestApp;
let admin: TestClient;
let secret: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
});
afterAll(() => t.close());

const today = () => indiaDate();
const rules = async () => {
  const res = await admin.get('/api/admin/commission-rules?pageSize=100');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as CommissionRulePage).items;
};
const rulesOfVendor = async (vendorUserId: string) => (await rules()).filter((r) => r.vendorUserId === vendorUserId);
const audits = (action: string, resourceId: string) =>
  t.db
    .select()
    .from(systemLogs)
    .where(and(eq(systemLogs.action, action), eq(systemLogs.resourceId, resourceId)));

describe('who may call', () => {
  it('answers 401 to anyone without a super admin session, on every list and add', async () => {
    const guest = new TestClient(t.app, '10.61.0.1');
    for (const url of ['/api/admin/commission-rules', '/api/admin/tax-rates', '/api/admin/hsn-codes'])
      expect((await guest.get(url)).statusCode, url).toBe(401);
    for (const url of [
      '/api/admin/commission-rules',
      '/api/admin/tax-rates',
      '/api/admin/hsn-codes',
      '/api/admin/hsn-rates',
    ])
      expect((await guest.post(url, {})).statusCode, url).toBe(401);
  });
});

describe('commission rules', () => {
  it('are added only with a fresh code: none 401, a wrong or spent one 403, and nothing is written', async () => {
    const { userId } = await createVendorUser(t.db, { businessName: 'Codeless Traders' });
    const body = { scope: 'vendor', vendorUserId: userId, ratePercent: 7, effectiveFrom: today() };
    expect((await admin.post('/api/admin/commission-rules', body)).statusCode).toBe(401);
    expect((await admin.post('/api/admin/commission-rules', { ...body, code: '000000' })).statusCode).toBe(403);
    expect(
      (await admin.post('/api/admin/commission-rules', { ...body, code: await spentCode(t, secret) })).statusCode,
    ).toBe(403);
    expect(await t.db.select().from(commissionRules).where(eq(commissionRules.vendorUserId, userId))).toEqual([]);
    expect(await rulesOfVendor(userId)).toEqual([]);
  });

  it('writes the rule in basis points with who set it, and an audit entry with its fields', async () => {
    const { userId } = await createVendorUser(t.db, { businessName: 'Sharma Handlooms' });
    const res = await admin.post('/api/admin/commission-rules', {
      scope: 'vendor',
      vendorUserId: userId,
      ratePercent: '8.5',
      effectiveFrom: today(),
      code: await freshCode(t, secret),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(m.ruleAdded);
    const [row] = await t.db.select().from(commissionRules).where(eq(commissionRules.id, res.json().id));
    expect(row).toMatchObject({
      scope: 'vendor',
      vendorUserId: userId,
      categoryId: null,
      rateBp: 850,
      effectiveFrom: today(),
    });
    expect(row.createdByAdminId).toBeTruthy();
    const [entry] = await audits('commission_rule_added', row.id);
    expect(entry.actorType).toBe('admin');
    expect(entry.newData).toMatchObject({ scope: 'vendor', vendorUserId: userId, rateBp: 850, effectiveFrom: today() });
    expect(await rulesOfVendor(userId)).toEqual([
      expect.objectContaining({ vendorName: 'Sharma Handlooms', ratePercent: 8.5, rateBp: 850, status: 'in_force' }),
    ]);
  });

  it('names the category of a category rule, and a global rule has no target', async () => {
    const category = await createCategory(t.db, 'Rates Handicrafts');
    const cat = await admin.post('/api/admin/commission-rules', {
      scope: 'category',
      categoryId: category.id,
      ratePercent: 12,
      effectiveFrom: indiaDate(3),
      code: await freshCode(t, secret),
    });
    expect(cat.statusCode, cat.body).toBe(201);
    // A global rule far ahead, so that no other test's global rule shares its date.
    const global = await admin.post('/api/admin/commission-rules', {
      scope: 'global',
      categoryId: category.id,
      ratePercent: 10,
      effectiveFrom: indiaDate(900),
      code: await freshCode(t, secret),
    });
    expect(global.statusCode, global.body).toBe(201);
    const list = await rules();
    expect(list.find((r) => r.id === cat.json().id)).toMatchObject({
      scope: 'category',
      categoryName: 'Rates Handicrafts',
      vendorName: null,
      ratePercent: 12,
      status: 'scheduled',
    });
    // A target sent with a global rule is not kept.
    expect(list.find((r) => r.id === global.json().id)).toMatchObject({
      scope: 'global',
      categoryId: null,
      vendorUserId: null,
      categoryName: null,
      status: 'scheduled',
    });
  });

  it('marks each rule in force, scheduled or superseded today, per scope and target', async () => {
    const { userId } = await createVendorUser(t.db, { businessName: 'Gupta Brassware' });
    const other = await createVendorUser(t.db, { businessName: 'Other Brassware' });
    // Rules from before today can only be old rows: the API refuses a date in the past.
    const [older] = await t.db
      .insert(commissionRules)
      .values({ scope: 'vendor', vendorUserId: userId, rateBp: 1200, effectiveFrom: indiaDate(-60) })
      .returning();
    const [old] = await t.db
      .insert(commissionRules)
      .values({ scope: 'vendor', vendorUserId: userId, rateBp: 1000, effectiveFrom: indiaDate(-30) })
      .returning();
    const [othersOld] = await t.db
      .insert(commissionRules)
      .values({ scope: 'vendor', vendorUserId: other.userId, rateBp: 900, effectiveFrom: indiaDate(-60) })
      .returning();
    let status = await rulesOfVendor(userId);
    expect(Object.fromEntries(status.map((r) => [r.id, r.status]))).toEqual({
      [older.id]: 'superseded',
      [old.id]: 'in_force',
    });

    const now = await admin.post('/api/admin/commission-rules', {
      scope: 'vendor',
      vendorUserId: userId,
      ratePercent: 8,
      effectiveFrom: today(),
      code: await freshCode(t, secret),
    });
    const later = await admin.post('/api/admin/commission-rules', {
      scope: 'vendor',
      vendorUserId: userId,
      ratePercent: 6.25,
      effectiveFrom: indiaDate(30),
      code: await freshCode(t, secret),
    });
    expect([now.statusCode, later.statusCode]).toEqual([201, 201]);
    status = await rulesOfVendor(userId);
    // Newest first.
    expect(status.map((r) => [r.ratePercent, r.status])).toEqual([
      [6.25, 'scheduled'],
      [8, 'in_force'],
      [10, 'superseded'],
      [12, 'superseded'],
    ]);
    // Another vendor's rule is not superseded by these.
    expect((await rulesOfVendor(other.userId)).map((r) => [r.id, r.status])).toEqual([[othersOld.id, 'in_force']]);
  });

  it('refuses a rate out of range or with more than two decimals, a past date, and a missing target, with the field named', async () => {
    const code = await freshCode(t, secret);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ scope: 'global', ratePercent: 101, effectiveFrom: today() }, 'ratePercent', m.ratePercent],
      [{ scope: 'global', ratePercent: -1, effectiveFrom: today() }, 'ratePercent', m.ratePercent],
      [{ scope: 'global', ratePercent: 8.555, effectiveFrom: today() }, 'ratePercent', m.rateDecimals],
      [{ scope: 'global', ratePercent: '', effectiveFrom: today() }, 'ratePercent', m.ratePercent],
      [{ scope: 'global', ratePercent: 5, effectiveFrom: indiaDate(-1) }, 'effectiveFrom', m.pastDate],
      [
        { scope: 'global', ratePercent: 5, effectiveFrom: `${indiaDate(400).slice(0, 4)}-02-30` },
        'effectiveFrom',
        m.effectiveFrom,
      ],
      [{ scope: 'shop', ratePercent: 5, effectiveFrom: today() }, 'scope', m.scope],
      [{ scope: 'category', ratePercent: 5, effectiveFrom: today() }, 'categoryId', m.chooseCategory],
      [{ scope: 'vendor', vendorUserId: '', ratePercent: 5, effectiveFrom: today() }, 'vendorUserId', m.chooseVendor],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post('/api/admin/commission-rules', { ...body, code });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields?.[field], JSON.stringify(body)).toBe(message);
    }
  });

  it('refuses a category or vendor that does not exist (400), and gives the code back', async () => {
    const code = await freshCode(t, secret);
    const before = (await rules()).length;
    const cat = await admin.post('/api/admin/commission-rules', {
      scope: 'category',
      categoryId: crypto.randomUUID(),
      ratePercent: 5,
      effectiveFrom: today(),
      code,
    });
    expect(cat.statusCode).toBe(400);
    expect(cat.json().error).toMatchObject({ message: m.unknownCategory, fields: { categoryId: m.unknownCategory } });
    const notVendor = await admin.post('/api/admin/commission-rules', {
      scope: 'vendor',
      vendorUserId: crypto.randomUUID(),
      ratePercent: 5,
      effectiveFrom: today(),
      code,
    });
    expect(notVendor.statusCode).toBe(400);
    expect(notVendor.json().error.fields).toEqual({ vendorUserId: m.unknownVendor });
    expect((await rules()).length).toBe(before);
  });

  it('refuses a second rule of the same scope, target and date (409), but not of another target', async () => {
    const { userId } = await createVendorUser(t.db, { businessName: 'Twice Traders' });
    const other = await createVendorUser(t.db, { businessName: 'Once Traders' });
    const body = { scope: 'vendor', vendorUserId: userId, ratePercent: 9, effectiveFrom: indiaDate(5) };
    expect(
      (await admin.post('/api/admin/commission-rules', { ...body, code: await freshCode(t, secret) })).statusCode,
    ).toBe(201);
    const again = await admin.post('/api/admin/commission-rules', {
      ...body,
      ratePercent: 4,
      code: await freshCode(t, secret),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.duplicateRule);
    expect(
      (
        await admin.post('/api/admin/commission-rules', {
          ...body,
          vendorUserId: other.userId,
          code: await freshCode(t, secret),
        })
      ).statusCode,
    ).toBe(201);
    expect((await rulesOfVendor(userId)).map((r) => r.ratePercent)).toEqual([9]);
  });
});

describe('tax rates', () => {
  it('list the rates of the migration by kind, with their sources', async () => {
    const res = await admin.get('/api/admin/tax-rates');
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as TaxRateList;
    const seeded = items.filter((r) => !r.source.includes('(test)'));
    expect(seeded.map((r) => [r.kind, r.ratePercent, r.effectiveFrom])).toEqual([
      ['tcs', 0.5, '2024-07-10'],
      ['tds_with_pan', 0.1, '2024-10-01'],
      ['tds_without_pan', 5, '2024-10-01'],
      ['gst_unclassified', 18, '2025-09-22'],
    ]);
    expect(seeded.find((r) => r.kind === 'tcs')?.source).toContain('Notification 15/2024-Central Tax');
  });

  it('are added with a fresh code and audited; the new one is in force from today and the old one superseded', async () => {
    const body = { kind: 'tds_without_pan', ratePercent: 2, effectiveFrom: today(), source: 'Finance Act (test)' };
    expect((await admin.post('/api/admin/tax-rates', body)).statusCode).toBe(401);
    expect((await admin.post('/api/admin/tax-rates', { ...body, code: '000000' })).statusCode).toBe(403);
    expect(
      await t.db
        .select()
        .from(taxRates)
        .where(and(eq(taxRates.kind, 'tds_without_pan'), eq(taxRates.effectiveFrom, today()))),
    ).toEqual([]);

    const res = await admin.post('/api/admin/tax-rates', { ...body, code: await freshCode(t, secret) });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(taxRates).where(eq(taxRates.id, res.json().id));
    expect(row).toMatchObject({
      kind: 'tds_without_pan',
      rateBp: 200,
      effectiveFrom: today(),
      source: 'Finance Act (test)',
    });
    expect((await audits('tax_rate_added', row.id))[0].newData).toMatchObject({
      kind: 'tds_without_pan',
      rateBp: 200,
      effectiveFrom: today(),
    });
    const { items } = (await admin.get('/api/admin/tax-rates')).json() as TaxRateList;
    expect(items.filter((r) => r.kind === 'tds_without_pan').map((r) => [r.ratePercent, r.status])).toEqual([
      [2, 'in_force'],
      [5, 'superseded'],
    ]);
  });

  it('refuses a second rate of a kind from the same date (409), a bad kind, a missing source and a past date (400)', async () => {
    const body = { kind: 'tds_with_pan', ratePercent: 0.2, effectiveFrom: indiaDate(45), source: 'Finance Act (test)' };
    expect((await admin.post('/api/admin/tax-rates', { ...body, code: await freshCode(t, secret) })).statusCode).toBe(
      201,
    );
    const again = await admin.post('/api/admin/tax-rates', {
      ...body,
      ratePercent: 0.3,
      code: await freshCode(t, secret),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.duplicateTaxRate);
    const code = await freshCode(t, secret);
    expect((await admin.post('/api/admin/tax-rates', { ...body, kind: 'vat', code })).json().error.fields).toEqual({
      kind: m.kind,
    });
    expect(
      (await admin.post('/api/admin/tax-rates', { ...body, source: ' ', effectiveFrom: indiaDate(46), code })).json()
        .error.fields,
    ).toEqual({ source: m.source });
    expect(
      (await admin.post('/api/admin/tax-rates', { ...body, effectiveFrom: indiaDate(-2), code })).json().error.fields,
    ).toEqual({ effectiveFrom: m.pastDate });
    const { items } = (await admin.get('/api/admin/tax-rates')).json() as TaxRateList;
    expect(items.filter((r) => r.kind === 'tds_with_pan').map((r) => [r.ratePercent, r.status])).toEqual([
      [0.2, 'scheduled'],
      [0.1, 'in_force'],
    ]);
  });
});

describe('HSN codes', () => {
  const hsnList = async () => ((await admin.get('/api/admin/hsn-codes')).json() as HsnCodeList).items;

  it('list the migration’s codes with the rate in force and the rate of unclassified goods', async () => {
    const res = await admin.get('/api/admin/hsn-codes');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as HsnCodeList;
    expect(list.items.find((c) => c.hsnCode === '6204')).toMatchObject({
      description: expect.stringContaining('kurtas'),
      current: { ratePercent: 5, effectiveFrom: '2025-09-22' },
    });
    expect(list.items.find((c) => c.hsnCode === '2202')?.current?.ratePercent).toBe(40);
    expect(list.unclassified).toEqual({ ratePercent: 18, effectiveFrom: '2025-09-22' });
  });

  it('are added with their first rate, with a fresh code and audited; a code already listed answers 409', async () => {
    const body = { hsnCode: '910211', description: 'Wrist watches', ratePercent: 18, effectiveFrom: today() };
    expect((await admin.post('/api/admin/hsn-codes', body)).statusCode).toBe(401);
    expect((await admin.post('/api/admin/hsn-codes', { ...body, code: '000000' })).statusCode).toBe(403);
    expect(await t.db.select().from(hsnCodes).where(eq(hsnCodes.code, '910211'))).toEqual([]);

    const res = await admin.post('/api/admin/hsn-codes', { ...body, code: await freshCode(t, secret) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: '910211', message: m.hsnAdded });
    expect(
      await t.db
        .select({ rateBp: hsnGstRates.rateBp, from: hsnGstRates.effectiveFrom })
        .from(hsnGstRates)
        .where(eq(hsnGstRates.hsnCode, '910211')),
    ).toEqual([{ rateBp: 1800, from: today() }]);
    expect((await audits('hsn_code_added', '910211'))[0].newData).toMatchObject({
      hsnCode: '910211',
      description: 'Wrist watches',
      rateBp: 1800,
    });
    expect((await hsnList()).find((c) => c.hsnCode === '910211')).toEqual({
      hsnCode: '910211',
      description: 'Wrist watches',
      current: { ratePercent: 18, effectiveFrom: today() },
      next: null,
    });

    const again = await admin.post('/api/admin/hsn-codes', {
      ...body,
      description: 'Again',
      code: await freshCode(t, secret),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.hsnExists);
  });

  it('refuses a code that is not 4, 6 or 8 digits and a missing description', async () => {
    const code = await freshCode(t, secret);
    for (const hsnCode of ['123', '12345', '1234567', '123456789', '12a4'])
      expect(
        (
          await admin.post('/api/admin/hsn-codes', {
            hsnCode,
            description: 'Goods',
            ratePercent: 5,
            effectiveFrom: today(),
            code,
          })
        ).json().error.fields,
        hsnCode,
      ).toEqual({ hsnCode: m.hsnCode });
    expect(
      (
        await admin.post('/api/admin/hsn-codes', {
          hsnCode: '4202',
          description: '',
          ratePercent: 5,
          effectiveFrom: today(),
          code,
        })
      ).json().error.fields,
    ).toEqual({ description: m.hsnDescription });
  });

  it('get a new dated rate with a fresh code: scheduled next, in force from its date; a date taken answers 409, an unknown code 400', async () => {
    const body = { hsnCode: '8518', ratePercent: 5, effectiveFrom: indiaDate(20) };
    expect((await admin.post('/api/admin/hsn-rates', body)).statusCode).toBe(401);
    const res = await admin.post('/api/admin/hsn-rates', { ...body, code: await freshCode(t, secret) });
    expect(res.statusCode, res.body).toBe(201);
    expect((await audits('hsn_rate_added', '8518'))[0].newData).toMatchObject({
      hsnCode: '8518',
      rateBp: 500,
      effectiveFrom: indiaDate(20),
    });
    expect((await hsnList()).find((c) => c.hsnCode === '8518')).toMatchObject({
      current: { ratePercent: 18, effectiveFrom: '2025-09-22' },
      next: { ratePercent: 5, effectiveFrom: indiaDate(20) },
    });

    const again = await admin.post('/api/admin/hsn-rates', {
      ...body,
      ratePercent: 12,
      code: await freshCode(t, secret),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.duplicateHsnRate);
    const unknown = await admin.post('/api/admin/hsn-rates', {
      ...body,
      hsnCode: '0101',
      code: await freshCode(t, secret),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ hsnCode: m.hsnUnknown });
    expect(await t.db.select().from(hsnGstRates).where(eq(hsnGstRates.hsnCode, '0101'))).toEqual([]);
  });
});
