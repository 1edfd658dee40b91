import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitMessages, messages } from '../../../contracts/auth.contract';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { employeeForm } from '../../test/erp';
import { customerInput, merchantInput, vendorInput } from '../../test/factories';

// One address may register only so many accounts (customer, vendor, merchant and
// employee together) and ask for only so many password resets per hour; past that, 429 with Retry-After.

const REGISTRATIONS = 3;
const RESETS = 2;

let t: TestApp;
let block = 0;
/** A fresh address block per test: `from(0)`, `from(1)`... are its addresses. */
const addresses = () => {
  block++;
  return (i: number) => `10.20.${block}.${i + 1}`;
};

beforeAll(async () => {
  t = await buildTestApp({ REGISTRATIONS_PER_HOUR: String(REGISTRATIONS), PASSWORD_RESETS_PER_HOUR: String(RESETS) });
});
afterAll(() => t.close());

type Res = Awaited<ReturnType<TestClient['post']>>;

function expectTooMany(res: Res, message: RegExp) {
  expect(res.statusCode, res.body).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(3600);
  expect(res.json().error).toMatchObject({ code: 'RATE_LIMITED' });
  expect(res.json().error.message).toMatch(message);
}

describe('registrations per address and hour', () => {
  it(`answers registration number ${REGISTRATIONS + 1} from one address 429 with Retry-After; another address still registers`, async () => {
    const from = addresses();
    const client = new TestClient(t.app, from(0));
    for (let i = 0; i < REGISTRATIONS; i++)
      expect((await client.post('/api/auth/register', customerInput())).statusCode).toBe(201);
    const refused = await client.post('/api/auth/register', customerInput());
    expectTooMany(
      refused,
      /^Too many accounts have been registered from your network\. Please try again in \d+ minutes?\.$/,
    );
    expect(refused.json().error.message).toBe(
      limitMessages.registrations(Math.ceil(Number(refused.headers['retry-after']) / 60)),
    );
    expect((await new TestClient(t.app, from(1)).post('/api/auth/register', customerInput())).statusCode).toBe(201);
  });

  it('counts customers, vendors, merchants and employees together', async () => {
    const client = new TestClient(t.app, addresses()(0));
    expect((await client.post('/api/auth/register', customerInput())).statusCode).toBe(201);
    expect((await client.post('/api/auth/register', vendorInput())).statusCode).toBe(201);
    expect((await client.post('/api/erp/register', employeeForm())).statusCode).toBe(201);
    expectTooMany(await client.post('/api/auth/register', merchantInput()), /registered from your network/);
    expectTooMany(await client.post('/api/erp/register', employeeForm()), /registered from your network/);
  });

  it(`limits employee registrations at /api/erp/register alone: number ${REGISTRATIONS + 1} answers 429, another address registers`, async () => {
    const from = addresses();
    const client = new TestClient(t.app, from(0));
    for (let i = 0; i < REGISTRATIONS; i++)
      expect((await client.post('/api/erp/register', employeeForm())).statusCode).toBe(201);
    expectTooMany(await client.post('/api/erp/register', employeeForm()), /registered from your network/);
    expect((await new TestClient(t.app, from(1)).post('/api/erp/register', employeeForm())).statusCode).toBe(201);
  });

  it('counts refused attempts too (a taken email), so the limit also caps guessing which emails have accounts', async () => {
    const client = new TestClient(t.app, addresses()(0));
    const input = customerInput();
    expect((await client.post('/api/auth/register', input)).statusCode).toBe(201);
    for (let i = 1; i < REGISTRATIONS; i++)
      expect((await client.post('/api/auth/register', input)).json().error.message).toBe(messages.emailTaken);
    expectTooMany(await client.post('/api/auth/register', customerInput()), /registered from your network/);
  });
});

describe('password reset requests per address and hour', () => {
  it(`answers request number ${RESETS + 1} from one address 429 with Retry-After, whatever the email; another address still asks`, async () => {
    const from = addresses();
    const client = new TestClient(t.app, from(0));
    for (let i = 0; i < RESETS; i++)
      expect((await client.post('/api/auth/password-reset', { email: customerInput().email })).statusCode).toBe(202);
    const refused = await client.post('/api/auth/password-reset', { email: customerInput().email });
    expectTooMany(refused, /^Too many password reset requests from your network\. Please try again in \d+ minutes?\.$/);
    expect(
      (await new TestClient(t.app, from(1)).post('/api/auth/password-reset', { email: customerInput().email }))
        .statusCode,
    ).toBe(202);
  });

  it('keeps registrations and password resets apart: one address past its resets still registers', async () => {
    const client = new TestClient(t.app, addresses()(0));
    for (let i = 0; i < RESETS; i++)
      expect((await client.post('/api/auth/password-reset', { email: customerInput().email })).statusCode).toBe(202);
    expect((await client.post('/api/auth/password-reset', { email: customerInput().email })).statusCode).toBe(429);
    expect((await client.post('/api/auth/register', customerInput())).statusCode).toBe(201);
  });
});

describe('the defaults', () => {
  it('are 10 registrations and 5 password reset requests per address and hour', async () => {
    // An empty variable is unset: the server's own defaults, not the generous ones buildTestApp sets.
    const d = await buildTestApp({ REGISTRATIONS_PER_HOUR: '', PASSWORD_RESETS_PER_HOUR: '' });
    try {
      expect(d.config).toMatchObject({ REGISTRATIONS_PER_HOUR: 10, PASSWORD_RESETS_PER_HOUR: 5 });
      const client = new TestClient(d.app, '10.20.250.1');
      for (let i = 0; i < 10; i++)
        expect((await client.post('/api/auth/register', customerInput())).statusCode).toBe(201);
      expect((await client.post('/api/auth/register', customerInput())).statusCode).toBe(429);
      for (let i = 0; i < 5; i++)
        expect((await client.post('/api/auth/password-reset', { email: customerInput().email })).statusCode).toBe(202);
      expect((await client.post('/api/auth/password-reset', { email: customerInput().email })).statusCode).toBe(429);
    } finally {
      await d.close();
    }
  });
});
