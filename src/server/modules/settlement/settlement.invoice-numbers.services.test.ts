import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { signInFromOwnAddress } from '../../test/factories';
import { vendorWithOneShirtOrders } from '../../test/checkout-fixtures';
import { moneyInvariantViolations } from '../../test/invariants';
import { requireServices } from '../../test/services';
import { issuePartCreditNote } from '.';

await requireServices(['postgresql']);

// A vendor's tax documents are numbered from its own series (kind, financial year), each number taken
// under the series row's lock in the transaction that issues the document (settlement.invoices.ts).
// Many parts of one vendor shipped, or returned, at once on PostgreSQL (the app's pool, truly in
// parallel, as in settlement.concurrency.services.test.ts) still get the numbers 1 to N of the series:
// no gap, no repeat.

const PARTS = 30;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = signInFromOwnAddress(() => t, '10.124');

/** A vendor whose shop offers cash on delivery, with `orders` orders of one part each, processing. */
async function vendorWithProcessingParts(orders: number) {
  const { vendor, parts } = await vendorWithOneShirtOrders(t, orders, { cod: true });
  const client = await signIn(vendor.email);
  for (const partId of parts) {
    for (const status of ['confirmed', 'processing']) {
      expect((await setStatus(client, partId, status)).statusCode).toBe(200);
    }
  }
  return { vendor, client, parts };
}

const setStatus = (client: TestClient, partId: string, status: string) =>
  client.patch(`/api/vendor/orders/parts/${partId}/status`, { status });

/** The vendor's documents of these kinds: series (kind, financial year), sequence, number and part. */
const documentsOf = (vendorUserId: string, kinds: string[]) =>
  queryRows<{ kind: string; financial_year: string; sequence: number; number: string; order_part_id: string }>(
    t.db,
    sql`select kind, financial_year, sequence, number, order_part_id from tax_documents
        where vendor_user_id = ${vendorUserId} and kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
        order by sequence`,
  );

/** Checks that the documents are one series numbered 1 to `n`, one per part, each number once. */
function expectOneSeriesFrom1To(docs: Awaited<ReturnType<typeof documentsOf>>, parts: string[]) {
  expect(new Set(docs.map((d) => `${d.kind} ${d.financial_year}`)).size).toBe(1);
  expect(docs.map((d) => Number(d.sequence))).toEqual(Array.from({ length: parts.length }, (_, i) => i + 1));
  expect(new Set(docs.map((d) => d.number)).size).toBe(parts.length);
  expect(docs.map((d) => d.order_part_id).sort()).toEqual([...parts].sort());
}

describe(`${PARTS} parts of one vendor marked shipped at once`, () => {
  it(`get the invoice numbers 1 to ${PARTS} of the vendor's series: no gap, no repeat`, async () => {
    const { vendor, client, parts } = await vendorWithProcessingParts(PARTS);
    const answers = await Promise.all(parts.map((partId) => setStatus(client, partId, 'shipped')));
    expect(answers.map((r) => r.statusCode)).toEqual(parts.map(() => 200));
    // A vendor with a GSTIN gets tax invoices, one without gets bills of supply: either way, one series.
    expectOneSeriesFrom1To(await documentsOf(vendor.userId, ['invoice', 'bill_of_supply']), parts);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });
});

describe(`${PARTS} shipped parts of one vendor returned to the seller at once`, () => {
  it(`get the credit note numbers 1 to ${PARTS} of the vendor's series: no gap, no repeat`, async () => {
    const { vendor, client, parts } = await vendorWithProcessingParts(PARTS);
    for (const partId of parts) expect((await setStatus(client, partId, 'shipped')).statusCode).toBe(200);
    // A shipped cash on delivery part refused at the door is cancelled against its invoice: a credit note.
    const returned = (partId: string) => client.post(`/api/vendor/orders/parts/${partId}/returned-to-seller`, {});
    const answers = await Promise.all(parts.map(returned));
    expect(answers.map((r) => r.statusCode)).toEqual(parts.map(() => 200));
    expectOneSeriesFrom1To(await documentsOf(vendor.userId, ['credit_note']), parts);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  // A cancel also locks its vendor's balances first, which queues one vendor's cancels; the function
  // every cancel numbers its credit note with is raced here on its own, with only the series lock.
  it(`issued at once by issuePartCreditNote alone, get the numbers 1 to ${PARTS}: no gap, no repeat`, async () => {
    const { vendor, client, parts } = await vendorWithProcessingParts(PARTS);
    for (const partId of parts) expect((await setStatus(client, partId, 'shipped')).statusCode).toBe(200);
    const issue = (orderPartId: string) =>
      t.db.transaction((tx) => issuePartCreditNote(tx, { orderPartId, reason: 'Refused at the door' }));
    const notes = await Promise.all(parts.map(issue));
    expect(notes.every((n) => n?.kind === 'credit_note')).toBe(true);
    expectOneSeriesFrom1To(await documentsOf(vendor.userId, ['credit_note']), parts);
  });
});
