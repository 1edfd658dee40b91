// The money rules a whole store must satisfy at any moment, checked in SQL: the tests check them
// after their stories, the soak after its traffic, and operators with `npm run check:money` (after a
// restore, say). Each rule answers the rows that break it, none when it holds.
import { sql, type SQL } from 'drizzle-orm';
import { PAISE_PER_POINT } from '../domain/money';
import { FREE_SHIPPING_ABOVE_PAISE, SHIPPING_FEE_PAISE } from '../domain/pricing';
import { promotionInvariantBreaches, unitsShare } from '../domain/promotions-tax';
import { queryRows, type DbOrTx } from './platform/db';
import { promotionCostNetByOrder, promotionCounts } from './modules/promotions';

export type MoneyRule = { rule: string; query: SQL };
export type MoneyCheck = { rule: string; broken: number; examples: Record<string, unknown>[] };

const PPP = sql.raw(String(PAISE_PER_POINT));

/** Customers whose points balances are not their ledger's sums. */
export async function pointsLedgerMismatches(
  db: DbOrTx,
): Promise<
  { user_id: string; reward_points: number; ledger_points: number; pending_points: number; ledger_pending: number }[]
> {
  return queryRows(db, POINTS_LEDGER);
}

const POINTS_LEDGER = sql`select b.user_id, b.available_points as reward_points, b.pending_points,
      coalesce(sum(t.points), 0)::int as ledger_points, coalesce(sum(t.pending_points), 0)::int as ledger_pending
    from reward_balances b left join rewards_transactions t on t.customer_id = b.user_id
    group by b.user_id, b.available_points, b.pending_points
    having b.available_points <> coalesce(sum(t.points), 0) or b.pending_points <> coalesce(sum(t.pending_points), 0)`;

/**
 * Delivery on what the items cost after promotions (`payable`), charged on any cart of items
 * (`subtotal` > 0) whose payable is within the free threshold, even one promotions made free.
 */
const shipping = (subtotal: SQL, payable: SQL = subtotal) =>
  sql`(case when ${subtotal} <= 0 then 0 when ${payable} > ${FREE_SHIPPING_ABOVE_PAISE} then 0
    else ${SHIPPING_FEE_PAISE} end)`;

