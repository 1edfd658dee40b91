import { eq, sql } from 'drizzle-orm';
import { settleLine } from '../../domain/settlement';
import { orderItems, orders } from '../modules/orders/orders.tables';
import {
  orderItemSettlements,
  vendorBalances,
  vendorPayoutDetails,
  vendorLedger,
  vendorPayouts,
} from '../modules/settlement/settlement.tables';
import type { FastifyInstance } from 'fastify';
import { issuePartInvoice, renderPendingDocuments, reversePartSale } from '../modules/settlement';
import type { Db } from '../platform/db';
import { createCategory, createProduct, createShop, createVendorUser } from './catalog-factories';
import { addOrderPart, createOrderWithPart, daysAgo, type PartStatus } from './order-factories';

// Settlement rows written straight into the tables (no checkout, no delivery job), so that tests of
// what vendors see (the Earnings tab) can set up any state: the items' settlement lines as order
// placement writes them (computed by settleLine), ledger entries with their balances, payouts.

export type SettledItem = { unitPricePaise: number; quantity?: number; gstRateBp?: number; commissionBp?: number };
export type SettledPartInput = {
  customerUserId: string;
  vendorUserId: string;
  storeId: string;
  items: SettledItem[];
  /** Adds the part to this order (another shop's order) instead of a new one. */
  orderId?: string;
  /** When the order was placed (default now). */
  orderedAt?: Date;
  status?: PartStatus;
  deliveredAt?: Date | null;
  vendorPan?: string | null;
  vendorGstin?: string | null;
  intraState?: boolean;
};
export type SettledPart = { orderId: string; orderPartId: string; netPaise: number; grossPaise: number };

/** An order with one part of the vendor's shop, its items and their settlement lines (TCS 0.5 %, TDS 0.1 % or 5 % without PAN). */
export async function createSettledPart(db: Db, p: SettledPartInput): Promise<SettledPart> {
  const lines = p.items.map((i) => ({
    ...i,
    quantity: i.quantity ?? 1,
    gstRateBp: i.gstRateBp ?? 1800,
    commissionBp: i.commissionBp ?? 1000,
  }));
  const subtotal = lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
  const partInput = {
    storeId: p.storeId,
    subtotalPaise: subtotal,
    status: p.status ?? 'confirmed',
    deliveredAt: p.deliveredAt,
  };
  const part = p.orderId
    ? { orderId: p.orderId, ...(await addOrderPart(db, p.orderId, partInput)) }
    : await createOrderWithPart(db, { customerUserId: p.customerUserId, ...partInput });
  if (p.orderedAt) await db.update(orders).set({ createdAt: p.orderedAt }).where(eq(orders.id, part.orderId));
  const category = await createCategory(db);
  const vendorPan = p.vendorPan === undefined ? 'ABCPK1234F' : p.vendorPan;
  const vendorGstin = p.vendorGstin === undefined ? null : p.vendorGstin;
  const intraState = p.intraState ?? true;
  let netPaise = 0;
  for (const l of lines) {
    const product = await createProduct(db, {
      storeId: p.storeId,
      categoryId: category.id,
      pricePaise: l.unitPricePaise,
    });
    const [item] = await db
      .insert(orderItems)
      .values({
        orderId: part.orderId,
        orderPartId: part.orderPartId,
        productId: product.id,
        storeId: p.storeId,
        productName: product.name,
        quantity: l.quantity,
        pricePaise: l.unitPricePaise,
      })
      .returning({ id: orderItems.id });
    const s = settleLine({
      unitPricePaise: l.unitPricePaise,
      quantity: l.quantity,
      gstRateBp: l.gstRateBp,
      intraState,
      commissionBp: l.commissionBp,
      tcsBp: 50,
      tds: { withPanBp: 10, withoutPanBp: 500 },
      vendorHasGstin: vendorGstin !== null,
      vendorHasPan: vendorPan !== null,
    });
    netPaise += s.vendorNetPaise;
    await db.insert(orderItemSettlements).values({
      orderItemId: item.id,
      orderId: part.orderId,
      orderPartId: part.orderPartId,
      vendorUserId: p.vendorUserId,
      ratesOn: '2026-11-01',
      gstRateBp: l.gstRateBp,
      supplierState: 'Maharashtra',
      placeOfSupplyState: intraState ? 'Maharashtra' : 'Karnataka',
      intraState,
      grossPaise: s.grossPaise,
      taxablePaise: s.taxablePaise,
      ...s.gst,
      commissionBp: l.commissionBp,
      commissionPaise: s.commissionPaise,
      tcsBp: 50,
      tcsCgstPaise: s.tcs.cgstPaise,
      tcsSgstPaise: s.tcs.sgstPaise,
      tcsIgstPaise: s.tcs.igstPaise,
      tdsBp: s.tdsBp,
      tdsPaise: s.tdsPaise,
      vendorNetPaise: s.vendorNetPaise,
      vendorPan,
      vendorGstin,
    });
  }
  // A part that has shipped has its tax invoice, as the status change issues it.
  if (partInput.status === 'shipped' || partInput.status === 'delivered')
    await db.transaction((tx) => issuePartInvoice(tx, { orderPartId: part.orderPartId }));
  return { ...part, netPaise, grossPaise: subtotal };
}

