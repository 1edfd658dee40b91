import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditPage } from '../../../contracts/admin-lists.contract';
import { freshCode, signInSuperAdmin, TEST_ADMIN } from '../../test/admin';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { signedInEmployee } from '../../test/erp';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { adminAccounts } from '../auth/auth.tables';

// The super admin edits the details of users, vendors, merchants and employees
// with the owner's own form (validated by its contract), each edit with a fresh code and audited
// with the fields it changed, old and new values.

let t: TestApp;
let admin: TestClient;
let secret: string;
let n = 0;
const browser = () => new TestClient(t.app, `10.43.0.${++n}`);
const phone = () => `97${String(++n).padStart(8, '0')}`;

beforeAll(async () => {
  t = await buildTestApp();
  ({ client: admin, secret } = await signInSuperAdmin(t));
});
afterAll(() => t.close());

const edit = async (path: string, body: Record<string, unknown>) =>
  admin.put(`/api/admin/${path}/details`, { ...body, code: await freshCode(t, secret) });

/** The newest audit entry of this action about this resource, its data parsed. */
async function lastAudit(action: string, resourceId: string) {
  const page = (await admin.get(`/api/admin/audit?action=${action}&q=${resourceId}`)).json() as AdminAuditPage;
  const entry = page.items.find((e) => e.resourceId === resourceId);
  return entry && { ...entry, newData: JSON.parse(entry.newData ?? 'null') };
}

async function customer() {
  const client = browser();
  const input = customerInput({ firstName: 'Asha', lastName: 'Verma', phoneNumber: phone() });
  const { id } = await registerAndLogin(client, input);
  return { client, id, input };
}

const profileOf = (input: { firstName: string; lastName: string; phoneNumber: string }) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  phoneNumber: input.phoneNumber,
});

describe('editing a user', () => {
  it('shows the personal information their own profile form holds, and 404 for an unknown account', async () => {
    const { id, input } = await customer();
    const res = await admin.get(`/api/admin/users/${id}/details`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      email: input.email.toLowerCase(),
      firstName: 'Asha',
      lastName: 'Verma',
      phoneNumber: input.phoneNumber,
      dateOfBirth: null,
      gender: null,
    });
    const missing = await admin.get(`/api/admin/users/${crypto.randomUUID()}/details`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('User not found');
    expect((await edit(`users/${crypto.randomUUID()}`, profileOf(input))).statusCode).toBe(404);
  });

  it('refuses without a fresh code (401) or with a wrong one (403), and changes nothing', async () => {
    const { id, input, client } = await customer();
    const changed = { ...profileOf(input), lastName: 'Iyer' };
    const none = await admin.put(`/api/admin/users/${id}/details`, changed);
    expect(none.statusCode).toBe(401);
    expect((await admin.put(`/api/admin/users/${id}/details`, { ...changed, code: '000000' })).statusCode).toBe(403);
    expect((await client.get('/api/me')).json().lastName).toBe('Verma');
    expect(await lastAudit('user_updated', id)).toBeUndefined();
  });

  it('checks the fields with the contract of their own form: the same messages on the same fields', async () => {
    const { id, input, client } = await customer();
    const bad = { ...profileOf(input), phoneNumber: '12345', firstName: '' };
    const own = await client.patch('/api/me/profile', bad);
    const res = await edit(`users/${id}`, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(own.json().error.fields);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['firstName', 'phoneNumber']);
  });

  it('saves an edit the user sees on their profile and the Users tab lists, audited with the old and new values', async () => {
    const { id, input, client } = await customer();
    const newPhone = phone();
    const res = await edit(`users/${id}`, {
      firstName: 'Asha',
      lastName: 'Iyer',
      phoneNumber: newPhone,
      dateOfBirth: '1990-04-12',
      gender: 'female',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'User details updated',
      details: {
        email: input.email.toLowerCase(),
        firstName: 'Asha',
        lastName: 'Iyer',
        phoneNumber: newPhone,
        dateOfBirth: '1990-04-12',
        gender: 'female',
      },
    });
    expect((await client.get('/api/me')).json()).toMatchObject({
      lastName: 'Iyer',
      phoneNumber: newPhone,
      dateOfBirth: '1990-04-12',
      gender: 'female',
      displayName: 'Asha Iyer',
    });
    const listed = (await admin.get(`/api/admin/users?q=${id}`)).json().items;
    expect(listed).toEqual([expect.objectContaining({ id, firstName: 'Asha', lastName: 'Iyer' })]);
    const audit = await lastAudit('user_updated', id);
    expect(audit).toMatchObject({ resourceType: 'user', description: 'User details edited' });
    expect(audit?.newData).toEqual({
      changes: {
        lastName: { from: 'Verma', to: 'Iyer' },
        phoneNumber: { from: input.phoneNumber, to: newPhone },
        dateOfBirth: { from: null, to: '1990-04-12' },
        gender: { from: null, to: 'female' },
      },
    });
  });

  it('spends the code on an edit that changes nothing, and records no change', async () => {
    const { id, input } = await customer();
    const code = await freshCode(t, secret);
    expect((await admin.put(`/api/admin/users/${id}/details`, { ...profileOf(input), code })).statusCode).toBe(200);
    expect((await lastAudit('user_updated', id))?.newData).toEqual({ changes: {} });
    // The code's time step is taken (a wrong code would count towards the throttle, so it is not replayed here).
    expect(
      (
        await t.db
          .select({ step: adminAccounts.lastTotpStep })
          .from(adminAccounts)
          .where(eq(adminAccounts.email, TEST_ADMIN.email))
      )[0].step,
    ).not.toBeNull();
  });
});

