import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminVendorPage } from '../../../contracts/admin-vendors.contract';
import { verhoeffCheckDigit } from '../../../domain/aadhaar';
import {
  payoutMessages,
  type MyPayoutDetails,
  type PayoutDetailsInput,
} from '../../../contracts/payout-details.contract';
import { settingsMessages } from '../../../contracts/shops.contract';
import { gstinFor } from '../../../domain/india-ids';
import { signInSuperAdmin } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, registerAndLogin, signedInVendor } from '../../test/factories';
import { systemLogs } from '../audit/audit.tables';
import { setVendorApproval } from '../auth';
import { vendorPayoutDetails } from './settlement.tables';

// A vendor enters its payout and tax details in its profile, with its password;
// each change is in the super admin's audit log, and the Vendors tab shows the details, masked.

let t: TestApp;
let admin: TestClient | undefined;
/** The super admin's browser, signed in once for the file (two-factor is set up on the first sign-in). */
const superAdmin = async () => (admin ??= (await signInSuperAdmin(t, '10.22.5.250')).client);
let ip = 0;
const newClient = () => new TestClient(t.app, `10.22.5.${++ip}`);
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'secret123';
const PAN = 'AAPFU0939F';
/** A valid GSTIN of PAN in the state with this GST code (the check character computed). */
const gstinOf = (stateCode: string, pan = PAN) => gstinFor(stateCode, pan);
const MAHARASHTRA_GSTIN = '27AAPFU0939F1ZV';

const newVendor = (businessName = 'Ravi Traders') => signedInVendor(newClient(), { businessName });

const bank = (over: Partial<PayoutDetailsInput> = {}): PayoutDetailsInput => ({
  method: 'bank',
  accountHolderName: 'Ravi Kumar',
  bankAccountNumber: '001234567890',
  ifsc: 'HDFC0001234',
  currentPassword: PASSWORD,
  ...over,
});
const upi = (over: Partial<PayoutDetailsInput> = {}): PayoutDetailsInput => ({
  method: 'upi',
  upiId: 'ravi@okhdfcbank',
  currentPassword: PASSWORD,
  ...over,
});

const mine = async (client: TestClient) => {
  const res = await client.get('/api/vendor/payout-details');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MyPayoutDetails;
};
const save = (client: TestClient, body: PayoutDetailsInput) => client.put('/api/vendor/payout-details', body);
const storedRow = async (vendorUserId: string) =>
  (await t.db.select().from(vendorPayoutDetails).where(eq(vendorPayoutDetails.vendorUserId, vendorUserId)))[0] ?? null;
const auditOf = (vendorUserId: string) => t.db.select().from(systemLogs).where(eq(systemLogs.resourceId, vendorUserId));
const expectRefused = async (client: TestClient, body: PayoutDetailsInput, field: string, message: string) => {
  const res = await save(client, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.fields?.[field]).toBe(message);
};

