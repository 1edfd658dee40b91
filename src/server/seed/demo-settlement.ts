import { eq, inArray, sql } from 'drizzle-orm';
import { todayInIndia } from '../../domain/age';
import { gstinFor } from '../../domain/india-ids';
import type { Tx } from '../platform/db';
import { createAccount, lockCustomer } from '../modules/auth';
import { addresses } from '../modules/auth/auth.tables';
import { placeOrderPaidWithPoints } from '../modules/checkout';
import { setPartStatus } from '../modules/orders';
import { orderParts, orders, orderStatusHistory } from '../modules/orders/orders.tables';
import { orderRef } from '../modules/rewards';
import { rewardBalances, rewardsTransactions } from '../modules/rewards/rewards.tables';
import {
  createVendorPayout,
  issueDueCommissionDocuments,
  issuePartInvoice,
  markVendorPayoutPaid,
  releaseDueVendorSales,
  saveHaatTaxIdentity,
  settlePartMoved,
} from '../modules/settlement';
import { commissionRules, vendorPayoutDetails } from '../modules/settlement/settlement.tables';
import type { CategorySlug } from './demo-products';

// Demo data for vendor settlement: commission rates, the HSN codes of the products a vendor has classified, and
// the payout and tax details of two of the three vendors (the third has none, so its statement shows
// TDS at 5 % and no TCS).

/** Rates from the start of the financial year 2025-26. */
const FROM = '2025-04-01';

/**
 * The HSN code a demo product's vendor chose, by what it is (GST since 22 September 2025); null:
 * not chosen yet, taxed at the rate for unclassified goods (18 %). Clothing and footwear codes carry
 * 5 % only up to ₹2,500 a piece, so dearer ones are left unclassified (18 %, the rate above it).
 */
export function demoHsnCode(p: { name: string; category: CategorySlug; pricePaise: number }): string | null {
  const n = p.name.toLowerCase();
  if (p.category === 'books') return '4901';
  if (/earbuds|speaker|headset/.test(n)) return '8518';
  if (/smartphone|router/.test(n)) return '8517';
  if (/laptop/.test(n)) return '8471';
  if (/saree/.test(n)) return '5007';
  if (/soap/.test(n)) return '3401';
  const upTo2500 = p.pricePaise <= 250_000;
  if (/kurta|anarkali/.test(n) && upTo2500) return '6204';
  if (/jutti/.test(n) && upTo2500) return '6403';
  return null;
}

/** Commission rules (a 10 % default, Fashion 8 %, Books 5 %, Jaipur Handloom House's own 6 %) and two vendors' payout details. */
export async function seedSettlement(
  tx: Tx,
  a: { vendorIds: string[]; categoryIds: Map<string, string> },
): Promise<void> {
  const category = (slug: CategorySlug) => {
    const id = a.categoryIds.get(slug);
    if (!id) throw new Error(`Demo data refers to an unknown category: ${slug}`);
    return id;
  };
  const [sharma, jaipur] = a.vendorIds;
  await tx.insert(commissionRules).values([
    { scope: 'global', rateBp: 1000, effectiveFrom: FROM },
    { scope: 'category', categoryId: category('fashion'), rateBp: 800, effectiveFrom: FROM },
    { scope: 'category', categoryId: category('books'), rateBp: 500, effectiveFrom: FROM },
    { scope: 'vendor', vendorUserId: jaipur, rateBp: 600, effectiveFrom: FROM },
  ]);
  // Sharma (Delhi, GST state 07): a bank account, a PAN and a GSTIN; Jaipur Handloom: UPI, a PAN and a GST
  // enrolment number, not registered for GST (it sells within Rajasthan only, on bills of supply).
  const sharmaPan = 'AAKPS4321K';
  await tx.insert(vendorPayoutDetails).values([
    {
      vendorUserId: sharma,
      method: 'bank',
      accountHolderName: 'Sharma Electronics',
      bankAccountNumber: '50100234567890',
      ifsc: 'HDFC0000123',
      pan: sharmaPan,
      gstin: gstinFor('07', sharmaPan),
    },
    {
      vendorUserId: jaipur,
      method: 'upi',
      upiId: 'jaipurhandloom@okicici',
      pan: 'BKMPM2468L',
      enrolmentNumber: '08BKMPM2468LEN1',
    },
  ]);
}

/** A customer in Delhi whose two past orders were delivered: one from Sharma Electronics (paid out), one from Jaipur Handloom House to her family's home in Jaipur (payable). */
export const CUSTOMER_WITH_PAST_ORDERS = { email: 'anjali@haat.test', password: 'Customer@123' };

const DAY_MS = 86_400_000;
const STEPS = ['confirmed', 'processing', 'shipped', 'delivered'] as const;

/**
 * The settlement story already lived once, so that a newcomer sees every screen filled: two orders
 * placed 20 days ago (paid with points), shipped (each with its tax invoice, dated that day) and
 * delivered 18 days ago, past the return window; Sharma Electronics' part is paid out (a bank payout
 * with its UTR), Jaipur Handloom House's is payable, waiting for the super admin's Settle. Written
 * through the same functions as the app; only the dates of the orders are set back (the ledger rows,
 * append-only, carry the time the demo data was loaded).
 */