/** The store-wide rules: ledgers, settlement, payouts, tax documents, returns (each row names the offender as `id`). */
const STORE_RULES: [string, SQL][] = [
  [
    'points ledger sums equal the balances',
    sql`select user_id::text as id, reward_points, pending_points, ledger_points, ledger_pending from (${POINTS_LEDGER}) m`,
  ],
  [
    'a negative balance',
    sql`select user_id::text as id from reward_balances where available_points < 0 or pending_points < 0`,
  ],
  [
    'an order total other than subtotal - discount + shipping - points',
    sql`select id::text as id from orders
        where total_amount_paise <>
          greatest(0, subtotal_paise - discount_paise + shipping_paise - points_used * ${PPP})`,
  ],
  [
    'an order where paid + points + the promotions discount is not the items at full price + delivery',
    sql`select o.id::text as id from orders o
        where o.total_amount_paise + o.points_used * ${PPP}
              + (select coalesce(sum(i.haat_funded_paise + i.vendor_funded_paise), 0)
                 from order_items i where i.order_id = o.id)
          <> o.subtotal_paise + o.shipping_paise`,
  ],
  [
    "an order or part whose discount is not its items' discounts",
    sql`select o.id::text as id from orders o
        where o.discount_paise <> (select coalesce(sum(discount_paise), 0) from order_items where order_id = o.id)
        union all
        select p.id::text from order_parts p
        where p.discount_paise <>
          (select coalesce(sum(discount_paise), 0) from order_items where order_part_id = p.id)`,
  ],
  [
    'an order not wholly cancelled whose promotion uses are not its discount',
    sql`select o.id::text as id from orders o
        where exists (select 1 from order_parts p where p.order_id = o.id and p.status <> 'cancelled')
          and o.discount_paise <> (select coalesce(sum(u.discount_paise), 0) from promotion_uses u
                                   where u.order_id = o.id and u.state = 'used')`,
  ],
  [
    "an order's promotions whose savings are not its discount",
    sql`select o.id::text as id from orders o
        where o.discount_paise <>
          coalesce((select sum((e->>'savedPaise')::bigint) from jsonb_array_elements(o.promotions) e), 0)`,
  ],
  [
    "an order whose subtotal is not its parts' sum",
    sql`select o.id::text as id from orders o left join order_parts p on p.order_id = o.id group by o.id, o.subtotal_paise having o.subtotal_paise <> coalesce(sum(p.subtotal_paise), 0)`,
  ],
  [
    'a paid payment without its one order of the same amount',
    sql`select p.id::text as id from payments p left join orders o on o.payment_id = p.id::text
        where p.status = 'paid' and (o.id is null or o.id <> p.order_id or o.total_amount_paise <> p.amount_paise)`,
  ],
  [
    'an order of a payment that is not paid',
    sql`select o.id::text as id from orders o join payments p on p.id::text = o.payment_id where p.status <> 'paid'`,
  ],
  [
    'an order whose points spent are not in the ledger',
    sql`select o.id::text as id from orders o
        where o.points_used > 0 and o.points_used <> -(select coalesce(sum(points), 0) from rewards_transactions t where t.order_id = o.id and t.transaction_type = 'spent')`,
  ],
  [
    // Points are earned on what is paid after promotions, at most 100 % of it (1 point = ₹1): a line promotions
    // made free earns nothing.
    'an order item earning more points than the rupees paid for it after its promotions',
    sql`select i.id::text as id from order_items i
        where i.points_earned * ${PAISE_PER_POINT} > i.price_paise * i.quantity - i.discount_paise`,
  ],
  [
    "a merchant payment's cashback not in the ledger",
    sql`select m.id::text as id from merchant_transactions m left join rewards_transactions t on t.id = m.ledger_transaction_id
        where m.cashback_points > 0 and (t.id is null or t.transaction_type <> 'cashback' or t.pending_points <> m.cashback_points)`,
  ],
  // Sizes and colours.
  [
    "a product with options whose stock is not its variants' sum",
    sql`select p.id::text as id from products p where p.option1_name is not null
        and p.stock_quantity <> (select coalesce(sum(v.stock_quantity), 0) from product_variants v where v.product_id = p.id and v.withdrawn_at is null)`,
  ],
  [
    'a product whose option keys (what the size filter reads) are not those of its variants on sale',
    sql`select p.id::text as id from products p
        where p.option_keys is distinct from (select array_agg(distinct k order by k) from product_variants v cross join unnest(v.option_keys) as k
                                              where v.product_id = p.id and v.withdrawn_at is null and v.stock_quantity > 0)`,
  ],
  [
    'a product whose option values (what the filter chips count) are not those of its variants on sale',
    sql`select p.id::text as id from products p
        where p.option_values is distinct from (
          select array_agg(distinct o.value order by o.value)
          from product_variants v
          cross join lateral (values ('1=' || v.option1_value), ('2=' || v.option2_value)) as o(value)
          where v.product_id = p.id and v.withdrawn_at is null and v.stock_quantity > 0 and o.value is not null)`,
  ],
  [
    'an order item, cart line or stock hold whose variant is not one of its product',
    sql`select x.id::text as id from (
          select id, product_id, variant_id from order_items union all select id, product_id, variant_id from cart_items union all select id, product_id, variant_id from stock_holds
        ) x join product_variants v on v.id = x.variant_id where v.product_id <> x.product_id`,
  ],
  // Cash on delivery.
  [
    'a cash on delivery order whose parts do not share its amount payable (or a prepaid one with cash due)',
    sql`select o.id::text as id from orders o join order_parts p on p.order_id = o.id group by o.id, o.payment_status, o.total_amount_paise
        having (o.payment_status = 'cash_on_delivery' and (count(p.cod_due_paise) <> count(*) or sum(p.cod_due_paise) <> o.total_amount_paise))
            or (o.payment_status <> 'cash_on_delivery' and count(p.cod_due_paise) > 0)`,
  ],
  [
    'a delivered cash on delivery part without its cash recorded, or cash recorded on a part not delivered',
    sql`select p.id::text as id from order_parts p where p.cod_due_paise is not null
        and ((p.status = 'delivered') <> (p.cash_collected_paise is not null))`,
  ],
  [
    'cash collected whose vendor ledger row is missing or of another amount',
    sql`select p.id::text as id from order_parts p where p.cash_collected_paise is not null and exists (select 1 from order_item_settlements l where l.order_part_id = p.id)
        and (select count(*) from vendor_ledger v where v.order_part_id = p.id and v.entry_type = 'cod_collected' and v.payable_paise = -p.cash_collected_paise) <> 1
        union all
        select v.order_part_id::text from vendor_ledger v left join order_parts p on p.id = v.order_part_id
        where v.entry_type = 'cod_collected' and (p.cash_collected_paise is null or v.payable_paise <> -p.cash_collected_paise)`,
  ],
  [
    'a cash on delivery order with a refund due to a payment method (nothing was paid before delivery)',
    sql`select id::text as id from orders where payment_status = 'cash_on_delivery' and refund_due_paise <> 0`,
  ],
  // What Haat keeps and owes its vendors.
  [
    'a delivered part whose gross is not commission + TCS + TDS + vendor net',
    sql`select l.order_part_id::text as id from order_item_settlements l join order_parts p on p.id = l.order_part_id
        where p.status = 'delivered' group by l.order_part_id
        having sum(l.gross_paise) <> sum(l.commission_paise + l.tcs_cgst_paise + l.tcs_sgst_paise + l.tcs_igst_paise + l.tds_paise + l.vendor_net_paise)
            or sum(l.gross_paise) <> sum(l.taxable_paise + l.cgst_paise + l.sgst_paise + l.igst_paise)`,
  ],
  [
    // A vendor-funded discount is the vendor's: its sale is the items at full price less it.
    "a part's item lines whose gross is not the part's subtotal less the vendor-funded discount",
    sql`select p.id::text as id from order_parts p join order_item_settlements l on l.order_part_id = p.id
        group by p.id, p.subtotal_paise
        having sum(l.gross_paise) <> p.subtotal_paise
          - (select coalesce(sum(i.vendor_funded_paise), 0) from order_items i where i.order_part_id = p.id)`,
  ],
  [
    'a tax document line whose gross is not its units at the unit price less its discount',
    sql`select id::text as id from tax_document_lines
        where gross_paise <> unit_price_paise * quantity - discount_paise`,
  ],
  [
    "a vendor credited other than its part's net",
    sql`select v.id::text as id from vendor_ledger v where v.entry_type = 'sale'
        and v.pending_paise <> (select coalesce(sum(l.vendor_net_paise), 0) from order_item_settlements l where l.order_part_id = v.order_part_id and l.vendor_user_id = v.vendor_user_id)`,
  ],
  [
    "a vendor whose pending + payable is not its ledger's sum",
    sql`select b.vendor_user_id::text as id from vendor_balances b
        left join (select vendor_user_id, sum(pending_paise) as pending, sum(payable_paise) as payable from vendor_ledger group by vendor_user_id) s on s.vendor_user_id = b.vendor_user_id
        where b.pending_paise <> coalesce(s.pending, 0) or b.payable_paise <> coalesce(s.payable, 0)
        union all
        select s.vendor_user_id::text from (select distinct vendor_user_id from vendor_ledger) s left join vendor_balances b on b.vendor_user_id = s.vendor_user_id where b.vendor_user_id is null`,
  ],
  [
    'a part released or reversed more than once, or without its sale',
    sql`select v.order_part_id::text as id from vendor_ledger v where v.entry_type in ('released', 'reversed')
        group by v.order_part_id having count(*) filter (where v.entry_type = 'released') > 1 or count(*) filter (where v.entry_type = 'reversed') > 1
           or not exists (select 1 from vendor_ledger s where s.entry_type = 'sale' and s.order_part_id = v.order_part_id)`,
  ],
  // Payouts.
  [
    'a vendor whose paid total is not the sum of its paid payouts',
    sql`select b.vendor_user_id::text as id from vendor_balances b
        where b.paid_paise <> (select coalesce(sum(p.amount_paise), 0) from vendor_payouts p where p.vendor_user_id = b.vendor_user_id and p.status = 'paid')
        union all
        select distinct p.vendor_user_id::text from vendor_payouts p left join vendor_balances b on b.vendor_user_id = p.vendor_user_id where p.status = 'paid' and b.vendor_user_id is null`,
  ],
  [
    'a payout whose ledger row is missing or of another amount (or, once cancelled, whose return is)',
    sql`select p.id::text as id from vendor_payouts p
        where (select count(*) from vendor_ledger l where l.payout_id = p.id and l.entry_type = 'payout' and l.payable_paise = -p.amount_paise and l.vendor_user_id = p.vendor_user_id) <> 1
           or (select count(*) from vendor_ledger l where l.payout_id = p.id and l.entry_type = 'payout') <> 1
           or (select count(*) from vendor_ledger l where l.payout_id = p.id and l.entry_type = 'payout_cancelled' and l.payable_paise = p.amount_paise)
              <> case when p.status = 'cancelled' then 1 else 0 end`,
  ],
  [
    "a payout larger than the vendor's payable just before it",
    sql`select r.payout_id::text as id from (
          select l.payout_id, l.entry_type, l.payable_paise,
                 sum(l.payable_paise) over (partition by l.vendor_user_id order by l.created_at, l.id rows between unbounded preceding and 1 preceding) as before
          from vendor_ledger l
        ) r
        where r.entry_type = 'payout' and -r.payable_paise > coalesce(r.before, 0)`,
  ],
  // Tax invoices and credit notes.
  [
    'a shipped or delivered part (with settlement lines) without exactly one invoice, or a part with more than one credit note',
    sql`select p.id::text as id from order_parts p
        where exists (select 1 from order_item_settlements l where l.order_part_id = p.id)
          and ((p.status in ('shipped', 'delivered') and (select count(*) from tax_documents d where d.order_part_id = p.id and d.kind in ('invoice', 'bill_of_supply')) <> 1)
            or (select count(*) from tax_documents d where d.order_part_id = p.id and d.kind = 'credit_note' and d.reference = 'credit:' || p.id::text) > 1)`,
  ],
  [
    "a tax document whose totals are not its lines' sums, or an invoice other than its part's settlement lines",
    sql`select d.id::text as id from tax_documents d
        left join lateral (select sum(x.taxable_paise) as taxable, sum(x.cgst_paise) as cgst, sum(x.sgst_paise) as sgst, sum(x.igst_paise) as igst, sum(x.gross_paise) as gross
                           from tax_document_lines x where x.document_id = d.id) x on true
        where (d.taxable_paise, d.cgst_paise, d.sgst_paise, d.igst_paise, d.total_paise) is distinct from (x.taxable, x.cgst, x.sgst, x.igst, x.gross)
           or (d.kind in ('invoice', 'bill_of_supply') and d.total_paise <> (select coalesce(sum(l.gross_paise), 0) from order_item_settlements l where l.order_part_id = d.order_part_id))`,
  ],
  [
    'credit notes for more than their invoice, or a document series with a gap',
    sql`select i.id::text as id from tax_documents i join tax_documents c on c.invoice_id = i.id group by i.id, i.total_paise having sum(c.total_paise) > i.total_paise
        union all
        select s.vendor_user_id::text from tax_documents s group by s.vendor_user_id, s.kind, s.financial_year having max(s.sequence) <> count(*)`,
  ],
  // Haat's own commission invoices and credit notes.
  [
    'a commission document series with a gap, or a commission document whose GST ledger row is missing or of another amount',
    sql`select s.kind || ':' || s.financial_year as id from commission_documents s group by s.kind, s.financial_year having max(s.sequence) <> count(*)
        union all
        select d.id::text from commission_documents d
        where (select count(*) from vendor_ledger l where l.vendor_user_id = d.vendor_user_id
                 and l.reference = (case when d.kind = 'invoice' then 'commission-gst:' else 'commission-gst-credit:' end) || d.id::text
                 and l.payable_paise = (case when d.kind = 'invoice' then -1 else 1 end) * (d.cgst_paise + d.sgst_paise + d.igst_paise)
                 and l.pending_paise = 0) <> case when d.cgst_paise + d.sgst_paise + d.igst_paise > 0 then 1 else 0 end
        union all
        select l.id::text from vendor_ledger l where l.entry_type in ('commission_gst', 'commission_gst_credit')
          and not exists (select 1 from commission_documents d where l.reference in ('commission-gst:' || d.id::text, 'commission-gst-credit:' || d.id::text))`,
  ],
  [
    'a commission document whose GST is not 18 % of its commission split by its place of supply',
    sql`select d.id::text as id from commission_documents d
        where d.cgst_paise + d.sgst_paise + d.igst_paise <> (d.taxable_paise * d.gst_rate_bp * 2 + 10000) / 20000
           or (d.intra_state and (d.igst_paise <> 0 or d.cgst_paise - d.sgst_paise not in (0, 1)))
           or (not d.intra_state and (d.cgst_paise <> 0 or d.sgst_paise <> 0))`,
  ],
  [
    'a credit note against a bill of supply that charges GST (a seller without a GSTIN charges none: CGST Act, section 32)',
    sql`select c.id::text as id from tax_documents c join tax_documents b on b.id = c.invoice_id
        where b.kind = 'bill_of_supply' and c.cgst_paise + c.sgst_paise + c.igst_paise <> 0`,
  ],
  [
    'an issued document without its PDF, and no render of it queued in the last 10 minutes',
    sql`select d.id::text as id from (
          select 'tax' as source, id, pdf_sha256 from tax_documents union all select 'commission', id, pdf_sha256 from commission_documents
        ) d
        where d.pdf_sha256 is null and not exists (
          select 1 from document_pdf_renders r where r.source = d.source and r.document_id = d.id and r.created_at > now() - interval '10 minutes')`,
  ],
  // Returns and refunds.
  [
    'more units of an item in returns (not rejected) than were bought',
    sql`select i.id::text as id from order_items i join order_return_items ri on ri.order_item_id = i.id join order_returns r on r.id = ri.return_id
        where r.status <> 'rejected' group by i.id, i.quantity having sum(ri.quantity) > i.quantity`,
  ],
  [
    'a received return without exactly one refund, a refunded one whose refund is not processed, or a refund of a return not received',
    sql`select r.id::text as id from order_returns r left join refunds f on f.return_id = r.id
        where (r.status in ('received', 'refunded')) <> (f.id is not null) or (r.status = 'refunded' and f.status <> 'processed')
           or (r.status = 'received' and f.status = 'processed')`,
  ],
  [
    "a return's refund other than what it owed: money to the payment method, or points worth at least it for cash on delivery",
    sql`select r.id::text as id from order_returns r join refunds f on f.return_id = r.id
        where (f.method <> 'points' and f.amount_paise <> r.refund_paise)
           or (f.method = 'points' and (f.points * ${PPP} < r.refund_paise or (f.points - 1) * ${PPP} >= r.refund_paise))
           or (f.method = 'points' and f.points > 0 and (select count(*) from rewards_transactions t where t.reference = 'return-refund:' || r.id::text and t.transaction_type = 'return_refund' and t.points = f.points) <> 1)`,
  ],
  [
    'an order refunded more money than was paid (cancellations and returns together)',
    sql`select o.id::text as id from orders o where o.refund_due_paise + (select coalesce(sum(r.refund_paise), 0) from order_returns r where r.order_id = o.id and r.status in ('received', 'refunded')) > o.total_amount_paise`,
  ],
  [
    "a part whose returns reversed more than its vendor's credit, or a return reversed twice",
    sql`select v.order_part_id::text as id from vendor_ledger v where v.entry_type = 'returned' group by v.order_part_id
        having -sum(v.pending_paise + v.payable_paise) > (select coalesce(sum(s.pending_paise), 0) from vendor_ledger s where s.entry_type = 'sale' and s.order_part_id = v.order_part_id)
        union all
        select r.id::text from order_returns r where r.vendor_reversed_paise <> -(select coalesce(sum(v.pending_paise + v.payable_paise), 0) from vendor_ledger v where v.reference = 'return:' || r.id::text)`,
  ],
  // TDS under 194-O and returns (CBDT Circular 20/2023, Q4).
  [
    'a vendor whose TDS adjusted for returns in a financial year is more than the TDS its returns kept that year, or a credit adjusted above its own TDS',
    sql`select y.vendor_user_id::text || ' ' || y.fy::text as id from (
          select vendor_user_id, extract(year from (created_at at time zone 'Asia/Kolkata') - interval '3 months')::int as fy,
                 coalesce(sum(payable_paise) filter (where entry_type = 'tds_adjusted'), 0) as adjusted,
                 coalesce(-sum(payable_paise) filter (where entry_type = 'tds_kept'), 0) as kept
          from vendor_ledger where entry_type in ('tds_kept', 'tds_adjusted') group by 1, 2) y
        where y.adjusted > y.kept
        union all
        select v.id::text from vendor_ledger v where v.entry_type = 'tds_adjusted'
          and (v.payable_paise <= 0 or v.payable_paise > (select coalesce(sum(l.tds_paise), 0) from order_item_settlements l where l.order_part_id = v.order_part_id))`,
  ],
  // The ₹5 lakh exemption of 194-O(2).
  [
    'a vendor caught up in a financial year for more TDS than its credits that year were exempted, or a credit exempted other than its own TDS',
    sql`select y.vendor_user_id::text || ' ' || y.fy::text as id from (
          select vendor_user_id, extract(year from (created_at at time zone 'Asia/Kolkata') - interval '3 months')::int as fy,
                 coalesce(-sum(payable_paise) filter (where entry_type = 'tds_catch_up'), 0) as caught_up,
                 coalesce(sum(payable_paise) filter (where entry_type = 'tds_exempt' and payable_paise > 0), 0) as exempted
          from vendor_ledger where entry_type in ('tds_exempt', 'tds_catch_up') group by 1, 2) y
        where y.caught_up > y.exempted
        union all
        select v.id::text from vendor_ledger v where v.entry_type = 'tds_exempt' and v.reference like 'tds-exempt:%'
          and v.payable_paise <> (select coalesce(sum(l.tds_paise), 0) from order_item_settlements l where l.order_part_id = v.order_part_id)`,
  ],
];