/** Adds a ledger row and moves the vendor's balances with it, as the ledger's writer does in one transaction. */
async function addEntry(
  db: Db,
  e: {
    vendorUserId: string;
    orderPartId?: string;
    payoutId?: string;
    entryType: string;
    pendingPaise: number;
    payablePaise: number;
    paidPaise?: number;
    reference: string;
    at?: Date;
  },
) {
  await db.transaction(async (tx) => {
    await tx.insert(vendorLedger).values({
      vendorUserId: e.vendorUserId,
      orderPartId: e.orderPartId,
      payoutId: e.payoutId,
      entryType: e.entryType,
      pendingPaise: e.pendingPaise,
      payablePaise: e.payablePaise,
      reference: e.reference,
      ...(e.at ? { createdAt: e.at } : {}),
    });
    // The balance row first (its checks would see a bare insert's figures before any conflict), then the change.
    await tx.insert(vendorBalances).values({ vendorUserId: e.vendorUserId }).onConflictDoNothing();
    await tx
      .update(vendorBalances)
      .set({
        pendingPaise: sql`${vendorBalances.pendingPaise} + ${e.pendingPaise}`,
        payablePaise: sql`${vendorBalances.payablePaise} + ${e.payablePaise}`,
        paidPaise: sql`${vendorBalances.paidPaise} + ${e.paidPaise ?? 0}`,
      })
      .where(eq(vendorBalances.vendorUserId, e.vendorUserId));
  });
}

async function partNet(db: Db, orderPartId: string): Promise<{ vendorUserId: string; net: number }> {
  const [row] = await db
    .select({
      vendorUserId: orderItemSettlements.vendorUserId,
      net: sql<string>`sum(${orderItemSettlements.vendorNetPaise})`,
    })
    .from(orderItemSettlements)
    .where(eq(orderItemSettlements.orderPartId, orderPartId))
    .groupBy(orderItemSettlements.vendorUserId);
  return { vendorUserId: row.vendorUserId, net: Number(row.net) };
}

/** 'sale': the part was delivered; its net is pending. */
export async function recordSale(db: Db, orderPartId: string, at?: Date): Promise<void> {
  const { vendorUserId, net } = await partNet(db, orderPartId);
  await addEntry(db, {
    vendorUserId,
    orderPartId,
    entryType: 'sale',
    pendingPaise: net,
    payablePaise: 0,
    reference: `sale:${orderPartId}`,
    at,
  });
}

/** 'released': the return window passed; the part's net moves from pending to payable. */
export async function recordRelease(db: Db, orderPartId: string, at?: Date): Promise<void> {
  const { vendorUserId, net } = await partNet(db, orderPartId);
  await addEntry(db, {
    vendorUserId,
    orderPartId,
    entryType: 'released',
    pendingPaise: -net,
    payablePaise: net,
    reference: `release:${orderPartId}`,
    at,
  });
}

/**
 * A delivered part of ₹999 (or the price given), credited `soldDaysAgo` days ago and payable since
 * `releasedDaysAgo` days ago (0: now; left out: still pending).
 */
export async function createPayablePart(
  db: Db,
  p: {
    customerUserId: string;
    vendorUserId: string;
    storeId: string;
    pricePaise?: number;
    soldDaysAgo: number;
    releasedDaysAgo?: number;
  },
): Promise<SettledPart> {
  const part = await createSettledPart(db, {
    customerUserId: p.customerUserId,
    vendorUserId: p.vendorUserId,
    storeId: p.storeId,
    items: [{ unitPricePaise: p.pricePaise ?? 99_900 }],
    status: 'delivered',
    deliveredAt: daysAgo(p.soldDaysAgo),
  });
  await recordSale(db, part.orderPartId, daysAgo(p.soldDaysAgo));
  if (p.releasedDaysAgo !== undefined)
    await recordRelease(db, part.orderPartId, p.releasedDaysAgo === 0 ? undefined : daysAgo(p.releasedDaysAgo));
  return part;
}

