import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionSettingsMessages } from '../../../contracts/promotions.contract';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, type TestApp, type TestClient } from '../../test/app';
import { promotionInput } from '../../test/promotion-fixtures';
import { systemLogs } from '../audit/audit.tables';

// The promotions' fresh-code amount of the Settings tab: PROMOTION_FRESH_CODE_ABOVE_RUPEES (₹1,000)
// until the super admin changes it, with a fresh code and audited; the promotion save routes read it,
// so changing it changes which promotion needs the code.

let t: TestApp;
let admin: TestClient;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
});
afterAll(() => t.close());

/** Creates a coupon of ₹`amount` off paid by Haat, without a fresh code: its status (401 when it needs one). */
const createWithoutCode = async (amount: string) =>
  (await admin.post('/api/admin/promotions', promotionInput({ amount }))).statusCode;

const save = async (freshCodeAboveRupees: string, code?: string) =>
  admin.put('/api/admin/settings/promotions', { freshCodeAboveRupees, code });

describe("the promotions' fresh-code amount", () => {
  const moves = 'is ₹1,000 by default; changing it needs a fresh code, is audited, and moves which promotion needs one';
  it(moves, async () => {
    expect((await admin.get('/api/admin/settings/promotions')).json()).toEqual({
      freshCodeAbovePaise: 100_000,
      defaultPaise: 100_000,
    });
    expect(await createWithoutCode('1500')).toBe(401);
    expect(await createWithoutCode('1000')).toBe(201);

    // Without a code, or with a wrong one: refused as every sensitive setting, and nothing changes.
    expect((await save('2000')).statusCode).toBe(401);
    expect((await save('2000', '000000')).statusCode).toBe(403);
    expect((await admin.get('/api/admin/settings/promotions')).json().freshCodeAbovePaise).toBe(100_000);

    const raised = await save('2000', await freshCode(t, secret));
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toEqual({ freshCodeAbovePaise: 200_000, defaultPaise: 100_000 });
    expect(await createWithoutCode('1500')).toBe(201);
    expect(await createWithoutCode('2001')).toBe(401);

    const lowered = await save('500', await freshCode(t, secret));
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await createWithoutCode('1000')).toBe(401);
    expect(await createWithoutCode('500')).toBe(201);

    const audits = await t.db
      .select({ newData: systemLogs.newData, actorType: systemLogs.actorType })
      .from(systemLogs)
      .where(
        and(eq(systemLogs.action, 'promotion_settings_updated'), eq(systemLogs.resourceType, 'promotion_settings')),
      )
      .orderBy(systemLogs.createdAt);
    expect(audits).toEqual([
      { actorType: 'admin', newData: { changes: { freshCodeAbovePaise: { from: 100_000, to: 200_000 } } } },
      { actorType: 'admin', newData: { changes: { freshCodeAbovePaise: { from: 200_000, to: 50_000 } } } },
    ]);
  });

  it('refuses what is not an amount in rupees, under the field', async () => {
    for (const typed of ['', '-5', 'abc', '1,000', '1234567890']) {
      const res = await save(typed, await freshCode(t, secret));
      expect(res.statusCode, typed).toBe(400);
      expect(res.json().error.fields).toEqual({ freshCodeAboveRupees: promotionSettingsMessages.amountInvalid });
    }
  });
});
