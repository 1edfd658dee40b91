import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinFor } from '../../../domain/india-ids';
import { todayInIndia } from '../../../domain/age';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';
import { signInFromOwnAddress } from '../../test/factories';
import { createCategory, createProduct, createShop, createVendorUser } from '../../test/catalog-factories';
import { moveAsVendor, newShopper, placeOrder } from '../../test/checkout-fixtures';
import { refusal } from '../../test/db';
import { moneyInvariantViolations } from '../../test/invariants';
import { creditDeliveredPart, releaseDueVendorSales, reversePartSale, vendorBalancesOf } from '.';
import { commissionRules, orderItemSettlements, vendorLedger, vendorPayoutDetails } from './settlement.tables';

// What each item of a placed order pays whom, written once at placement, and the vendor
// ledger from delivery to payable, with known answers worked out by hand.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const today = () => todayInIndia(new Date());

const signIn = signInFromOwnAddress(() => t, '10.122');

const deliver = (vendor: TestClient, partId: string) =>
  moveAsVendor(vendor, partId, ['confirmed', 'processing', 'shipped', 'delivered']);

/**
 * Vendor A in Maharashtra with a PAN and a GSTIN (a vendor rule of 7 %), selling a ₹600 kurta (HSN
 * 6204, GST 5 %); vendor B in Maharashtra with neither (the category's 8.5 %), selling ₹450
 * headphones (HSN 8518, GST 18 %, which it may not charge); a global default of 10 %; a shopper in
 * Pune, Maharashtra (a seller without a GSTIN ships only within its own state).
 */
async function setup() {
  const category = await createCategory(t.db);
  const va = await createVendorUser(t.db);
  const vb = await createVendorUser(t.db);
  const shopA = await createShop(t.db, va.userId, { shopName: 'Jaipur Handlooms', state: 'Maharashtra' });
  const shopB = await createShop(t.db, vb.userId, { shopName: 'Mumbai Sound', state: 'Maharashtra' });
  const kurta = await createProduct(t.db, {
    storeId: shopA.id,
    categoryId: category.id,
    name: 'Block Print Kurta',
    pricePaise: 60000,
    stockQuantity: 10,
    hsnCode: '6204',
  });
  const phones = await createProduct(t.db, {
    storeId: shopB.id,
    categoryId: category.id,
    name: 'Wired Headphones',
    pricePaise: 45000,
    stockQuantity: 10,
    hsnCode: '8518',
  });
  const pan = 'ABCPE1234F';
  await t.db
    .insert(vendorPayoutDetails)
    .values({ vendorUserId: va.userId, method: 'upi', upiId: 'jaipur@okaxis', pan, gstin: gstinFor('27', pan) });
  const from = '2025-04-01';
  await t.db.insert(commissionRules).values([
    { scope: 'vendor', vendorUserId: va.userId, rateBp: 700, effectiveFrom: from },
    { scope: 'category', categoryId: category.id, rateBp: 850, effectiveFrom: from },
  ]);
  // A global default of 10 % that the category and vendor rules beat (other tests' orders see it too).
  await t.db
    .insert(commissionRules)
    .values({ scope: 'global', rateBp: 1000, effectiveFrom: '2025-04-01' })
    .onConflictDoNothing();
  const shopper = await newShopper(t);
  return { category, va, vb, kurta, phones, shopper, shopA, shopB };
}

const linesOf = (orderId: string) =>
  t.db.select().from(orderItemSettlements).where(eq(orderItemSettlements.orderId, orderId));
const partIdOf = async (orderId: string, storeId: string) =>
  (
    await queryRows<{ id: string }>(
      t.db,
      sql`select id from order_parts where order_id = ${orderId} and store_id = ${storeId}`,
    )
  )[0].id;
const ledgerOf = (vendorUserId: string) =>
  t.db
    .select({ type: vendorLedger.entryType, pending: vendorLedger.pendingPaise, payable: vendorLedger.payablePaise })
    .from(vendorLedger)
    .where(eq(vendorLedger.vendorUserId, vendorUserId))
    .orderBy(vendorLedger.createdAt);

