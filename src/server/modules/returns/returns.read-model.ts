import { sql, type SQL } from 'drizzle-orm';
import type {
  OrderReturn,
  RefundMethod,
  RefundStatus,
  ReturnFilter,
  ReturnReason,
  ReturnStatus,
} from '../../../contracts/returns.contract';
import { returnStatusLabels } from '../../../contracts/returns.contract';
import { unitsShare } from '../../../domain/promotions-tax';
import { queryRows, type DbOrTx } from '../../platform/db';
import { customerRows } from '../auth';
import { itemPicture, productRows, variantRows } from '../catalog';
import { orderItemRows, orderPartRows } from '../orders';
import { refundRows } from '../payments';
import { orderRef } from '../rewards';
import { returnCreditNoteNumber } from '../settlement';
import { shopRows } from '../shops';

// Returns as the customer, the vendor and the super admin list them: the return with its order's
// reference, its part's shop (a vendor's access is limited inside the query), the customer's name,
// its items with their pictures, the refund (payments) and the credit note (settlement), in one
// statement per page plus one for the items. It joins the owners' row sources (orderPartRows,
// shopRows, customerRows, refundRows, orderItemRows, productRows, variantRows), each named in the
// SQL by its own alias, and settlement's returnCreditNoteNumber. Read-only: changes go through
// returns.service.ts.

/** Which returns: one, a customer's of one order, a vendor's, or everyone's (the super admin). */
export type ReturnsFilter = {
  returnId?: string;
  orderId?: string;
  customerUserId?: string;
  vendorUserId?: string;
  status?: ReturnFilter;
};

function whereOf(f: ReturnsFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.returnId) parts.push(sql`r.id = ${f.returnId}`);
  if (f.orderId) parts.push(sql`r.order_id = ${f.orderId}`);
  if (f.customerUserId) parts.push(sql`r.customer_id = ${f.customerUserId}`);
  if (f.vendorUserId) parts.push(sql`${shopRows.vendorId} = ${f.vendorUserId}`);
  if (f.status && f.status !== 'all') parts.push(sql`r.status = ${f.status}`);
  return sql.join(parts, sql` and `);
}

type Row = {
  id: string;
  order_id: string;
  order_part_id: string;
  store_name: string;
  customer_name: string | null;
  status: ReturnStatus;
  reason: ReturnReason;
  comment: string;
  photos: string[];
  value_paise: string;
  refund_paise: string;
  created_at: Date | string;
  decided_by_role: 'vendor' | 'admin' | null;
  decided_at: Date | string | null;
  rejection_reason: string | null;
  disputed_at: Date | string | null;
  dispute_comment: string | null;
  received_at: Date | string | null;
  points_returned: number;
  points_voided: number;
  points_taken_back: number;
  kept_for_spent_points_paise: string;
  refund_method: RefundMethod | null;
  refund_status: RefundStatus | null;
  refund_amount_paise: string | null;
  refund_points: number | null;
  provider_refund_id: string | null;
  failure_reason: string | null;
  processed_at: Date | string | null;
  credit_note_number: string | null;
};

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/**
 * What was paid for a return's units of an item: their price less their share of its promotions'
 * discount, the units after those already received back (as its refund will count them).
 */
const paidForUnits = (i: {
  price_paise: string;
  item_quantity: number;
  vendor_funded_paise: string;
  haat_funded_paise: string;
  quantity: number;
  returned_before: number;
}): number =>
  unitsShare(
    {
      unitPricePaise: Number(i.price_paise),
      quantity: i.item_quantity,
      vendorFundedPaise: Number(i.vendor_funded_paise),
      haatFundedPaise: Number(i.haat_funded_paise),
    },
    i.returned_before,
    Math.min(i.item_quantity, i.returned_before + i.quantity),
  ).paidPaise;

/** A return's part and the part's shop (whose shop limits a vendor's access): the joins of a page and of its count. */
const withShop = sql`from order_returns r
  join ${orderPartRows} on ${orderPartRows.id} = r.order_part_id
  join ${shopRows} on ${shopRows.id} = ${orderPartRows.storeId}`;

