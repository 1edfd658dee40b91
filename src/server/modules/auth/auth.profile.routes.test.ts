import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, registerAndLogin, vendorInput } from '../../test/factories';

let t: TestApp;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.5.0.${++ip}`);
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A date of birth 17 years before today (UTC, as the server counts age): too young, whatever the year. */
const seventeenYearsAgo = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear() - 17, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);

const update = {
  firstName: 'Meera',
  lastName: 'Nair',
  phoneNumber: '+91 91234 56789',
  dateOfBirth: '1990-02-03',
  gender: 'female',
};

describe('PATCH /api/me/profile', () => {
  it('updates the own profile and answers as GET /api/me does', async () => {
    const c = newClient();
    const { id } = await registerAndLogin(c, customerInput());
    const res = await c.patch('/api/me/profile', update);
    expect(res.statusCode).toBe(200);
    const me = (await c.get('/api/me')).json();
    expect(res.json()).toEqual(me);
    expect(me).toMatchObject({
      id,
      firstName: 'Meera',
      lastName: 'Nair',
      displayName: 'Meera Nair',
      phoneNumber: '9123456789',
      dateOfBirth: '1990-02-03',
      gender: 'female',
    });
    const [customer] = await queryRows<{ full_name: string; phone: string }>(
      t.db,
      sql`select full_name, phone from customers where user_id = ${id}`,
    );
    expect(customer).toEqual({ full_name: 'Meera Nair', phone: '9123456789' });
  });

  it('clears the optional date of birth and gender when they are left empty', async () => {
    const c = newClient();
    await registerAndLogin(c, customerInput({ dateOfBirth: '1991-01-01', gender: 'male' }));
    const res = await c.patch('/api/me/profile', { ...update, dateOfBirth: '', gender: '' });
    expect(res.json()).toMatchObject({ dateOfBirth: null, gender: null });
  });

  it.each([
    ['firstName', '  ', 'First name is required'],
    ['lastName', '', 'Last name is required'],
    ['phoneNumber', '12345', 'Please enter a valid 10-digit mobile number'],
    ['phoneNumber', '', 'Phone number is required'],
    ['dateOfBirth', seventeenYearsAgo(), 'You must be at least 18 years old to register'],
    ['dateOfBirth', '03/02/1990', 'Please enter a valid date'],
    ['gender', 'robot', 'Please choose a gender from the list'],
  ])('refuses %s=%j with %j and changes nothing', async (field, value, message) => {
    const c = newClient();
    const { id } = await registerAndLogin(c, customerInput({ firstName: 'Asha' }));
    const res = await c.patch('/api/me/profile', { ...update, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    const [p] = await queryRows<{ first_name: string }>(
      t.db,
      sql`select first_name from user_profiles where user_id = ${id}`,
    );
    expect(p.first_name).toBe('Asha');
  });

  it('only ever changes the signed-in user: an id in the body is ignored', async () => {
    const victim = newClient();
    const { id: victimId } = await registerAndLogin(victim, customerInput({ firstName: 'Victim' }));
    const attacker = newClient();
    const { id: attackerId } = await registerAndLogin(attacker, customerInput({ firstName: 'Attacker' }));
    const res = await attacker.patch('/api/me/profile', { ...update, id: victimId, userId: victimId });
    expect(res.json().id).toBe(attackerId);
    const [p] = await queryRows<{ first_name: string }>(
      t.db,
      sql`select first_name from user_profiles where user_id = ${victimId}`,
    );
    expect(p.first_name).toBe('Victim');
  });

  it('lets a vendor update their own personal information too', async () => {
    const c = newClient();
    await registerAndLogin(c, vendorInput({ businessName: 'Kaveri Crafts' }));
    const res = await c.patch('/api/me/profile', update);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'vendor', firstName: 'Meera', businessName: 'Kaveri Crafts' });
  });

  it('answers 401 to a guest, even with a bad body', async () => {
    const guest = newClient();
    expect((await guest.patch('/api/me/profile', update)).statusCode).toBe(401);
    expect((await guest.patch('/api/me/profile', { firstName: 7 })).statusCode).toBe(401);
  });
});