describe('settlement lines at order placement', () => {
  it('records, per item, the GST, commission, TCS, TDS and net worked out by hand (intra-state at 5 %, no GST without a GSTIN or PAN)', async () => {
    const s = await setup();
    const orderId = await placeOrder(s.shopper, [
      { productId: s.kurta.id, quantity: 2 },
      { productId: s.phones.id, quantity: 1 },
    ]);
    const lines = await linesOf(orderId);
    const a = lines.find((l) => l.vendorUserId === s.va.userId)!;
    const b = lines.find((l) => l.vendorUserId === s.vb.userId)!;
    // A: 2 x ₹600 = ₹1,200 at 5 % within Maharashtra. Taxable 120000 x 100 / 105 = 114285.71 -> 114286;
    // GST 5714 = 2857 CGST + 2857 SGST; commission 7 % = 8400; TCS 0.5 % of 114286 = 571.43 -> 571
    // (286 CGST + 285 SGST); a GSTIN, so TDS on the taxable value (CBDT Circular 20/2023, Q3): 0.1 % of
    // 114286 = 114.29 -> 114; net 120000 - 8400 - 571 - 114 = 110915.
    expect(a).toMatchObject({
      ratesOn: today(),
      hsnCode: '6204',
      gstRateBp: 500,
      supplierState: 'Maharashtra',
      placeOfSupplyState: 'Maharashtra',
      intraState: true,
      grossPaise: 120000,
      taxablePaise: 114286,
      cgstPaise: 2857,
      sgstPaise: 2857,
      igstPaise: 0,
      commissionBp: 700,
      commissionPaise: 8400,
      tcsBp: 50,
      tcsCgstPaise: 286,
      tcsSgstPaise: 285,
      tcsIgstPaise: 0,
      tdsBp: 10,
      tdsPaise: 114,
      vendorNetPaise: 110915,
      vendorPan: 'ABCPE1234F',
    });
    // B: ₹450 within Maharashtra, no PAN, no GSTIN, the category's 8.5 %. Without a GSTIN no GST
    // is charged (CGST Act, section 32): the HSN code's 18 % is not applied, taxable value = ₹450;
    // commission 8.5 % = 3825; no TCS; TDS 5 % of the gross 45000 = 2250; net 45000 - 3825 - 2250 = 38925.
    expect(b).toMatchObject({
      hsnCode: '8518',
      gstRateBp: 0,
      supplierState: 'Maharashtra',
      intraState: true,
      grossPaise: 45000,
      taxablePaise: 45000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      commissionBp: 850,
      commissionPaise: 3825,
      tcsBp: 0,
      tcsCgstPaise: 0,
      tcsSgstPaise: 0,
      tcsIgstPaise: 0,
      tdsBp: 500,
      tdsPaise: 2250,
      vendorNetPaise: 38925,
      vendorPan: null,
      vendorGstin: null,
    });
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('keeps a placed order as it was when a rate changes later, and the database refuses to change a line', async () => {
    const s = await setup();
    const orderId = await placeOrder(s.shopper, [{ productId: s.kurta.id, quantity: 1 }]);
    const [before] = await linesOf(orderId);
    expect(before.commissionBp).toBe(700);
    await t.db
      .insert(commissionRules)
      .values({ scope: 'vendor', vendorUserId: s.va.userId, rateBp: 1500, effectiveFrom: today() });
    await t.db.update(vendorPayoutDetails).set({ pan: null }).where(eq(vendorPayoutDetails.vendorUserId, s.va.userId));
    const [after] = await linesOf(orderId);
    expect(after).toEqual(before);
    expect(
      await refusal(
        t.db.update(orderItemSettlements).set({ commissionPaise: 0 }).where(eq(orderItemSettlements.orderId, orderId)),
      ),
    ).toMatch(/written once: UPDATE is not allowed/);
    // A new order takes the new rate and the missing PAN's 5 %, of the taxable value 57143 (the GSTIN is still there): 2857.15 -> 2857.
    const next = await placeOrder(s.shopper, [{ productId: s.kurta.id, quantity: 1 }]);
    const [line] = await linesOf(next);
    expect(line).toMatchObject({ commissionBp: 1500, commissionPaise: 9000, tdsBp: 500, tdsPaise: 2857 });
  });

  it('taxes a product with no HSN code at the rate for goods not yet classified (18 %)', async () => {
    const s = await setup();
    const plain = await createProduct(t.db, {
      storeId: s.shopA.id,
      categoryId: s.category.id,
      name: 'Unclassified Thing',
      pricePaise: 11800,
      stockQuantity: 5,
    });
    const orderId = await placeOrder(s.shopper, [{ productId: plain.id, quantity: 1 }]);
    const [line] = await linesOf(orderId);
    // 11800 x 100 / 118 = 10000 taxable, 1800 = 900 CGST + 900 SGST within Maharashtra.
    expect(line).toMatchObject({
      hsnCode: null,
      gstRateBp: 1800,
      taxablePaise: 10000,
      cgstPaise: 900,
      sgstPaise: 900,
      igstPaise: 0,
    });
  });
});

describe('the vendor ledger', () => {
  it('credits a delivered part as pending, makes it payable after the return window, once', async () => {
    const s = await setup();
    const orderId = await placeOrder(s.shopper, [{ productId: s.kurta.id, quantity: 2 }]);
    const partId = await partIdOf(orderId, s.shopA.id);
    expect(await vendorBalancesOf(t.db, s.va.userId)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: 0 });
    await deliver(await signIn(s.va.email), partId);
    expect(await vendorBalancesOf(t.db, s.va.userId)).toEqual({ pendingPaise: 110915, payablePaise: 0, paidPaise: 0 });
    // Delivered again by another path: still one credit.
    await t.db.transaction((tx) => creditDeliveredPart(tx, { orderPartId: partId, orderRef: 'X' }));

    const window = t.config.RETURN_WINDOW_DAYS;
    expect(await t.db.transaction((tx) => releaseDueVendorSales(tx, { returnWindowDays: window }))).toBe(0);
    const later = new Date(Date.now() + (window + 1) * 24 * 3600 * 1000);
    await t.db.transaction((tx) => releaseDueVendorSales(tx, { returnWindowDays: window, now: later }));
    expect(await vendorBalancesOf(t.db, s.va.userId)).toEqual({ pendingPaise: 0, payablePaise: 110915, paidPaise: 0 });
    await t.db.transaction((tx) => releaseDueVendorSales(tx, { returnWindowDays: window, now: later }));
    expect(await ledgerOf(s.va.userId)).toEqual([
      { type: 'sale', pending: 110915, payable: 0 },
      { type: 'released', pending: -110915, payable: 110915 },
    ]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('reverses a credit from pending before the window ends, and from payable after it; never twice', async () => {
    const s = await setup();
    const vendor = await signIn(s.va.email);
    const first = await partIdOf(await placeOrder(s.shopper, [{ productId: s.kurta.id, quantity: 1 }]), s.shopA.id);
    const second = await partIdOf(await placeOrder(s.shopper, [{ productId: s.kurta.id, quantity: 2 }]), s.shopA.id);
    await deliver(vendor, first);
    await deliver(vendor, second);
    // ₹600 alone: taxable 57142.86 -> 57143, commission 4200, TCS 285.72 -> 286, TDS 0.1 % of 57143 = 57, net 55457.
    expect(await vendorBalancesOf(t.db, s.va.userId)).toEqual({
      pendingPaise: 55457 + 110915,
      payablePaise: 0,
      paidPaise: 0,
    });

    await t.db.transaction((tx) => reversePartSale(tx, { orderPartId: first, reason: 'Returned' }));
    await t.db.transaction((tx) => reversePartSale(tx, { orderPartId: first, reason: 'Returned again' }));
    expect(await vendorBalancesOf(t.db, s.va.userId)).toEqual({ pendingPaise: 110915, payablePaise: 0, paidPaise: 0 });

    const later = new Date(Date.now() + (t.config.RETURN_WINDOW_DAYS + 1) * 24 * 3600 * 1000);
    // The reversed sale is never released.
    await t.db.transaction((tx) =>
      releaseDueVendorSales(tx, { returnWindowDays: t.config.RETURN_WINDOW_DAYS, now: later }),
    );
    expect(await vendorBalancesOf(t.db, s.va.userId)).toEqual({ pendingPaise: 0, payablePaise: 110915, paidPaise: 0 });
    await t.db.transaction((tx) => reversePartSale(tx, { orderPartId: second, reason: 'Refunded' }));
    expect(await vendorBalancesOf(t.db, s.va.userId)).toEqual({ pendingPaise: 0, payablePaise: 0, paidPaise: 0 });
    expect((await ledgerOf(s.va.userId)).map((r) => r.type)).toEqual([
      'sale',
      'sale',
      'reversed',
      'released',
      'reversed',
    ]);
    expect(await moneyInvariantViolations(t.db)).toEqual([]);
  });

  it('credits nothing for a part cancelled before delivery, and the ledger refuses changes', async () => {
    const s = await setup();
    const orderId = await placeOrder(s.shopper, [{ productId: s.kurta.id, quantity: 1 }]);
    const partId = await partIdOf(orderId, s.shopA.id);
    const vendor = await signIn(s.va.email);
    expect((await vendor.patch(`/api/vendor/orders/parts/${partId}/status`, { status: 'cancelled' })).statusCode).toBe(
      200,
    );
    expect(await ledgerOf(s.va.userId)).toEqual([]);
    await deliver(
      vendor,
      await partIdOf(await placeOrder(s.shopper, [{ productId: s.kurta.id, quantity: 1 }]), s.shopA.id),
    );
    expect(
      await refusal(
        t.db.update(vendorLedger).set({ pendingPaise: 1 }).where(eq(vendorLedger.vendorUserId, s.va.userId)),
      ),
    ).toMatch(/written once: UPDATE is not allowed/);
    expect(await refusal(t.db.delete(vendorLedger).where(eq(vendorLedger.vendorUserId, s.va.userId)))).toMatch(
      /written once: DELETE is not allowed/,
    );
  });
});