const [shop, customer, refund] = [shopRows, customerRows, refundRows];
const select = sql`select r.id, r.order_id, r.order_part_id,
    ${shop.shopName} as store_name, ${customer.fullName} as customer_name,
    r.status, r.reason, r.comment, r.photos, r.value_paise, r.refund_paise, r.created_at,
    r.decided_by_role, r.decided_at,
    r.rejection_reason, r.disputed_at, r.dispute_comment, r.received_at,
    r.points_returned, r.points_voided, r.points_taken_back, r.kept_for_spent_points_paise,
    ${refund.method} as refund_method, ${refund.status} as refund_status, ${refund.amountPaise} as refund_amount_paise,
    ${refund.points} as refund_points, ${refund.providerRefundId} as provider_refund_id,
    ${refund.failureReason} as failure_reason,
    ${refund.processedAt} as processed_at, ${returnCreditNoteNumber(sql`r.id`)} as credit_note_number
  ${withShop}
  left join ${customer} on ${customer.userId} = r.customer_id
  left join ${refund} on ${refund.returnId} = r.id`;

/** The returns matching the filter, newest first, with their items. */
export async function selectReturns(
  db: DbOrTx,
  filter: ReturnsFilter,
  page?: { limit: number; offset: number },
): Promise<OrderReturn[]> {
  const rows = await queryRows<Row>(
    db,
    sql`${select} where ${whereOf(filter)} order by r.created_at desc, r.id desc ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  if (rows.length === 0) return [];
  const item = orderItemRows;
  const items = await queryRows<{
    return_id: string;
    order_item_id: string;
    product_name: string;
    variant_label: string | null;
    image_url: string | null;
    quantity: number;
    price_paise: string;
    item_quantity: number;
    vendor_funded_paise: string;
    haat_funded_paise: string;
    returned_before: number;
  }>(
    db,
    sql`select ri.return_id, ri.order_item_id,
          ${item.productName} as product_name, ${item.variantLabel} as variant_label, ${itemPicture()} as image_url,
          ri.quantity, ${item.pricePaise} as price_paise, ${item.quantity} as item_quantity,
          ${item.vendorFundedPaise} as vendor_funded_paise, ${item.haatFundedPaise} as haat_funded_paise,
          (select coalesce(sum(b.quantity), 0)::int from order_return_items b
            join order_returns rb on rb.id = b.return_id
            where b.order_item_id = ri.order_item_id and rb.received_at is not null) as returned_before
        from order_return_items ri
        join ${orderItemRows} on ${item.id} = ri.order_item_id
        left join ${productRows} on ${productRows.id} = ${item.productId}
        left join ${variantRows} on ${variantRows.id} = ${item.variantId}
        where ri.return_id in (${sql.join(
          rows.map((r) => sql`${r.id}::uuid`),
          sql`, `,
        )})
        order by ${item.productName}, ${item.id}`,
  );
  return rows.map((r) => {
    const its = items.filter((i) => i.return_id === r.id);
    return {
      id: r.id,
      orderId: r.order_id,
      orderRef: orderRef(r.order_id),
      partId: r.order_part_id,
      storeName: r.store_name,
      customerName: r.customer_name ?? 'Customer',
      status: r.status,
      statusLabel: returnStatusLabels[r.status],
      reason: r.reason,
      comment: r.comment,
      photos: r.photos,
      items: its.map((i) => ({
        orderItemId: i.order_item_id,
        productName: i.product_name,
        variantLabel: i.variant_label,
        imageUrl: i.image_url,
        quantity: i.quantity,
        pricePaise: Number(i.price_paise),
      })),
      // Received: the value its refund was worked out on. Before: what was paid for the units coming back.
      valuePaise: r.received_at !== null ? Number(r.value_paise) : its.reduce((s, i) => s + paidForUnits(i), 0),
      requestedAt: iso(r.created_at)!,
      decidedBy: r.decided_by_role,
      decidedAt: iso(r.decided_at),
      rejectionReason: r.rejection_reason,
      disputedAt: iso(r.disputed_at),
      disputeComment: r.dispute_comment,
      receivedAt: iso(r.received_at),
      refund: r.refund_method
        ? {
            method: r.refund_method,
            status: r.refund_status!,
            amountPaise: Number(r.refund_amount_paise ?? 0),
            refundPoints: Number(r.refund_points ?? 0),
            pointsReturned: r.points_returned,
            pointsVoided: r.points_voided,
            pointsTakenBack: r.points_taken_back,
            keptForSpentPointsPaise: Number(r.kept_for_spent_points_paise),
            reference: r.provider_refund_id,
            failureReason: r.failure_reason,
            processedAt: iso(r.processed_at),
          }
        : null,
      creditNoteNumber: r.credit_note_number,
    };
  });
}

/** How many returns match the filter. */
export async function countReturns(db: DbOrTx, filter: ReturnsFilter): Promise<number> {
  const [row] = await queryRows<{ n: string }>(db, sql`select count(*) as n ${withShop} where ${whereOf(filter)}`);
  return Number(row?.n ?? 0);
}