/** Orders, payments and points, as each checkout and cancel must leave them. */
const ORDER_RULES: [string, SQL][] = [
  [
    'no balance below 0',
    sql`select user_id, available_points as reward_points, pending_points from reward_balances
        where available_points < 0 or pending_points < 0`,
  ],
  ['no stock below 0', sql`select id, stock_quantity from products where stock_quantity < 0`],
  [
    "each order's amounts add up (items = parts = subtotal; shipping by the rule; " +
      'total = subtotal - discount + shipping - points)',
    sql`select o.id, o.subtotal_paise, o.shipping_paise, o.total_amount_paise, o.points_used, i.items, pa.parts
      from orders o
      left join lateral (select coalesce(sum(price_paise * quantity), 0)::bigint as items from order_items where order_id = o.id) i on true
      left join lateral (select coalesce(sum(subtotal_paise), 0)::bigint as parts from order_parts where order_id = o.id) pa on true
      where o.subtotal_paise <> i.items or o.subtotal_paise <> pa.parts
         or o.shipping_paise <> ${shipping(sql`o.subtotal_paise`, sql`(o.subtotal_paise - o.discount_paise)`)}
         or o.total_amount_paise <>
            greatest(0, o.subtotal_paise - o.discount_paise + o.shipping_paise - o.points_used * ${PPP})`,
  ],
  [
    "each part's subtotal is its items'",
    sql`select op.id, op.subtotal_paise, coalesce(sum(i.price_paise * i.quantity), 0)::bigint as items
      from order_parts op left join order_items i on i.order_part_id = op.id
      group by op.id, op.subtotal_paise having op.subtotal_paise <> coalesce(sum(i.price_paise * i.quantity), 0)`,
  ],
  [
    'no order without parts, no part without items',
    sql`select o.id as order_id, null as part_id from orders o where not exists (select 1 from order_parts where order_id = o.id)
      union all select op.order_id, op.id from order_parts op where not exists (select 1 from order_items where order_part_id = op.id)`,
  ],
  [
    'each paid order (not points alone, not cash on delivery) has its one paid payment of exactly its total (test gateway marked)',
    sql`select o.id, o.payment_status, o.total_amount_paise, p.id as payment, p.status, p.amount_paise, p.order_id
      from orders o left join payments p on p.id::text = o.payment_id
      where o.payment_status not in ('not_required', 'cash_on_delivery')
        and (p.id is null or p.status <> 'paid' or p.amount_paise <> o.total_amount_paise or p.order_id is distinct from o.id or o.test_payment <> (p.gateway = 'test'))`,
  ],
  [
    'an order paid wholly with points has no payment and a total of 0',
    sql`select id, total_amount_paise, payment_id from orders where payment_status = 'not_required' and (total_amount_paise <> 0 or payment_id is not null)`,
  ],
  [
    'each paid payment made its one order',
    sql`select p.id, p.order_id from payments p where p.status = 'paid'
      and (p.order_id is null or not exists (select 1 from orders o where o.id = p.order_id and o.payment_id = p.id::text))`,
  ],
  [
    'the points an order used were spent once (spent rows = points used)',
    sql`select o.id, o.points_used, coalesce(-sum(t.points) filter (where t.transaction_type = 'spent'), 0)::int as spent
      from orders o left join rewards_transactions t on t.order_id = o.id
      group by o.id, o.points_used having o.points_used <> coalesce(-sum(t.points) filter (where t.transaction_type = 'spent'), 0)`,
  ],
  [
    "each part's earned points are recorded once, and none left pending once it is cancelled",
    sql`select op.id, op.status, op.points_earned, count(t.id) filter (where t.transaction_type = 'earned') as earned_rows,
        coalesce(sum(t.pending_points), 0)::int as pending
      from order_parts op left join rewards_transactions t on t.order_part_id = op.id
      group by op.id, op.status, op.points_earned
      having count(t.id) filter (where t.transaction_type = 'earned') <> (case when op.points_earned > 0 then 1 else 0 end)
          or (op.status = 'cancelled' and coalesce(sum(t.pending_points), 0) <> 0)`,
  ],
  [
    'a wholly cancelled order gave back all its points used and, when paid, all its money (refund due = total)',
    sql`select o.id, o.points_used, o.payment_status, o.total_amount_paise, o.refund_due_paise,
        coalesce((select -sum(points) from rewards_transactions where order_id = o.id and transaction_type in ('spent', 'refunded')), 0)::int as points_kept
      from orders o
      where not exists (select 1 from order_parts where order_id = o.id and status <> 'cancelled')
        and (coalesce((select -sum(points) from rewards_transactions where order_id = o.id and transaction_type in ('spent', 'refunded')), 0) <> 0
             or (o.payment_status not in ('not_required', 'cash_on_delivery') and o.refund_due_paise <> o.total_amount_paise))`,
  ],
  [
    "each delivered part is credited to its vendor once, at its items' net (vendor ledger 'sale'), and no other part is",
    sql`select op.id, op.status, count(v.id) as sales
      from order_parts op join order_item_settlements l on l.order_part_id = op.id and l.order_item_id = (select min(order_item_id::text)::uuid from order_item_settlements where order_part_id = op.id)
      left join vendor_ledger v on v.order_part_id = op.id and v.entry_type = 'sale'
      group by op.id, op.status
      having count(v.id) <> (case when op.status = 'delivered' then 1 else 0 end)`,
  ],
];