/**
 * A vendor's payout details with PAN ABCPK1234F: a UPI ID (jaipur@okaxis unless given), or Ravi Kumar's HDFC
 * account.
 */
export async function savePayoutDetails(
  db: Db,
  vendorUserId: string,
  method: 'upi' | 'bank',
  upiId = 'jaipur@okaxis',
): Promise<void> {
  await db.insert(vendorPayoutDetails).values(
    method === 'upi'
      ? { vendorUserId, method, upiId, pan: 'ABCPK1234F' }
      : {
          vendorUserId,
          method,
          accountHolderName: 'Ravi Kumar',
          bankAccountNumber: '123456789012',
          ifsc: 'HDFC0001234',
          pan: 'ABCPK1234F',
        },
  );
}

/** 'reversed': a cancel or refund after delivery takes the net back (the ledger's own reversal: from pending before release, else from payable). */
export async function recordReversal(db: Db, orderPartId: string): Promise<void> {
  await db.transaction((tx) => reversePartSale(tx, { orderPartId, reason: 'Refunded' }));
}

export type PayoutInput = {
  vendorUserId: string;
  amountPaise: number;
  periodFrom: string;
  periodTo: string;
  status?: 'created' | 'paid';
  method?: string;
  reference?: string;
  paidAt?: string;
  createdAt?: Date;
};

/** A payout of Haat to the vendor: its row, the 'payout' ledger entry taking it from payable, and (when paid) the paid total. */
export async function recordPayout(db: Db, p: PayoutInput): Promise<string> {
  const status = p.status ?? 'paid';
  const [payout] = await db
    .insert(vendorPayouts)
    .values({
      vendorUserId: p.vendorUserId,
      amountPaise: p.amountPaise,
      periodFrom: p.periodFrom,
      periodTo: p.periodTo,
      status,
      method: p.method ?? 'bank',
      reference: status === 'paid' ? (p.reference ?? 'UTR0001') : null,
      paidAt: status === 'paid' ? (p.paidAt ?? p.periodTo) : null,
      ...(p.createdAt ? { createdAt: p.createdAt } : {}),
    })
    .returning({ id: vendorPayouts.id });
  await addEntry(db, {
    vendorUserId: p.vendorUserId,
    payoutId: payout.id,
    entryType: 'payout',
    pendingPaise: 0,
    payablePaise: -p.amountPaise,
    paidPaise: status === 'paid' ? p.amountPaise : 0,
    reference: `payout:${payout.id}`,
  });
  return payout.id;
}

/** Renders every document PDF waiting in the outbox now, as the document PDFs job would (downloads answer 202 until then). */
export async function renderDocuments(t: { app: FastifyInstance }): Promise<void> {
  for (;;) {
    const { rendered, retried } = await renderPendingDocuments({ db: t.app.ctx.db, storage: t.app.ctx.documents }, 50);
    if (rendered + retried === 0) return;
  }
}

/**
 * A vendor's shop in Maharashtra selling a ₹600 Block Print Kurta (HSN 6204, 20 in stock), paid by UPI,
 * with the tax details given: a PAN, and a GSTIN or a GST enrolment number (or neither).
 */
export async function kurtaShopInMaharashtra(
  db: Db,
  p: {
    businessName?: string;
    shopName: string;
    upiId: string;
    pan: string;
    gstin?: string;
    enrolmentNumber?: string;
  },
) {
  const category = await createCategory(db);
  const vendor = await createVendorUser(db, p.businessName ? { businessName: p.businessName } : {});
  const shop = await createShop(db, vendor.userId, { shopName: p.shopName, state: 'Maharashtra' });
  const kurta = await createProduct(db, {
    storeId: shop.id,
    categoryId: category.id,
    name: 'Block Print Kurta',
    pricePaise: 60000,
    stockQuantity: 20,
    hsnCode: '6204',
  });
  await db.insert(vendorPayoutDetails).values({
    vendorUserId: vendor.userId,
    method: 'upi',
    upiId: p.upiId,
    pan: p.pan,
    ...(p.gstin ? { gstin: p.gstin } : {}),
    ...(p.enrolmentNumber ? { enrolmentNumber: p.enrolmentNumber } : {}),
  });
  return { vendor, kurta };
}
