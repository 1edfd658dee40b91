import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckChar } from '../../../domain/india-ids';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, registerAndLogin } from '../../test/factories';
import { haatTaxIdentity } from '../settlement/settlement.commission-invoices.tables';

// Haat's GST registration (legal name, address, state, GSTIN) in the Settings tab: what its
// commission invoices print; until it is set none is issued, and the admin is told why.

let t: TestApp;
let admin: TestClient;
let secret: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t, '10.32.0.1'));
});
afterAll(() => t.close());

const gstinFor = (stateCode: string, pan: string) => `${stateCode}${pan}1Z${gstinCheckChar(`${stateCode}${pan}1Z`)}`;
const valid = {
  legalName: 'Haat Marketplace Private Limited',
  address: '12 Linking Road, Mumbai, Maharashtra - 400050',
  state: 'Maharashtra',
  gstin: gstinFor('27', 'AABCH1234K'),
};

describe("Haat's GST registration", () => {
  it('is not set at first, and the admin is told that no commission invoice is issued until it is', async () => {
    await t.db.delete(haatTaxIdentity);
    const res = await admin.get('/api/admin/settings/haat-gst');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      identity: null,
      notice:
        "Commission invoices are not being issued: set Haat's GST registration (legal name, address, state and GSTIN) first.",
    });
    expect((await admin.get('/api/admin/reports/commission-gst')).json().notice).toMatch(
      /^Commission invoices are not being issued/,
    );
  });

  it('refuses a GSTIN that is not valid or not of the state, with the message under the field', async () => {
    const badCheck = await admin.put('/api/admin/settings/haat-gst', {
      ...valid,
      gstin: `${valid.gstin.slice(0, 14)}${valid.gstin.endsWith('A') ? 'B' : 'A'}`,
      code: await freshCode(t, secret),
    });
    expect(badCheck.statusCode).toBe(400);
    expect(badCheck.json().error.fields.gstin).toBe(
      "This GSTIN's check character is wrong: please check it for a typo",
    );
    const otherState = await admin.put('/api/admin/settings/haat-gst', {
      ...valid,
      state: 'Karnataka',
      code: await freshCode(t, secret),
    });
    expect(otherState.statusCode).toBe(400);
    expect(otherState.json().error.fields.gstin).toBe('This GSTIN is registered in Maharashtra, not Karnataka');
    const blank = await admin.put('/api/admin/settings/haat-gst', {
      ...valid,
      legalName: ' ',
      code: await freshCode(t, secret),
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.legalName).toBe("Enter Haat's legal name as registered for GST");
  });

  it('is saved with a fresh code only, by the super admin only', async () => {
    expect((await admin.put('/api/admin/settings/haat-gst', valid)).statusCode).toBe(401);
    expect((await admin.put('/api/admin/settings/haat-gst', { ...valid, code: '000000' })).statusCode).toBe(403);
    const saved = await admin.put('/api/admin/settings/haat-gst', {
      ...valid,
      gstin: valid.gstin.toLowerCase(),
      code: await freshCode(t, secret),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ identity: valid, notice: null });
    expect((await admin.get('/api/admin/settings/haat-gst')).json()).toEqual({ identity: valid, notice: null });

    const customer = new TestClient(t.app, '10.32.0.9');
    await registerAndLogin(customer, customerInput());
    // The admin pages are their own sign-in: a customer's session is no admin's.
    expect((await customer.get('/api/admin/settings/haat-gst')).statusCode).toBe(401);
  });
});
