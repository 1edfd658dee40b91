import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { customerInput, registerAndLogin } from '../../test/factories';
import {
  addOrderPart,
  createOrderWithPart,
  giveAvailablePoints,
  pointsLedgerMismatches,
} from '../../test/order-factories';
import { requireServices } from '../../test/services';
import { statementsOf } from '../../test/statements';
import { recordPendingEarn, recordPendingEarns, spendPoints } from './index';

await requireServices(['postgresql']);

// A balance change and its ledger rows are one statement (counted at the driver, PostgreSQL): an
// order's spend, each part's earning, and all its parts' earnings written together.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const newCustomer = async () => (await registerAndLogin(new TestClient(t.app), customerInput())).id;

/** The statements `fn` sends inside a transaction of its own (BEGIN and COMMIT not counted), and their text. */
async function statementsIn(fn: (tx: Tx) => Promise<unknown>) {
  const texts: string[] = [];
  let n = 0;
  await t.db.transaction(async (tx) => {
    n = await statementsOf(
      () => fn(tx),
      (text) => texts.push(text),
    );
  });
  return { n, texts };
}

const writesBoth = (text: string) =>
  /update "reward_balances"/.test(text) && /insert into "rewards_transactions"/.test(text);

describe('statements of the points written at order placement', () => {
  it('spends in one statement, and refuses in one writing nothing', async () => {
    const c = await newCustomer();
    const { orderId } = await giveAvailablePoints(t.db, c, 40);
    const spent = await statementsIn((tx) => spendPoints(tx, { customerUserId: c, orderId, points: 30 }));
    expect(spent.n).toBe(1);
    expect(writesBoth(spent.texts[0])).toBe(true);
    let refused: unknown;
    const tooMuch = await statementsIn((tx) =>
      spendPoints(tx, { customerUserId: c, orderId, points: 11 }).catch((e: unknown) => (refused = e)),
    );
    expect(tooMuch.n).toBe(1);
    expect(refused).toMatchObject({ code: 'CONFLICT' });
  });

  it("earns a part's points in one statement, and all of an order's parts in one", async () => {
    const c = await newCustomer();
    const first = await createOrderWithPart(t.db, { customerUserId: c });
    const second = await addOrderPart(t.db, first.orderId);
    const third = await addOrderPart(t.db, first.orderId);
    const one = await statementsIn((tx) =>
      recordPendingEarn(tx, { customerUserId: c, ...first, points: 5, description: 'Earned' }),
    );
    expect(one.n).toBe(1);
    expect(writesBoth(one.texts[0])).toBe(true);
    const all = await statementsIn((tx) =>
      recordPendingEarns(tx, {
        customerUserId: c,
        orderId: first.orderId,
        parts: [first, second, third].map((p, i) => ({
          orderPartId: p.orderPartId,
          points: 10 + i,
          description: 'Earned',
        })),
      }),
    );
    expect(all.n).toBe(1);
    expect(writesBoth(all.texts[0])).toBe(true);
    expect(await pointsLedgerMismatches(t.db)).toEqual([]);
  });
});