describe('editing a vendor', () => {
  it('edits a vendor’s personal information with their own profile form’s contract, audited', async () => {
    const client = browser();
    const input = vendorInput({ phone: phone() });
    const { id } = await registerAndLogin(client, input);
    expect((await admin.get(`/api/admin/vendors/${id}/details`)).json()).toMatchObject({
      firstName: 'Ravi',
      lastName: 'Kumar',
      phoneNumber: input.phone,
    });
    expect(
      (
        await admin.put(`/api/admin/vendors/${id}/details`, {
          firstName: 'Ravi',
          lastName: 'Menon',
          phoneNumber: input.phone,
          code: '000000',
        })
      ).statusCode,
    ).toBe(403);
    const bad = await edit(`vendors/${id}`, { firstName: 'Ravi', lastName: '', phoneNumber: input.phone });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ lastName: 'Last name is required' });

    const res = await edit(`vendors/${id}`, { firstName: 'Ravi', lastName: 'Menon', phoneNumber: input.phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Vendor details updated');
    expect((await client.get('/api/me')).json()).toMatchObject({ lastName: 'Menon', businessName: 'Ravi Traders' });
    expect((await lastAudit('vendor_updated', id))?.newData).toEqual({
      changes: { lastName: { from: 'Kumar', to: 'Menon' } },
    });
  });

  it('is only for vendors: a customer or an unknown id is no vendor (404)', async () => {
    const { id, input } = await customer();
    for (const other of [id, crypto.randomUUID()]) {
      expect((await admin.get(`/api/admin/vendors/${other}/details`)).json().error.message).toBe('Vendor not found');
      const res = await edit(`vendors/${other}`, profileOf(input));
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Vendor not found');
    }
    expect((await admin.get(`/api/admin/users/${id}/details`)).json().lastName).toBe('Verma');
  });
});