export async function seedSettledOrders(
  tx: Tx,
  a: { vendorIds: string[]; productIds: { sharma: string; jaipur: string } },
): Promise<void> {
  const [sharma, jaipur] = a.vendorIds;
  const { userId } = await createAccount(tx, {
    email: CUSTOMER_WITH_PAST_ORDERS.email,
    password: CUSTOMER_WITH_PAST_ORDERS.password,
    role: 'customer',
    firstName: 'Anjali',
    lastName: 'Mehra',
    phoneNumber: '9810012345',
    address: 'B-42 Lajpat Nagar II, New Delhi, Delhi 110024',
  });
  const [address] = await tx
    .insert(addresses)
    .values({
      userId,
      type: 'home',
      streetAddress: 'B-42 Lajpat Nagar II',
      city: 'New Delhi',
      state: 'Delhi',
      postalCode: '110024',
      isDefault: true,
    })
    .returning({ id: addresses.id });
  // Jaipur Handloom House has no GSTIN, so it delivers only within Rajasthan (Notification 34/2023-Central Tax): her diyas went to her family's home in Jaipur.
  const [jaipurAddress] = await tx
    .insert(addresses)
    .values({
      userId,
      type: 'other',
      streetAddress: '21 Bani Park',
      city: 'Jaipur',
      state: 'Rajasthan',
      postalCode: '302016',
      isDefault: false,
    })
    .returning({ id: addresses.id });
  // Points to pay with: ₹1,499 earbuds (delivered free from ₹999), and ₹599 diyas + ₹99 delivery.
  const points = 2197;
  await tx
    .insert(rewardsTransactions)
    .values({ customerId: userId, transactionType: 'cashback', points, description: 'Festive bonus (demo data)' });
  await tx
    .update(rewardBalances)
    .set({ availablePoints: points, updatedAt: new Date() })
    .where(eq(rewardBalances.userId, userId));

  const now = Date.now();
  const placedAt = new Date(now - 20 * DAY_MS);
  const shippedAt = new Date(now - 19 * DAY_MS);
  const deliveredAt = new Date(now - 18 * DAY_MS);
  const orderIds: string[] = [];
  for (const [vendorUserId, productId, pointsToUse, addressId] of [
    [sharma, a.productIds.sharma, 1499, address.id],
    [jaipur, a.productIds.jaipur, 698, jaipurAddress.id],
  ] as const) {
    await lockCustomer(tx, userId);
    const { orderId } = await placeOrderPaidWithPoints(tx, {
      customerUserId: userId,
      addressId,
      lines: [{ productId, quantity: 1 }],
      pointsToUse,
    });
    orderIds.push(orderId);
    const [part] = await tx.select({ id: orderParts.id }).from(orderParts).where(eq(orderParts.orderId, orderId));
    for (const status of STEPS) {
      await setPartStatus(tx, {
        partId: part.id,
        status,
        actor: { userId: vendorUserId, role: 'vendor' },
        ...(status === 'shipped' ? { note: 'Tracking: DTDC D58214736', trackingNote: 'DTDC D58214736' } : {}),
      });
      // The invoice is dated the day it shipped.
      if (status === 'shipped') await issuePartInvoice(tx, { orderPartId: part.id, now: shippedAt });
      await settlePartMoved(tx, { orderPartId: part.id, status, orderRef: orderRef(orderId) });
    }
  }
  // The orders' own dates, set back to when they happened.
  await tx.update(orders).set({ createdAt: placedAt, updatedAt: deliveredAt }).where(inArray(orders.id, orderIds));
  await tx
    .update(orderParts)
    .set({ createdAt: placedAt, updatedAt: deliveredAt, deliveredAt })
    .where(inArray(orderParts.orderId, orderIds));
  await tx
    .update(orderStatusHistory)
    .set({
      createdAt: sql`case ${orderStatusHistory.status} when 'pending' then ${placedAt.toISOString()}::timestamptz when 'shipped' then ${shippedAt.toISOString()}::timestamptz when 'delivered' then ${deliveredAt.toISOString()}::timestamptz else ${new Date(placedAt.getTime() + 3 * 3600_000).toISOString()}::timestamptz end`,
    })
    .where(inArray(orderStatusHistory.orderId, orderIds));

  // Past the return window: both sales payable (the release pass, as if its days had passed), then Sharma paid by bank transfer.
  await releaseDueVendorSales(tx, { returnWindowDays: 0, now: new Date(Date.now() + 1000) });
  const today = todayInIndia();
  const payout = await createVendorPayout(tx, { vendorUserId: sharma, upTo: today, today, adminId: null });
  await markVendorPayoutPaid(tx, { payoutId: payout.id, reference: 'HDFCR52026112698765432', today, adminId: null });
}

/** Haat's own GST registration in the demo: Bengaluru, Karnataka (so Sharma in Delhi and Jaipur in Rajasthan are billed IGST). */
export const DEMO_HAAT_GST = {
  legalName: 'Haat Marketplace Private Limited',
  address: '3rd Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka - 560034',
  state: 'Karnataka',
  gstin: gstinFor('29', 'AABCH7310K'),
};

/**
 * Haat's commission invoices in the demo: its GST registration, then the monthly run itself (the
 * job's own function), which bills every month already over that has credited sales. The demo's
 * sales are credited when the demo data is loaded, so they are billed at the start of next month.
 */
export async function seedCommissionInvoices(tx: Tx): Promise<void> {
  await saveHaatTaxIdentity(tx, DEMO_HAAT_GST);
  await issueDueCommissionDocuments(tx);
}