const asRules = (list: [string, SQL][]): MoneyRule[] => list.map(([rule, query]) => ({ rule, query }));

/** Every money rule: the store-wide ones, then those of orders, payments and points. */
export const MONEY_RULES: MoneyRule[] = [...asRules(STORE_RULES), ...asRules(ORDER_RULES)];

/** Runs the rules (all by default): each with how many rows break it and up to three of them. */
export async function checkMoney(db: DbOrTx, rules: MoneyRule[] = MONEY_RULES): Promise<MoneyCheck[]> {
  const results: MoneyCheck[] = [];
  for (const { rule, query } of rules) {
    const rows = await queryRows<Record<string, unknown>>(db, query);
    results.push({ rule, broken: rows.length, examples: rows.slice(0, 3) });
  }
  if (rules === MONEY_RULES) {
    const broken = await promotionBreaches(db);
    results.push({
      rule:
        'the promotions rules: price = discount + paid per line, uses and spend within each budget, ' +
        "Haat's promotion cost ledger nets to the discount kept per order",
      broken: broken.length,
      examples: broken.slice(0, 3).map((problem) => ({ problem })),
    });
  }
  return results;
}

/**
 * The promotions' own rules (promotionInvariantBreaches, src/domain/promotions-tax.ts) on every
 * discounted order line and every promotion's uses and spend: one sentence per rule broken.
 */