describe('editing a merchant', () => {
  async function merchant() {
    const client = browser();
    const input = merchantInput({ mobileNumber: phone() });
    const { id } = await registerAndLogin(client, input);
    return { client, id, input };
  }
  const business = (input: ReturnType<typeof merchantInput>) => ({
    businessName: input.businessName,
    mobileNumber: input.mobileNumber,
    upiId: input.upiId,
  });

  it('shows the business details of its dashboard; 404 for a customer or an unknown id', async () => {
    const { id, input, client } = await merchant();
    const details = await admin.get(`/api/admin/merchants/${id}/details`);
    expect(details.json()).toEqual((await client.get('/api/merchant/dashboard')).json().profile);
    expect(details.json()).toMatchObject({
      businessName: 'Lakshmi Stores',
      upiId: 'lakshmi@okicici',
      cashbackPercentage: 2,
    });
    const { id: customerId } = await customer();
    for (const other of [customerId, crypto.randomUUID()]) {
      expect((await admin.get(`/api/admin/merchants/${other}/details`)).statusCode).toBe(404);
      const res = await edit(`merchants/${other}`, business(input));
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Merchant not found');
    }
  });

  it('refuses without a code or with a wrong one, and a bad UPI ID with the message of the merchant’s own form', async () => {
    const { id, input, client } = await merchant();
    const renamed = { ...business(input), businessName: 'Lakshmi General Stores' };
    expect((await admin.put(`/api/admin/merchants/${id}/details`, renamed)).statusCode).toBe(401);
    expect((await admin.put(`/api/admin/merchants/${id}/details`, { ...renamed, code: '000000' })).statusCode).toBe(
      403,
    );
    const bad = { ...business(input), upiId: 'not a upi id' };
    const own = await client.put('/api/merchant/profile', bad);
    const res = await edit(`merchants/${id}`, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(own.json().error.fields);
    expect(res.json().error.fields.upiId).toBeDefined();
    expect((await client.get('/api/merchant/dashboard')).json().profile.businessName).toBe('Lakshmi Stores');
  });

  it('saves the business details the merchant’s dashboard and the Merchants tab then show, audited with the old and new values', async () => {
    const { id, input, client } = await merchant();
    const res = await edit(`merchants/${id}`, {
      ...business(input),
      businessName: 'Lakshmi General Stores',
      upiId: 'lakshmi.general@oksbi',
      website: 'lakshmi.example.in',
      cashbackPercentage: 3.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Merchant details updated',
      details: { businessName: 'Lakshmi General Stores', upiId: 'lakshmi.general@oksbi' },
    });
    expect((await client.get('/api/merchant/dashboard')).json().profile).toMatchObject({
      businessName: 'Lakshmi General Stores',
      upiId: 'lakshmi.general@oksbi',
      website: 'https://lakshmi.example.in',
      cashbackPercentage: 3.5,
    });
    const listed = (await admin.get(`/api/admin/merchants?q=${id}`)).json().items;
    expect(listed).toEqual([
      expect.objectContaining({ id, businessName: 'Lakshmi General Stores', upiId: 'lakshmi.general@oksbi' }),
    ]);
    // A UPI ID is a public payment address, not a secret: its old and new values are kept.
    expect((await lastAudit('merchant_updated', id))?.newData).toEqual({
      changes: {
        businessName: { from: 'Lakshmi Stores', to: 'Lakshmi General Stores' },
        upiId: { from: 'lakshmi@okicici', to: 'lakshmi.general@oksbi' },
        website: { from: null, to: 'https://lakshmi.example.in' },
        cashbackPercentage: { from: 2, to: 3.5 },
      },
    });
  });
});

describe('editing an employee', () => {
  const form = {
    firstName: 'Vikram',
    lastName: 'Iyer',
    department: 'Engineering',
    designation: 'Software Engineer',
    phone: '9900112233',
  };

  it('shows the registration fields and contact details; 404 for an unknown id', async () => {
    const { id, email } = await signedInEmployee(t, { employeeId: `E-${++n}`, address: '4 Lake View, Pune' });
    expect((await admin.get(`/api/admin/employees/${id}/details`)).json()).toEqual({
      email: email.toLowerCase(),
      firstName: 'Vikram',
      lastName: 'Iyer',
      department: 'Engineering',
      designation: 'Software Engineer',
      employeeId: `E-${n}`,
      phone: '9900112233',
      address: '4 Lake View, Pune',
      emergencyContact: null,
      emergencyPhone: null,
    });
    const missing = await admin.get(`/api/admin/employees/${crypto.randomUUID()}/details`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Employee not found');
    expect((await edit(`employees/${crypto.randomUUID()}`, form)).statusCode).toBe(404);
  });

  it('refuses without a code or with a wrong one; checks the fields with the registration’s and the settings form’s rules', async () => {
    const { id, client } = await signedInEmployee(t);
    expect((await admin.put(`/api/admin/employees/${id}/details`, { ...form, lastName: 'Rao' })).statusCode).toBe(401);
    expect(
      (await admin.put(`/api/admin/employees/${id}/details`, { ...form, lastName: 'Rao', code: '000000' })).statusCode,
    ).toBe(403);
    const own = await client.put('/api/erp/settings/profile', { phone: '12345' });
    const res = await edit(`employees/${id}`, { ...form, phone: '12345', department: 'Kitchen' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      phone: own.json().error.fields.phone,
      department: 'Please choose a department',
    });
    expect((await client.get('/api/erp/me')).json().lastName).toBe('Iyer');
  });

  it('refuses an employee ID another employee has (409 on the field)', async () => {
    const taken = `E-${++n}`;
    await signedInEmployee(t, { employeeId: taken });
    const { id } = await signedInEmployee(t);
    const res = await edit(`employees/${id}`, { ...form, employeeId: taken });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ employeeId: 'This employee ID is already taken' });
    expect((await admin.get(`/api/admin/employees/${id}/details`)).json().employeeId).toBeNull();
  });

  it('saves an edit the employee sees in the ERP, audited with the old and new values', async () => {
    const { id, client } = await signedInEmployee(t);
    const employeeId = `E-${++n}`;
    const res = await edit(`employees/${id}`, {
      ...form,
      lastName: 'Rao',
      department: 'Design',
      designation: '',
      employeeId,
      emergencyContact: 'Meera Rao',
      emergencyPhone: '98450 12345',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Employee details updated');
    // No designation given: the registration's default.
    expect((await client.get('/api/erp/me')).json()).toMatchObject({
      lastName: 'Rao',
      department: 'Design',
      designation: 'employee',
      employeeId,
    });
    expect((await client.get('/api/erp/settings')).json()).toMatchObject({
      phone: '9900112233',
      emergencyContact: 'Meera Rao',
      emergencyPhone: '9845012345',
    });
    expect((await admin.get(`/api/admin/employees?q=${employeeId}`)).json().items).toEqual([
      expect.objectContaining({ id, lastName: 'Rao', department: 'Design' }),
    ]);
    expect((await lastAudit('employee_updated', id))?.newData).toEqual({
      changes: {
        lastName: { from: 'Iyer', to: 'Rao' },
        department: { from: 'Engineering', to: 'Design' },
        designation: { from: 'Software Engineer', to: 'employee' },
        employeeId: { from: null, to: employeeId },
        emergencyContact: { from: null, to: 'Meera Rao' },
        emergencyPhone: { from: null, to: '9845012345' },
      },
    });
  });
});
