import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { createVendorUser } from '../../test/catalog-factories';
import { customerInput, registerAndLogin } from '../../test/factories';
import { lockCustomer } from '../auth';
import {
  addOrderPart,
  createOrderWithPart,
  daysAgo,
  giveAvailablePoints,
  markPartDelivered,
  pointsLedgerMismatches,
} from '../../test/order-factories';
import {
  createWithdrawal,
  getBalances,
  markWithdrawalPaid,
  POINTS_RELEASE_LOCK,
  type PendingRelease,
  recordPendingCashback,
  recordPendingEarn,
  recordPendingEarns,
  refundSpentPoints,
  rejectWithdrawal,
  releaseDuePoints,
  runPointsRelease,
  spendPoints,
  startPointsReleaseJob,
  voidPendingEarn,
} from './index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { id: string };
const ledger = () => queryRows<Row>(t.db, sql`select * from rewards_transactions order by id`);
const rowsOf = (customer: string, type: string) =>
  queryRows<Row & { points: number; pending_points: number; related_transaction_id: string | null }>(
    t.db,
    sql`select * from rewards_transactions where customer_id = ${customer} and transaction_type = ${type}`,
  );
const cache = async (customer: string) =>
  (
    await queryRows<{ reward_points: number; pending_points: number }>(
      t.db,
      sql`select available_points as reward_points, pending_points from reward_balances where user_id = ${customer}`,
    )
  )[0];

// After every test: the caches equal the ledger sums, and no earlier ledger row changed or vanished.
let before: Row[] = [];
beforeEach(async () => {
  before = await ledger();
});
afterEach(async () => {
  expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  const now = new Map((await ledger()).map((r) => [r.id, r]));
  for (const r of before) expect(now.get(r.id)).toEqual(r);
});

async function newCustomer(): Promise<string> {
  return (await registerAndLogin(new TestClient(t.app), customerInput())).id;
}

const earn = (customerUserId: string, part: { orderId: string; orderPartId: string }, points: number) =>
  t.db.transaction((tx) => recordPendingEarn(tx, { customerUserId, ...part, points, description: `Earned on order` }));