describe('reading and saving', () => {
  it('answers null before the vendor saves any, with the TDS and TCS rates in force', async () => {
    const { client } = await newVendor();
    expect(await mine(client)).toEqual({ details: null, rates: { tdsWithPanBp: 10, tdsWithoutPanBp: 500, tcsBp: 50 } });
  });

  it('saves a bank account and shows it back with all but the last 4 digits masked, PAN and GSTIN upper-cased', async () => {
    const { client, id } = await newVendor();
    const res = await save(
      client,
      bank({ ifsc: ' hdfc0001234 ', pan: 'aapfu0939f', gstin: MAHARASHTRA_GSTIN.toLowerCase() }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(payoutMessages.saved);
    const { details } = await mine(client);
    expect(details).toMatchObject({
      method: 'bank',
      accountHolderName: 'Ravi Kumar',
      bankAccountMasked: 'XXXXXXXX7890',
      ifsc: 'HDFC0001234',
      upiId: null,
      pan: PAN,
      gstin: MAHARASHTRA_GSTIN,
    });
    expect(JSON.stringify(await mine(client))).not.toContain('001234567890');
    expect(await storedRow(id)).toMatchObject({ bankAccountNumber: '001234567890', ifsc: 'HDFC0001234' });
  });

  it('saves a UPI ID, and switching from a bank account to UPI forgets the bank account', async () => {
    const { client, id } = await newVendor();
    expect((await save(client, bank())).statusCode).toBe(200);
    const res = await save(client, upi());
    expect(res.statusCode, res.body).toBe(200);
    expect((await mine(client)).details).toMatchObject({
      method: 'upi',
      upiId: 'ravi@okhdfcbank',
      accountHolderName: null,
      bankAccountMasked: null,
      ifsc: null,
      pan: null,
      gstin: null,
    });
    expect(await storedRow(id)).toMatchObject({ method: 'upi', bankAccountNumber: null, ifsc: null });
  });

  it('saves the GST enrolment number of a seller without a GSTIN, upper-cased, and refuses a malformed one or one next to a GSTIN', async () => {
    const { client, id } = await newVendor();
    const res = await save(client, upi({ pan: PAN, enrolmentNumber: ' 27aapfu0939f1e5 ' }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await mine(client)).details).toMatchObject({ pan: PAN, gstin: null, enrolmentNumber: '27AAPFU0939F1E5' });
    expect(await storedRow(id)).toMatchObject({ enrolmentNumber: '27AAPFU0939F1E5' });
    await expectRefused(
      client,
      upi({ enrolmentNumber: '27AAPFU0939' }),
      'enrolmentNumber',
      payoutMessages.enrolmentNumber,
    );
    await expectRefused(
      client,
      upi({ enrolmentNumber: '27AAPFU0939F-E5' }),
      'enrolmentNumber',
      payoutMessages.enrolmentNumber,
    );
    await expectRefused(
      client,
      upi({ pan: PAN, gstin: MAHARASHTRA_GSTIN, enrolmentNumber: '27AAPFU0939F1E5' }),
      'enrolmentNumber',
      payoutMessages.enrolmentWithGstin,
    );
    // Blank again: none.
    expect((await save(client, upi({ pan: PAN }))).statusCode).toBe(200);
    expect((await mine(client)).details).toMatchObject({ enrolmentNumber: null });
  });

  // (Each vendor makes at most 10 saves: more from one address in 15 minutes are refused, as password guesses.)
  it('refuses a bad IFSC, bank account number or holder name with the message under the field, and writes nothing', async () => {
    const { client, id } = await newVendor();
    await expectRefused(client, bank({ ifsc: 'HDFC1001234' }), 'ifsc', payoutMessages.ifsc);
    await expectRefused(client, bank({ ifsc: '' }), 'ifsc', payoutMessages.ifscRequired);
    await expectRefused(
      client,
      bank({ bankAccountNumber: '12345678' }),
      'bankAccountNumber',
      payoutMessages.accountNumber,
    );
    await expectRefused(
      client,
      bank({ bankAccountNumber: '1234 5678 9012' }),
      'bankAccountNumber',
      payoutMessages.accountNumber,
    );
    await expectRefused(client, bank({ accountHolderName: ' ' }), 'accountHolderName', payoutMessages.holderRequired);
    const res = await save(client, bank({ ifsc: 'HDFC1001234' }));
    expect(res.json().error.message).toBe(payoutMessages.ifsc);
    expect(await storedRow(id)).toBeNull();
  });

  it("refuses a bad UPI ID, PAN or GSTIN (its length, state code, check character, another PAN's) with the message under the field", async () => {
    const { client, id } = await newVendor();
    await expectRefused(client, upi({ upiId: 'ravi.okhdfcbank' }), 'upiId', payoutMessages.upi);
    await expectRefused(client, upi({ pan: 'AAPXU0939F' }), 'pan', payoutMessages.pan);
    await expectRefused(client, upi({ gstin: '27AAPFU0939F1ZW' }), 'gstin', payoutMessages.gstinCheck);
    await expectRefused(client, upi({ gstin: '27AAPFU0939F1Z' }), 'gstin', payoutMessages.gstinLength);
    await expectRefused(client, upi({ gstin: gstinOf('28') }), 'gstin', payoutMessages.gstinStateCode('28'));
    await expectRefused(
      client,
      upi({ pan: 'ABCPE1234F', gstin: MAHARASHTRA_GSTIN }),
      'gstin',
      payoutMessages.gstinNotYourPan,
    );
    expect(await storedRow(id)).toBeNull();
  });

  it("refuses a GSTIN of another state than a shop's, naming both, and does not check a shop with no state", async () => {
    const { client, id } = await newVendor();
    const online = await client.post('/api/vendor/shops', { shopName: 'Ravi Online', shopType: 'online' });
    expect(online.statusCode, online.body).toBe(201);
    // An online shop has no state: any state's GSTIN will do.
    expect((await save(client, upi({ gstin: MAHARASHTRA_GSTIN }))).statusCode).toBe(200);
    const shop = await client.post('/api/vendor/shops', {
      shopName: 'Jaipur Handloom House',
      shopType: 'physical',
      address: '14 Johari Bazaar',
      city: 'Jaipur',
      state: 'Rajasthan',
      postalCode: '302003',
    });
    expect(shop.statusCode, shop.body).toBe(201);
    const message = 'This GSTIN is registered in Maharashtra, but your shop Jaipur Handloom House is in Rajasthan';
    expect(payoutMessages.gstinShopState('Maharashtra', 'Jaipur Handloom House', 'Rajasthan')).toBe(message);
    const res = await save(client, bank({ gstin: MAHARASHTRA_GSTIN }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { gstin: message } });
    expect(await storedRow(id)).toMatchObject({ method: 'upi' });
    // Rajasthan's code is 08.
    expect((await save(client, bank({ gstin: gstinOf('08') }))).statusCode).toBe(200);
    expect((await mine(client)).details?.gstin).toBe(gstinOf('08'));
  });

  it('refuses a wrong current password and writes nothing, neither the details nor an audit entry', async () => {
    const { client, id } = await newVendor();
    expect((await save(client, upi())).statusCode).toBe(200);
    const res = await save(client, bank({ currentPassword: 'not-my-password' }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: settingsMessages.wrongPassword,
      fields: { currentPassword: settingsMessages.wrongPassword },
    });
    const missing = await save(client, { ...bank(), currentPassword: '' });
    expect(missing.json().error.fields).toEqual({ currentPassword: settingsMessages.currentPasswordRequired });
    expect(await storedRow(id)).toMatchObject({ method: 'upi', bankAccountNumber: null });
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('refuses a vendor the super admin rejected', async () => {
    const { client, id } = await newVendor();
    await t.db.transaction((tx) =>
      setVendorApproval(tx, { vendorUserId: id, approved: false, reason: 'Documents missing' }),
    );
    const res = await save(client, upi());
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toBe(payoutMessages.notApproved);
    expect(await storedRow(id)).toBeNull();
  });
});

describe('who may call', () => {
  it('answers 401 to a guest and 403 to customers and merchants', async () => {
    const customer = newClient();
    await registerAndLogin(customer, customerInput());
    const merchant = newClient();
    await registerAndLogin(merchant, merchantInput());
    for (const [c, status] of [
      [newClient(), 401],
      [customer, 403],
      [merchant, 403],
    ] as const) {
      expect((await c.get('/api/vendor/payout-details')).statusCode).toBe(status);
      const res = await save(c, upi());
      expect(res.statusCode).toBe(status);
      if (status === 403) expect(res.json().error.message).toBe(payoutMessages.vendorsOnly);
    }
  });

  it('shows a vendor its own details only', async () => {
    const a = await newVendor();
    const b = await newVendor();
    expect((await save(a.client, bank())).statusCode).toBe(200);
    expect((await mine(b.client)).details).toBeNull();
  });
});

describe('shown to the super admin', () => {
  it('writes an audit entry for each change, naming the changed fields, with the account number masked and no password', async () => {
    const { client, id } = await newVendor('Kisan Payout Traders');
    expect((await save(client, bank({ pan: PAN }))).statusCode).toBe(200);
    expect((await save(client, bank({ pan: PAN }))).json().message).toBe(payoutMessages.unchanged);
    expect((await save(client, upi({ pan: PAN }))).statusCode).toBe(200);

    const res = await (
      await superAdmin()
    ).get(`/api/admin/audit?action=vendor.payout_details_changed&q=${id}&sort=createdAt&dir=asc`);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().items as {
      actor: string;
      description: string;
      resourceType: string;
      resourceId: string;
      newData: string;
      origin: string;
    }[];
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      description: 'Vendor changed its payout or tax details',
      resourceType: 'vendor',
      resourceId: id,
      origin: 'vendor_profile',
    });
    expect(entries[0].actor).toMatch(/^ravi\..*@example\.in$/);
    const [first, second] = entries.map((e) => JSON.parse(e.newData));
    expect(first).toMatchObject({
      businessName: 'Kisan Payout Traders',
      method: 'bank',
      bankAccount: 'XXXXXXXX7890',
      ifsc: 'HDFC0001234',
      pan: PAN,
      gstin: null,
    });
    expect(first.changed).toEqual(['method', 'accountHolderName', 'bankAccountNumber', 'ifsc', 'pan']);
    expect(second).toMatchObject({
      method: 'upi',
      upiId: 'ravi@okhdfcbank',
      bankAccount: null,
      before: { method: 'bank', bankAccount: 'XXXXXXXX7890' },
    });
    expect(second.changed).toEqual(['method', 'accountHolderName', 'bankAccountNumber', 'ifsc', 'upiId']);
    const raw = JSON.stringify(await auditOf(id));
    expect(raw).not.toContain('001234567890');
    expect(raw).not.toContain(PASSWORD);
  });

  it("lists each vendor's payout method, masked account or UPI ID, PAN, GSTIN and when they changed in the Vendors tab and its CSV", async () => {
    const withBank = await newVendor('Kisan Bank Payee');
    const withUpi = await newVendor('Kisan UPI Payee');
    const without = await newVendor('Kisan No Details');
    expect((await save(withBank.client, bank({ pan: PAN, gstin: MAHARASHTRA_GSTIN }))).statusCode).toBe(200);
    const aadhaar = `49927360181${verhoeffCheckDigit('49927360181')}`;
    expect((await save(withUpi.client, upi({ tdsExemption: 'individual', aadhaar }))).statusCode).toBe(200);

    const admin = await superAdmin();
    const rowOf = async (userId: string) => {
      const res = await admin.get(`/api/admin/vendors?q=${userId}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as AdminVendorPage).items.find((v) => v.id === userId)!;
    };
    const b = await rowOf(withBank.id);
    expect(b.payout).toMatchObject({
      method: 'bank',
      accountHolderName: 'Ravi Kumar',
      bankAccountMasked: 'XXXXXXXX7890',
      ifsc: 'HDFC0001234',
      pan: PAN,
      gstin: MAHARASHTRA_GSTIN,
    });
    expect(Date.now() - Date.parse(b.payout!.updatedAt)).toBeLessThan(60_000);
    expect((await rowOf(withUpi.id)).payout).toMatchObject({
      method: 'upi',
      upiId: 'ravi@okhdfcbank',
      bankAccountMasked: null,
      pan: null,
      tdsExemption: 'individual',
      aadhaarMasked: `XXXXXXXX${aadhaar.slice(8)}`,
    });
    expect(b.payout).toMatchObject({ tdsExemption: 'none', aadhaarMasked: null });
    expect((await rowOf(without.id)).payout).toBeNull();

    const csv = await admin.get(`/api/admin/vendors/export?q=${withBank.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toContain('payout_method,payout_to,pan,gstin,payout_details_changed_at');
    expect(csv.body).toContain(`bank,Bank account XXXXXXXX7890 (HDFC0001234),${PAN},${MAHARASHTRA_GSTIN}`);
    expect(csv.body).not.toContain('001234567890');
  });
});
