import { zodResolver } from '@hookform/resolvers/zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withdrawalFormSchema } from '../../../contracts/rewards.contract';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, merchantInput, registerAndLogin, vendorInput } from '../../test/factories';
import { createOrderWithPart, daysAgo, giveAvailablePoints, pointsLedgerMismatches } from '../../test/order-factories';
import { awardPointsOnce, recordPendingEarn, spendPoints } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RETURN_WINDOW_DAYS: '7' });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await pointsLedgerMismatches(t.db)).toEqual([]);
});

async function customer() {
  const client = new TestClient(t.app);
  const { id } = await registerAndLogin(client, customerInput());
  return { client, id };
}

const earnPending = async (customerUserId: string, points: number, deliveredAt: Date | null) => {
  const part = await createOrderWithPart(t.db, {
    customerUserId,
    status: deliveredAt ? 'delivered' : 'shipped',
    deliveredAt,
  });
  await t.db.transaction((tx) =>
    recordPendingEarn(tx, {
      customerUserId,
      ...part,
      points,
      description: `Earned on order from ${part.storeId.slice(0, 4)}`,
    }),
  );
  return part;
};

describe('who may open a wallet', () => {
  it.each([
    ['GET', '/api/wallet'],
    ['GET', '/api/wallet/withdrawals'],
    ['POST', '/api/wallet/withdrawals'],
  ] as const)('%s %s: guest 401', async (method, url) => {
    const guest = new TestClient(t.app);
    expect((await guest.request(method, url, method === 'POST' ? { points: 'x' } : undefined)).statusCode).toBe(401);
  });

  it('opens for vendors and merchants too (their referral rewards): empty until they earn, then withdrawable', async () => {
    for (const input of [vendorInput({ phone: '9123411111' }), merchantInput({ mobileNumber: '9811111111' })]) {
      const holder = new TestClient(t.app);
      const { id } = await registerAndLogin(holder, input);
      expect((await holder.get('/api/wallet')).json()).toMatchObject({
        availablePoints: 0,
        pendingPoints: 0,
        withdrawnPoints: 0,
        totalEarned: 0,
        transactions: { items: [], total: 0 },
      });
      expect((await holder.post('/api/wallet/withdrawals', { points: 100, upiId: 'shop@okaxis' })).statusCode).toBe(
        400,
      );
      await t.db.transaction((tx) =>
        awardPointsOnce(tx, {
          userId: id,
          points: 150,
          type: 'referral',
          reference: `referral:test-${id}`,
          description: 'Referral reward: T*** S***',
        }),
      );
      expect((await holder.get('/api/wallet')).json()).toMatchObject({
        availablePoints: 150,
        transactions: { items: [{ type: 'referral', points: 150, description: 'Referral reward: T*** S***' }] },
      });
      expect((await holder.post('/api/wallet/withdrawals', { points: 100, upiId: 'shop@okaxis' })).statusCode).toBe(
        201,
      );
      expect((await holder.get('/api/wallet')).json()).toMatchObject({ availablePoints: 50, withdrawnPoints: 100 });
    }
  });

  it("never shows one customer another customer's rows or balances", async () => {
    const a = await customer();
    const b = await customer();
    await giveAvailablePoints(t.db, a.id, 300);
    expect((await a.client.post('/api/wallet/withdrawals', { points: 100, upiId: 'asha@okicici' })).statusCode).toBe(
      201,
    );
    const walletB = (await b.client.get('/api/wallet')).json();
    expect(walletB).toEqual({
      availablePoints: 0,
      pendingPoints: 0,
      withdrawnPoints: 0,
      totalEarned: 0,
      returnWindowDays: 7,
      transactions: { items: [], total: 0, page: 1, pageSize: 20 },
    });
    expect((await b.client.get('/api/wallet/withdrawals')).json().total).toBe(0);
    expect((await a.client.get('/api/wallet')).json().availablePoints).toBe(200);
  });
});

