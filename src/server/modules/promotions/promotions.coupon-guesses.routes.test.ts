import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { savePromotion, shopperWithCart, uniqueCouponCode } from '../../test/promotion-fixtures';

// Guessing coupon codes at checkout: unknown codes count per account and per address (the default
// limits: 10 per account and 30 per address in 15 minutes); past them any code is refused with 429
// and Retry-After, and a code that exists does not count. docs/promotions.md.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const unknownCode = () => uniqueCouponCode('NOPE');
const blocked = 'Too many coupon codes tried. Try again in 15 minutes.';

const tryCode = (client: TestClient, code: string) => client.get(`/api/checkout/summary?couponCode=${code}`);

async function guessUnknown(client: TestClient, times: number) {
  for (let i = 0; i < times; i++) {
    const code = unknownCode();
    const res = await tryCode(client, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().promotions.couponMessage).toBe(`There is no coupon with the code ${code}: check the spelling`);
  }
}

function expectBlocked(res: Awaited<ReturnType<TestClient['get']>>) {
  expect(res.statusCode, res.body).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(14 * 60);
  expect(wait).toBeLessThanOrEqual(15 * 60);
  expect(res.json().error).toMatchObject({ code: 'RATE_LIMITED', message: blocked, fields: { couponCode: blocked } });
}

const ACCOUNT_LIMIT =
  'after 10 unknown codes an account is refused any code, 429 with Retry-After; without a code it checks out';

describe('guessing coupon codes at checkout', () => {
  it(ACCOUNT_LIMIT, async () => {
    const s = await shopperWithCart(t);
    const real = await savePromotion(t, { name: 'Real offer' });
    await guessUnknown(s.client, 10);
    expectBlocked(await tryCode(s.client, unknownCode()));
    // Even a real code: the answer must not tell a guesser which codes exist.
    expectBlocked(await tryCode(s.client, real.code!));
    const placing = await s.client.post('/api/checkout', {
      addressId: s.addressId,
      couponCode: real.code,
      expectedTotalPaise: 59_900,
    });
    expectBlocked(placing);
    const plain = await s.client.get('/api/checkout/summary');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().amounts.totalPaise).toBe(69_900);
    // Another account is not blocked by this one's guesses.
    const other = await shopperWithCart(t);
    expect((await tryCode(other.client, real.code!)).statusCode).toBe(200);
  });

  it('unknown codes sent when placing an order count too', async () => {
    const s = await shopperWithCart(t);
    for (let i = 0; i < 10; i++) {
      const res = await s.client.post('/api/checkout', {
        addressId: s.addressId,
        couponCode: unknownCode(),
        expectedTotalPaise: 1,
      });
      expect(res.statusCode, res.body).toBe(409);
    }
    expectBlocked(await tryCode(s.client, unknownCode()));
  });

  it('a code that exists does not count', async () => {
    const s = await shopperWithCart(t);
    const real = await savePromotion(t, { name: 'Real offer' });
    for (let i = 0; i < 15; i++) {
      const res = await tryCode(s.client, real.code!.toLowerCase());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().promotions.couponMessage).toBeNull();
    }
    await guessUnknown(s.client, 10);
    expectBlocked(await tryCode(s.client, real.code!));
  });

  it('after 30 unknown codes from one address, every account there is refused', async () => {
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const signedInHere = async () => {
      const s = await shopperWithCart(t);
      const client = new TestClient(t.app, ip);
      const login = await client.post('/api/auth/login', { email: s.email, password: 'secret123' });
      expect(login.statusCode, login.body).toBe(200);
      return client;
    };
    for (let i = 0; i < 3; i++) await guessUnknown(await signedInHere(), 10);
    const fourth = await signedInHere();
    expectBlocked(await tryCode(fourth, unknownCode()));
    // An account at another address is not blocked.
    const elsewhere = await shopperWithCart(t);
    expect((await tryCode(elsewhere.client, unknownCode())).statusCode).toBe(200);
  });
});
