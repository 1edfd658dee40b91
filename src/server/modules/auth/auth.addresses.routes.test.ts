import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileMessages, type AddressInput } from '../../../contracts/profile.contract';
import { INDIA_STATES_AND_UTS } from '../../../domain/india-states';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { formatAddress, getAddress } from './index';

let t: TestApp;
let ip = 0;
const newClient = () => new TestClient(t.app, `10.4.0.${++ip}`);
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const home = (over: Partial<AddressInput> = {}): AddressInput => ({
  type: 'home',
  streetAddress: '12 MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  landmark: 'Near Metro Station',
  ...over,
});

async function newCustomer() {
  const client = newClient();
  const { id } = await registerAndLogin(client, customerInput());
  return { client, id };
}

const defaults = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from addresses where user_id = ${userId} and is_default`,
    )
  )[0].n;

describe('adding addresses', () => {
  it('adds the first address as the default, with country India, and answers it', async () => {
    const { client } = await newCustomer();
    const res = await client.post('/api/addresses', home({ postalCode: ' 560 038 ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'home',
      streetAddress: '12 MG Road, Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560038',
      country: 'India',
      landmark: 'Near Metro Station',
      isDefault: true,
    });
  });

  it('keeps one default: a later address is not default unless asked, and asking moves the default', async () => {
    const { client, id } = await newCustomer();
    const first = (await client.post('/api/addresses', home())).json();
    const second = (
      await client.post('/api/addresses', home({ type: 'work', streetAddress: '1 Tech Park', landmark: '' }))
    ).json();
    expect(second).toMatchObject({ isDefault: false, landmark: null, type: 'work' });
    const third = (
      await client.post('/api/addresses', home({ type: 'other', streetAddress: '9 Lake View', isDefault: true }))
    ).json();
    expect(third.isDefault).toBe(true);
    const list = (await client.get('/api/addresses')).json().items;
    expect(list.map((a: { id: string }) => a.id)).toEqual([third.id, second.id, first.id]);
    expect(await defaults(id)).toBe(1);
  });

  it('accepts every state and union territory', async () => {
    const { client } = await newCustomer();
    expect(INDIA_STATES_AND_UTS).toHaveLength(36);
    for (const state of ['Delhi', 'Ladakh', 'Tamil Nadu', 'Puducherry'] as const)
      expect((await client.post('/api/addresses', home({ state }))).statusCode).toBe(201);
  });

  it.each([
    ['postalCode', '012345', profileMessages.invalidPin],
    ['postalCode', '56003', profileMessages.invalidPin],
    ['postalCode', '5600381', profileMessages.invalidPin],
    ['postalCode', 'ABCDEF', profileMessages.invalidPin],
    ['postalCode', '', 'PIN code is required'],
    ['streetAddress', '  ', 'Street address is required'],
    ['city', '', 'City is required'],
    ['state', 'Atlantis', 'Please choose a state or union territory'],
    ['state', '', 'Please choose a state or union territory'],
    ['type', 'castle', 'Please choose home, work or other'],
    ['country', 'Nepal', 'We deliver only within India'],
  ])('refuses %s=%j with %j', async (field, value, message) => {
    const { client, id } = await newCustomer();
    const res = await client.post('/api/addresses', home({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await queryRows(t.db, sql`select id from addresses where user_id = ${id}`)).length).toBe(0);
  });
});

describe('set default and delete', () => {
  it('sets one default and clears every other, in one transaction', async () => {
    const { client, id } = await newCustomer();
    const a = (await client.post('/api/addresses', home())).json();
    const b = (await client.post('/api/addresses', home({ streetAddress: '2 Brigade Road' }))).json();
    const res = await client.put(`/api/addresses/${b.id}/default`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: b.id, isDefault: true });
    const list = (await client.get('/api/addresses')).json().items;
    expect(list.map((x: { id: string; isDefault: boolean }) => [x.id, x.isDefault])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    expect(await defaults(id)).toBe(1);
    // Setting the default again changes nothing.
    expect((await client.put(`/api/addresses/${b.id}/default`)).statusCode).toBe(200);
    expect(await defaults(id)).toBe(1);
  });

  it('stays at one default when several set-default calls race', async () => {
    const { client, id } = await newCustomer();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await client.post('/api/addresses', home({ streetAddress: `${i} Race Street` }))).json().id);
    const results = await Promise.all(ids.map((a) => client.put(`/api/addresses/${a}/default`)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await defaults(id)).toBe(1);
  });

  it('deletes an address; deleting the default makes the newest remaining one the default', async () => {
    const { client, id } = await newCustomer();
    const a = (await client.post('/api/addresses', home())).json();
    const b = (await client.post('/api/addresses', home({ streetAddress: '2 Brigade Road' }))).json();
    expect((await client.delete(`/api/addresses/${a.id}`)).statusCode).toBe(204);
    expect((await client.get('/api/addresses')).json().items).toMatchObject([{ id: b.id, isDefault: true }]);
    expect((await client.delete(`/api/addresses/${a.id}`)).statusCode).toBe(404);
    expect((await client.delete(`/api/addresses/${b.id}`)).statusCode).toBe(204);
    expect(await defaults(id)).toBe(0);
    expect((await client.get('/api/addresses')).json().items).toEqual([]);
  });
});

describe("nobody touches someone else's addresses", () => {
  it('answers 404 to reading through checkout, deleting or defaulting another customer’s address', async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const a = (await owner.client.post('/api/addresses', home())).json();
    expect((await other.client.get('/api/addresses')).json().items).toEqual([]);
    const del = await other.client.delete(`/api/addresses/${a.id}`);
    expect(del.statusCode).toBe(404);
    expect(del.json().error.message).toBe(profileMessages.addressNotFound);
    expect((await other.client.put(`/api/addresses/${a.id}/default`)).statusCode).toBe(404);
    expect(await getAddress(t.db, other.id, a.id)).toBeNull();
    expect(await getAddress(t.db, owner.id, a.id)).toMatchObject({ id: a.id, isDefault: true });
  });

  it('answers 401 to guests and 403 to vendors and merchants', async () => {
    const guest = newClient();
    expect((await guest.get('/api/addresses')).statusCode).toBe(401);
    expect((await guest.post('/api/addresses', {})).statusCode).toBe(401);
    for (const input of [vendorInput(), merchantInput()]) {
      const c = newClient();
      await registerAndLogin(c, input);
      const res = await c.post('/api/addresses', home());
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(profileMessages.customersOnly);
      expect((await c.get('/api/addresses')).statusCode).toBe(403);
    }
  });

  it('answers 400, not 500, for ids that are not uuids', async () => {
    const { client } = await newCustomer();
    expect((await client.delete('/api/addresses/abc')).statusCode).toBe(400);
    expect((await client.put('/api/addresses/abc/default')).statusCode).toBe(400);
  });

  it('answers 400, not 500, for text PostgreSQL cannot store (a NUL character), and saves nothing', async () => {
    const { client } = await newCustomer();
    const res = await client.post('/api/addresses', { ...home(), streetAddress: '12 MG Road\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect((await client.get('/api/addresses')).json().items).toEqual([]);
  });
});

describe('formatAddress', () => {
  it('writes the one-string shipping address of SPEC.md', () => {
    expect(
      formatAddress({ streetAddress: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560038' }),
    ).toBe('12 MG Road, Bengaluru, Karnataka - 560038');
  });
});