export async function promotionBreaches(db: DbOrTx): Promise<string[]> {
  const lines = await queryRows<{ id: string; gross: string; discount: string; haat: string; vendor: string }>(
    db,
    sql`select id::text as id, price_paise * quantity as gross, discount_paise as discount,
          haat_funded_paise as haat, vendor_funded_paise as vendor
        from order_items where discount_paise <> 0 or haat_funded_paise <> 0 or vendor_funded_paise <> 0`,
  );
  return promotionInvariantBreaches({
    lines: lines.map((l) => ({
      lineId: l.id,
      grossPaise: Number(l.gross),
      discountPaise: Number(l.discount),
      paidPaise: Number(l.gross) - Number(l.discount),
      sharesPaise: [Number(l.haat), Number(l.vendor)],
    })),
    promotions: await promotionCounts(db),
  }).concat(await promotionCostLedgerBreaches(db));
}

/**
 * Haat's promotion cost ledger against the orders: per order, its lines' net (granted - given back)
 * is the Haat-funded discount of its items not cancelled nor returned (haatCostKeptByOrder).
 */
export async function promotionCostLedgerBreaches(db: DbOrTx): Promise<string[]> {
  const kept = await haatCostKeptByOrder(db);
  const ledger = await promotionCostNetByOrder(db);
  const broken: string[] = [];
  for (const orderId of new Set([...kept.keys(), ...ledger.keys()])) {
    const want = kept.get(orderId) ?? 0;
    const net = ledger.get(orderId) ?? 0;
    if (want !== net)
      broken.push(`order ${orderId}: the promotion cost ledger nets ${net}, the Haat-funded discount kept is ${want}`);
  }
  return broken;
}