describe('GET /api/wallet', () => {
  it('answers balances and ledger rows, newest first, paginated', async () => {
    const c = await customer();
    const { orderId } = await giveAvailablePoints(t.db, c.id, 250);
    await t.db.transaction((tx) => spendPoints(tx, { customerUserId: c.id, orderId, points: 50 }));
    await earnPending(c.id, 40, null);
    const res = await c.client.get('/api/wallet?page=1&pageSize=2');
    expect(res.statusCode).toBe(200);
    const w = res.json();
    expect(w).toMatchObject({
      availablePoints: 200,
      pendingPoints: 40,
      withdrawnPoints: 0,
      totalEarned: 290,
      returnWindowDays: 7,
    });
    expect(w.transactions).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(w.transactions.items.map((i: { type: string }) => i.type)).toEqual(['earned', 'spent']);
    expect(w.transactions.items[1]).toMatchObject({
      points: -50,
      pendingPoints: 0,
      orderId,
      description: expect.stringMatching(/^Used on order #[0-9A-F]{8}$/),
    });
    const page2 = (await c.client.get('/api/wallet?page=2&pageSize=2')).json();
    expect(page2.transactions.items.map((i: { type: string }) => i.type)).toEqual(['released', 'earned']);
    const dates = [...w.transactions.items, ...page2.transactions.items].map((i: { createdAt: string }) =>
      Date.parse(i.createdAt),
    );
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
  });

  it('releases points on read once the part is delivered and 7 days have passed, not before', async () => {
    const c = await customer();
    await earnPending(c.id, 70, daysAgo(8));
    await earnPending(c.id, 30, daysAgo(6));
    await earnPending(c.id, 20, null);
    const w = (await c.client.get('/api/wallet')).json();
    expect(w).toMatchObject({ availablePoints: 70, pendingPoints: 50, totalEarned: 120 });
    expect(w.transactions.items[0]).toMatchObject({ type: 'released', points: 70, pendingPoints: -70 });
    expect((await c.client.get('/api/wallet')).json().transactions.total).toBe(4);
  });

  it('tells the wallet the return window the server runs with, so the page never promises the wrong day', async () => {
    const other = await buildTestApp({ RETURN_WINDOW_DAYS: '3' });
    try {
      const client = new TestClient(other.app);
      await registerAndLogin(client, customerInput());
      expect((await client.get('/api/wallet')).json().returnWindowDays).toBe(3);
    } finally {
      await other.close();
    }
  });

  it('refuses a bad page size', async () => {
    const c = await customer();
    expect((await c.client.get('/api/wallet?pageSize=500')).statusCode).toBe(400);
  });
});

describe('POST /api/wallet/withdrawals', () => {
  const post = (client: TestClient, body: unknown) => client.post('/api/wallet/withdrawals', body);

  it('creates a pending request, holds its points at once, and lists it', async () => {
    const c = await customer();
    await giveAvailablePoints(t.db, c.id, 500);
    const res = await post(c.client, { points: 150, upiId: ' asha.verma@oksbi ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ points: 150, upiId: 'asha.verma@oksbi', status: 'pending', processedAt: null });
    const w = (await c.client.get('/api/wallet')).json();
    expect(w).toMatchObject({ availablePoints: 350, withdrawnPoints: 150, totalEarned: 500 });
    expect(w.transactions.items[0]).toMatchObject({ type: 'withdrawn', points: -150, orderId: null });
    const list = (await c.client.get('/api/wallet/withdrawals')).json();
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(list.items[0]).toEqual(res.json());
  });

  it.each([
    [{ points: 99, upiId: 'asha@oksbi' }, 'points', 'Minimum withdrawal is 100 points'],
    [{ points: 0, upiId: 'asha@oksbi' }, 'points', 'Minimum withdrawal is 100 points'],
    [{ points: 150.5, upiId: 'asha@oksbi' }, 'points', 'Points must be a whole number'],
    [{ points: '', upiId: 'asha@oksbi' }, 'points', 'Enter the points to withdraw'],
    [{ upiId: 'asha@oksbi' }, 'points', 'Enter the points to withdraw'],
    [{ points: 200, upiId: 'asha.oksbi' }, 'upiId', 'Please enter a valid UPI ID (for example name@okbank)'],
    [{ points: 200, upiId: 'a@1bank' }, 'upiId', 'Please enter a valid UPI ID (for example name@okbank)'],
    [{ points: 200, upiId: '' }, 'upiId', 'UPI ID is required'],
    [{ points: 200 }, 'upiId', 'UPI ID is required'],
    [{ points: 9_000_000_000, upiId: 'asha@oksbi' }, 'points', 'You cannot withdraw more points than you have'],
  ])('refuses %j: %s says %j', async (body, field, message) => {
    const c = await customer();
    await giveAvailablePoints(t.db, c.id, 500);
    const res = await post(c.client, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: message } });
    expect((await c.client.get('/api/wallet')).json()).toMatchObject({ availablePoints: 500, withdrawnPoints: 0 });
  });

  it('refuses more than the available balance, and pending points cannot be withdrawn', async () => {
    const c = await customer();
    await giveAvailablePoints(t.db, c.id, 120);
    await earnPending(c.id, 400, daysAgo(2));
    const res = await post(c.client, { points: 121, upiId: 'asha@oksbi' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'You cannot withdraw more points than you have',
      fields: { points: 'You cannot withdraw more points than you have' },
      requestId: res.headers['x-request-id'],
    });
    expect((await post(c.client, { points: 120, upiId: 'asha@oksbi' })).statusCode).toBe(201);
    expect((await c.client.get('/api/wallet')).json()).toMatchObject({
      availablePoints: 0,
      pendingPoints: 400,
      withdrawnPoints: 120,
    });
  });

  it('lets many requests race without the balance going below 0', async () => {
    const c = await customer();
    await giveAvailablePoints(t.db, c.id, 250);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post(c.client, { points: 100, upiId: 'asha@oksbi' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 400, 400, 400, 400]);
    expect((await c.client.get('/api/wallet')).json()).toMatchObject({ availablePoints: 50, withdrawnPoints: 200 });
    expect((await c.client.get('/api/wallet/withdrawals?pageSize=1&page=2')).json()).toMatchObject({
      total: 2,
      page: 2,
      items: [{ points: 100 }],
    });
  });

  it('needs the CSRF header like every state-changing call: 403 CSRF_REJECTED, and nothing is withdrawn', async () => {
    const c = await customer();
    // Enough points that the same request with the header would be accepted (201).
    await giveAvailablePoints(t.db, c.id, 250);
    const res = await c.client.post(
      '/api/wallet/withdrawals',
      { points: 100, upiId: 'asha@oksbi' },
      { 'x-requested-with': '' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
    expect((await c.client.get('/api/wallet')).json()).toMatchObject({ availablePoints: 250, withdrawnPoints: 0 });
    expect((await c.client.get('/api/wallet/withdrawals')).json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('the withdraw form schema', () => {
  it('adds the available balance as the maximum, with the same messages as the server', async () => {
    const resolve = (values: object, available: number) =>
      zodResolver(withdrawalFormSchema(available))(values as never, undefined, {
        fields: {},
        shouldUseNativeValidation: false,
      });
    expect((await resolve({ points: '300', upiId: 'asha@oksbi' }, 300)).values).toEqual({
      points: 300,
      upiId: 'asha@oksbi',
    });
    expect((await resolve({ points: '301', upiId: 'asha@oksbi' }, 300)).errors).toMatchObject({
      points: { message: 'You cannot withdraw more points than you have' },
    });
    expect((await resolve({ points: '50', upiId: 'asha' }, 300)).errors).toMatchObject({
      points: { message: 'Minimum withdrawal is 100 points' },
      upiId: { message: 'Please enter a valid UPI ID (for example name@okbank)' },
    });
  });
});