describe('pending earnings', () => {
  it('writes an earned row with pending points only, and nothing for 0 points', async () => {
    const c = await newCustomer();
    const part = await createOrderWithPart(t.db, { customerUserId: c });
    await earn(c, part, 45);
    await earn(c, part, 0);
    const rows = await rowsOf(c, 'earned');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ points: 0, pending_points: 45, order_part_id: part.orderPartId });
    expect(await cache(c)).toEqual({ reward_points: 0, pending_points: 45 });
  });

  it('earns on the parts of one order together: a row per part with points, pending by their total', async () => {
    const c = await newCustomer();
    const first = await createOrderWithPart(t.db, { customerUserId: c });
    const second = await addOrderPart(t.db, first.orderId);
    const third = await addOrderPart(t.db, first.orderId);
    await t.db.transaction((tx) =>
      recordPendingEarns(tx, {
        customerUserId: c,
        orderId: first.orderId,
        parts: [
          { orderPartId: first.orderPartId, points: 30, description: 'Earned on order from Jaipur Handlooms' },
          { orderPartId: second.orderPartId, points: 0, description: 'Earned on order from Kerala Spices' },
          { orderPartId: third.orderPartId, points: 12, description: 'Earned on order from Mumbai Sound' },
        ],
      }),
    );
    const rows = await rowsOf(c, 'earned');
    expect(
      rows.map(({ order_id, order_part_id, points, pending_points, description }) => ({
        order_id,
        order_part_id,
        points,
        pending_points,
        description,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          order_id: first.orderId,
          order_part_id: first.orderPartId,
          points: 0,
          pending_points: 30,
          description: 'Earned on order from Jaipur Handlooms',
        },
        {
          order_id: first.orderId,
          order_part_id: third.orderPartId,
          points: 0,
          pending_points: 12,
          description: 'Earned on order from Mumbai Sound',
        },
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ related_transaction_id: null, reference: null });
    expect(await cache(c)).toEqual({ reward_points: 0, pending_points: 42 });
    // No part with points: nothing at all.
    await t.db.transaction((tx) =>
      recordPendingEarns(tx, {
        customerUserId: c,
        orderId: first.orderId,
        parts: [{ orderPartId: second.orderPartId, points: 0, description: 'Earned' }],
      }),
    );
    expect(await rowsOf(c, 'earned')).toHaveLength(2);
  });

  it('refuses, writing nothing, an earning without a balance row or of points not whole', async () => {
    const c = await newCustomer();
    const { userId: vendor } = await createVendorUser(t.db);
    const part = await createOrderWithPart(t.db, { customerUserId: c });
    const ledgerBefore = await ledger();
    await expect(
      t.db.transaction((tx) =>
        recordPendingEarn(tx, { customerUserId: vendor, ...part, points: 5, description: 'Earned' }),
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      t.db.transaction((tx) =>
        recordPendingEarns(tx, {
          customerUserId: c,
          orderId: part.orderId,
          parts: [
            { orderPartId: part.orderPartId, points: 5, description: 'Earned' },
            { orderPartId: part.orderPartId, points: 1.5, description: 'Earned' },
          ],
        }),
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await ledger()).toEqual(ledgerBefore);
    expect(await cache(c)).toEqual({ reward_points: 0, pending_points: 0 });
  });

  it('writes pending cashback, answering its id; NOT_FOUND, writing nothing, without a balance row', async () => {
    const c = await newCustomer();
    const id = await t.db.transaction((tx) =>
      recordPendingCashback(tx, { customerUserId: c, points: 8, description: 'Cashback from Ravi Stores' }),
    );
    expect(await rowsOf(c, 'cashback')).toEqual([
      expect.objectContaining({ id, points: 0, pending_points: 8, description: 'Cashback from Ravi Stores' }),
    ]);
    expect(await cache(c)).toEqual({ reward_points: 0, pending_points: 8 });
    const { userId: vendor } = await createVendorUser(t.db);
    await expect(
      t.db.transaction((tx) => recordPendingCashback(tx, { customerUserId: vendor, points: 8, description: 'x' })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await rowsOf(vendor, 'cashback')).toEqual([]);
  });

  it('releases only once the part is delivered and the return window has passed', async () => {
    const c = await newCustomer();
    const part = await createOrderWithPart(t.db, { customerUserId: c, status: 'shipped' });
    await earn(c, part, 60);
    expect(await releaseDuePoints(t.db, { customerUserId: c, returnWindowDays: 0 })).toBe(0);
    await markPartDelivered(t.db, part.orderPartId, daysAgo(6));
    expect(await releaseDuePoints(t.db, { customerUserId: c, returnWindowDays: 7 })).toBe(0);
    expect(await getBalances(t.db, c, { returnWindowDays: 7 })).toMatchObject({
      availablePoints: 0,
      pendingPoints: 60,
    });
    // Six days after delivery, a 5-day window has passed.
    expect(await getBalances(t.db, c, { returnWindowDays: 5 })).toMatchObject({
      availablePoints: 60,
      pendingPoints: 0,
      totalEarned: 60,
    });
    const [released] = await rowsOf(c, 'released');
    expect(released).toMatchObject({
      points: 60,
      pending_points: -60,
      related_transaction_id: (await rowsOf(c, 'earned'))[0].id,
    });
  });

  it('allows a window of 0 days: released as soon as the part is delivered', async () => {
    const c = await newCustomer();
    const part = await createOrderWithPart(t.db, {
      customerUserId: c,
      status: 'delivered',
      deliveredAt: daysAgo(0.001),
    });
    await earn(c, part, 12);
    expect(await releaseDuePoints(t.db, { returnWindowDays: 0 })).toBeGreaterThanOrEqual(1);
    expect(await cache(c)).toEqual({ reward_points: 12, pending_points: 0 });
  });

  it('releases once, however often and however concurrently it runs', async () => {
    const c = await newCustomer();
    const a = await createOrderWithPart(t.db, { customerUserId: c, status: 'delivered', deliveredAt: daysAgo(30) });
    const b = await createOrderWithPart(t.db, { customerUserId: c, status: 'delivered', deliveredAt: daysAgo(30) });
    await earn(c, a, 10);
    await earn(c, b, 20);
    const counts = await Promise.all(
      Array.from({ length: 6 }, () => releaseDuePoints(t.db, { customerUserId: c, returnWindowDays: 7 })),
    );
    expect(counts.reduce((s, n) => s + n, 0)).toBe(2);
    expect(await releaseDuePoints(t.db, { customerUserId: c, returnWindowDays: 7 })).toBe(0);
    expect(await rowsOf(c, 'released')).toHaveLength(2);
    expect(await cache(c)).toEqual({ reward_points: 30, pending_points: 0 });
  });

  it('voids pending points of a cancelled part, once, and never releases them', async () => {
    const c = await newCustomer();
    const part = await createOrderWithPart(t.db, { customerUserId: c, status: 'processing' });
    await earn(c, part, 25);
    expect(await t.db.transaction((tx) => voidPendingEarn(tx, { orderPartId: part.orderPartId }))).toBe(25);
    expect(await t.db.transaction((tx) => voidPendingEarn(tx, { orderPartId: part.orderPartId }))).toBe(0);
    await markPartDelivered(t.db, part.orderPartId, daysAgo(30));
    expect(await releaseDuePoints(t.db, { customerUserId: c, returnWindowDays: 0 })).toBe(0);
    expect(await rowsOf(c, 'voided')).toHaveLength(1);
    expect(await getBalances(t.db, c, { returnWindowDays: 0 })).toEqual({
      availablePoints: 0,
      pendingPoints: 0,
      withdrawnPoints: 0,
      totalEarned: 0,
    });
  });

  it('cannot void points that were released', async () => {
    const c = await newCustomer();
    const part = await createOrderWithPart(t.db, { customerUserId: c, status: 'delivered', deliveredAt: daysAgo(10) });
    await earn(c, part, 40);
    await releaseDuePoints(t.db, { customerUserId: c, returnWindowDays: 7 });
    expect(await t.db.transaction((tx) => voidPendingEarn(tx, { orderPartId: part.orderPartId }))).toBe(0);
    expect(await rowsOf(c, 'voided')).toHaveLength(0);
    expect(await cache(c)).toEqual({ reward_points: 40, pending_points: 0 });
  });

  it('either releases or voids when both race on one part, never both', async () => {
    const c = await newCustomer();
    const part = await createOrderWithPart(t.db, { customerUserId: c, status: 'delivered', deliveredAt: daysAgo(10) });
    await earn(c, part, 33);
    await Promise.all([
      releaseDuePoints(t.db, { customerUserId: c, returnWindowDays: 7 }),
      t.db.transaction((tx) => voidPendingEarn(tx, { orderPartId: part.orderPartId })),
      releaseDuePoints(t.db, { returnWindowDays: 7 }),
    ]);
    const settled = (await rowsOf(c, 'released')).length + (await rowsOf(c, 'voided')).length;
    expect(settled).toBe(1);
  });
});

describe('spending and refunds', () => {
  it('never spends more than the available balance, even when many checkouts race', async () => {
    const c = await newCustomer();
    const { orderId } = await giveAvailablePoints(t.db, c, 100);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        t.db.transaction((tx) => spendPoints(tx, { customerUserId: c, orderId, points: 30 })),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect(r.reason).toMatchObject({
        code: 'CONFLICT',
        message: 'You cannot use more points than you have',
        fields: { pointsToUse: 'You cannot use more points than you have' },
      });
    }
    expect(await cache(c)).toEqual({ reward_points: 10, pending_points: 0 });
    expect((await rowsOf(c, 'spent')).map((r) => r.points)).toEqual([-30, -30, -30]);
  });

  it('writes nothing when it refuses a spend: no spent row, the balance as it was', async () => {
    const c = await newCustomer();
    const { orderId } = await giveAvailablePoints(t.db, c, 20);
    await expect(
      t.db.transaction((tx) => spendPoints(tx, { customerUserId: c, orderId, points: 21 })),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    // Inside a transaction that goes on (the refusal is the caller's to handle), nothing was written either.
    const inside = await t.db.transaction(async (tx) => {
      await spendPoints(tx, { customerUserId: c, orderId, points: 21 }).catch(() => undefined);
      return queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from rewards_transactions
            where customer_id = ${c} and transaction_type = 'spent'`,
      );
    });
    expect(inside[0].n).toBe(0);
    expect(await rowsOf(c, 'spent')).toEqual([]);
    expect(await cache(c)).toEqual({ reward_points: 20, pending_points: 0 });
    await t.db.transaction((tx) => spendPoints(tx, { customerUserId: c, orderId, points: 20 }));
    expect(await rowsOf(c, 'spent')).toEqual([
      expect.objectContaining({
        order_id: orderId,
        points: -20,
        pending_points: 0,
        description: expect.stringMatching(/^Used on order #/),
      }),
    ]);
    expect(await cache(c)).toEqual({ reward_points: 0, pending_points: 0 });
  });

  it('cannot spend pending points', async () => {
    const c = await newCustomer();
    const part = await createOrderWithPart(t.db, { customerUserId: c });
    await earn(c, part, 500);
    await expect(
      t.db.transaction((tx) => spendPoints(tx, { customerUserId: c, orderId: part.orderId, points: 1 })),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('refunds spent points once, never more than the order spent', async () => {
    const c = await newCustomer();
    await giveAvailablePoints(t.db, c, 200);
    const order = await createOrderWithPart(t.db, { customerUserId: c, pointsUsed: 150 });
    await t.db.transaction((tx) => spendPoints(tx, { customerUserId: c, orderId: order.orderId, points: 150 }));
    const refund = () =>
      t.db.transaction((tx) =>
        refundSpentPoints(tx, {
          customerUserId: c,
          orderId: order.orderId,
          points: 150,
          description: 'Order cancelled',
        }),
      );
    await refund();
    await expect(refund()).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await cache(c)).toEqual({ reward_points: 200, pending_points: 0 });
  });

  it('rolls the ledger row back with the caller when its transaction fails', async () => {
    const c = await newCustomer();
    const { orderId } = await giveAvailablePoints(t.db, c, 50);
    await expect(
      t.db.transaction(async (tx) => {
        await spendPoints(tx, { customerUserId: c, orderId, points: 50 });
        throw new Error('stock ran out');
      }),
    ).rejects.toThrow('stock ran out');
    expect(await rowsOf(c, 'spent')).toHaveLength(0);
    expect(await cache(c)).toEqual({ reward_points: 50, pending_points: 0 });
  });
});

describe('withdrawals', () => {
  const upi = { upiId: 'asha@okhdfcbank' };

  it('holds the points at once; concurrent requests never take the balance below 0', async () => {
    const c = await newCustomer();
    await giveAvailablePoints(t.db, c, 350);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        createWithdrawal({ db: t.db, customerUserId: c, input: { points: 100, ...upi }, returnWindowDays: 7 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { code: 'VALIDATION_FAILED', fields: { points: 'You cannot withdraw more points than you have' } },
    });
    expect(await getBalances(t.db, c, { returnWindowDays: 7 })).toEqual({
      availablePoints: 50,
      pendingPoints: 0,
      withdrawnPoints: 300,
      totalEarned: 350,
    });
    const requests = await queryRows<{ id: string; status: string }>(
      t.db,
      sql`select id, status from withdrawal_requests where customer_id = ${c}`,
    );
    expect(requests.map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    // Each 'withdrawn' row carries its request's id and points at nothing else.
    const withdrawn = await rowsOf(c, 'withdrawn');
    expect(withdrawn.map((r) => r.id).sort()).toEqual(requests.map((r) => r.id).sort());
    expect(withdrawn.every((r) => r.points === -100 && r.order_id === null && r.related_transaction_id === null)).toBe(
      true,
    );
  });

  it('a rejection gives the points back once; a paid request keeps them', async () => {
    const c = await newCustomer();
    await giveAvailablePoints(t.db, c, 300);
    const a = await createWithdrawal({
      db: t.db,
      customerUserId: c,
      input: { points: 100, ...upi },
      returnWindowDays: 7,
    });
    const b = await createWithdrawal({
      db: t.db,
      customerUserId: c,
      input: { points: 120, ...upi },
      returnWindowDays: 7,
    });
    expect(await rejectWithdrawal({ db: t.db, withdrawalId: a.id, reason: 'UPI ID not found' })).toMatchObject({
      status: 'rejected',
    });
    await expect(rejectWithdrawal({ db: t.db, withdrawalId: a.id, reason: 'again' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(
      (await markWithdrawalPaid({ db: t.db, withdrawalId: b.id, upiReference: 'UTR123456' })).processedAt,
    ).not.toBeNull();
    await expect(
      markWithdrawalPaid({ db: t.db, withdrawalId: crypto.randomUUID(), upiReference: 'x' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [returned] = await rowsOf(c, 'withdrawal_returned');
    expect(returned).toMatchObject({ points: 100, related_transaction_id: a.id });
    expect(await getBalances(t.db, c, { returnWindowDays: 7 })).toMatchObject({
      availablePoints: 180,
      withdrawnPoints: 120,
    });
  });
});

describe('the scheduled release', () => {
  it('skips a pass while another process holds the lock, then releases', async () => {
    const c = await newCustomer();
    const part = await createOrderWithPart(t.db, { customerUserId: c, status: 'delivered', deliveredAt: daysAgo(3) });
    await earn(c, part, 15);
    if (t.database.kind === 'postgresql') {
      let unlock!: () => void;
      let held!: () => void;
      const isHeld = new Promise<void>((r) => (held = r));
      const holder = t.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${POINTS_RELEASE_LOCK})`);
        held();
        await new Promise<void>((r) => (unlock = r));
      });
      await isHeld;
      expect(await runPointsRelease({ db: t.db, returnWindowDays: 2 })).toBeNull();
      unlock();
      await holder;
    }
    const runs = await Promise.all([
      runPointsRelease({ db: t.db, returnWindowDays: 2 }),
      runPointsRelease({ db: t.db, returnWindowDays: 2 }),
    ]);
    expect(runs.reduce<number>((s, n) => s + (n ?? 0), 0)).toBe(1);
    expect(await cache(c)).toEqual({ reward_points: 15, pending_points: 0 });
  });

  it('releases each customer in a transaction of its own: a checkout never waits for the whole pass', async () => {
    const c = await newCustomer();
    const part = await createOrderWithPart(t.db, { customerUserId: c, status: 'delivered', deliveredAt: daysAgo(3) });
    await earn(c, part, 12);
    // A last release step that waits until told, so that the pass is still running.
    let reached!: () => void;
    let finish!: () => void;
    const atLastStep = new Promise<void>((r) => (reached = r));
    const waiting: PendingRelease = async () => {
      reached();
      await new Promise<void>((r) => (finish = r));
      return 0;
    };
    const pass = runPointsRelease({ db: t.db, returnWindowDays: 2, also: [waiting] });
    await atLastStep;
    // The customer's points are theirs already, and the rows a checkout locks are free at once.
    expect(await cache(c)).toEqual({ reward_points: 12, pending_points: 0 });
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '2s'`);
      await lockCustomer(tx, c);
      await tx.execute(sql`select 1 from reward_balances where user_id = ${c} for update`);
    });
    finish();
    expect(await pass).toBeGreaterThanOrEqual(1);
  });

  it('runs on its interval until stopped', async () => {
    const c = await newCustomer();
    const part = await createOrderWithPart(t.db, { customerUserId: c, status: 'delivered', deliveredAt: daysAgo(3) });
    await earn(c, part, 9);
    const logs: string[] = [];
    const stop = startPointsReleaseJob({
      db: t.db,
      returnWindowDays: 2,
      intervalMs: 50,
      log: { info: (m) => logs.push(m), error: (m) => logs.push(m) },
    });
    try {
      await expect
        .poll(() => cache(c), { timeout: 5_000, interval: 50 })
        .toEqual({ reward_points: 9, pending_points: 0 });
    } finally {
      await stop();
    }
    expect(logs.some((m) => m.startsWith('Points release: '))).toBe(true);
  });
});