/**
 * Haat's promotion cost now: the Haat-funded discount of the items sold and not given back (parts
 * not cancelled, less the share of the units returned, unitsShare), the figure the books compare
 * with what Haat pays its vendors on its customers' behalf.
 */
export async function haatPromotionCostPaise(db: DbOrTx): Promise<number> {
  return [...(await haatCostKeptByOrder(db)).values()].reduce((s, x) => s + x, 0);
}

/**
 * Per order with a Haat-funded discount: that discount on its items kept (parts not cancelled, less
 * units returned).
 */
async function haatCostKeptByOrder(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await queryRows<{ order_id: string; price: string; quantity: number; haat: string; returned: number }>(
    db,
    sql`select i.order_id::text as order_id, i.price_paise as price, i.quantity, i.haat_funded_paise as haat,
          coalesce((select sum(ri.quantity) from order_return_items ri join order_returns r on r.id = ri.return_id
                    where ri.order_item_id = i.id and r.status in ('received', 'refunded')), 0)::int as returned
        from order_items i join order_parts p on p.id = i.order_part_id
        where i.haat_funded_paise > 0 and p.status <> 'cancelled'`,
  );
  const kept = new Map<string, number>();
  for (const r of rows) {
    const line = {
      unitPricePaise: Number(r.price),
      quantity: r.quantity,
      vendorFundedPaise: 0,
      haatFundedPaise: Number(r.haat),
    };
    const share = unitsShare(line, Math.min(r.returned, r.quantity), r.quantity).haatFundedPaise;
    kept.set(r.order_id, (kept.get(r.order_id) ?? 0) + share);
  }
  return kept;
}

/** Every broken store-wide rule, one line per offending row (empty when the books are right): what the tests assert. */
export async function moneyInvariantViolations(db: DbOrTx): Promise<string[]> {
  const problems: string[] = [];
  for (const { rule, query } of asRules(STORE_RULES)) {
    for (const row of await queryRows<{ id: string }>(db, query)) problems.push(`${rule}: ${row.id}`);
  }
  for (const broken of await promotionBreaches(db)) problems.push(`promotions: ${broken}`);
  return problems;
}
