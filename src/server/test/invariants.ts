import { sql } from 'drizzle-orm';
import { PAISE_PER_POINT } from '../../domain/money';
import { queryRows, type DbOrTx } from '../platform/db';
import { pointsLedgerMismatches } from './order-factories';

// The money rules a whole store must satisfy at any moment, as one check (backups, restores).

/** Every broken money rule of the store, one line each (empty when the books are right). */
export async function moneyInvariantViolations(db: DbOrTx): Promise<string[]> {
  const problems: string[] = [];
  for (const m of await pointsLedgerMismatches(db)) {
    problems.push(`customer ${m.user_id}: balances ${m.reward_points}/${m.pending_points} but ledger sums ${m.ledger_points}/${m.ledger_pending}`);
  }
  const rules: [string, ReturnType<typeof sql>][] = [
    ['a negative balance', sql`select user_id::text as id from customers where reward_points < 0 or pending_points < 0`],
    ['an order total other than subtotal + shipping - points', sql`select id::text as id from orders where total_amount_paise <> greatest(0, subtotal_paise + shipping_paise - points_used * ${sql.raw(String(PAISE_PER_POINT))})`],
    [
      "an order whose subtotal is not its parts' sum",
      sql`select o.id::text as id from orders o left join order_parts p on p.order_id = o.id group by o.id, o.subtotal_paise having o.subtotal_paise <> coalesce(sum(p.subtotal_paise), 0)`,
    ],
    [
      'a paid payment without its one order of the same amount',
      sql`select p.id::text as id from payments p left join orders o on o.payment_id = p.id::text
          where p.status = 'paid' and (o.id is null or o.id <> p.order_id or o.total_amount_paise <> p.amount_paise)`,
    ],
    ['an order of a payment that is not paid', sql`select o.id::text as id from orders o join payments p on p.id::text = o.payment_id where p.status <> 'paid'`],
    [
      'an order whose points spent are not in the ledger',
      sql`select o.id::text as id from orders o
          where o.points_used > 0 and o.points_used <> -(select coalesce(sum(points), 0) from rewards_transactions t where t.order_id = o.id and t.transaction_type = 'spent')`,
    ],
    [
      "a merchant payment's cashback not in the ledger",
      sql`select m.id::text as id from merchant_transactions m left join rewards_transactions t on t.id = m.ledger_transaction_id
          where m.cashback_points > 0 and (t.id is null or t.transaction_type <> 'cashback' or t.pending_points <> m.cashback_points)`,
    ],
    // Issue 23: sizes and colours.
    [
      "a product with options whose stock is not its variants' sum",
      sql`select p.id::text as id from products p where p.option1_name is not null
          and p.stock_quantity <> (select coalesce(sum(v.stock_quantity), 0) from product_variants v where v.product_id = p.id and v.withdrawn_at is null)`,
    ],
    [
      "a product whose option keys (what the size filter reads) are not those of its variants on sale",
      sql`select p.id::text as id from products p
          where p.option_keys is distinct from (select array_agg(distinct k order by k) from product_variants v cross join unnest(v.option_keys) as k
                                                where v.product_id = p.id and v.withdrawn_at is null and v.stock_quantity > 0)`,
    ],
    [
      'an order item, cart line or stock hold whose variant is not one of its product',
      sql`select x.id::text as id from (
            select id, product_id, variant_id from order_items union all select id, product_id, variant_id from cart_items union all select id, product_id, variant_id from stock_holds
          ) x join product_variants v on v.id = x.variant_id where v.product_id <> x.product_id`,
    ],
    // Issue 23, points 5–6: cash on delivery.
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
      "cash collected whose vendor ledger row is missing or of another amount",
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
    // Issue 22: what Haat keeps and owes its vendors.
    [
      'a delivered part whose gross is not commission + TCS + TDS + vendor net',
      sql`select l.order_part_id::text as id from order_item_settlements l join order_parts p on p.id = l.order_part_id
          where p.status = 'delivered' group by l.order_part_id
          having sum(l.gross_paise) <> sum(l.commission_paise + l.tcs_cgst_paise + l.tcs_sgst_paise + l.tcs_igst_paise + l.tds_paise + l.vendor_net_paise)
              or sum(l.gross_paise) <> sum(l.taxable_paise + l.cgst_paise + l.sgst_paise + l.igst_paise)`,
    ],
    [
      "a part's item lines whose gross is not the part's subtotal",
      sql`select p.id::text as id from order_parts p join order_item_settlements l on l.order_part_id = p.id group by p.id, p.subtotal_paise having sum(l.gross_paise) <> p.subtotal_paise`,
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
    // Issue 22, point 6: payouts.
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
    // Issue 22, point 8: tax invoices and credit notes.
    [
      'a shipped or delivered part (with settlement lines) without exactly one invoice, or a part with more than one credit note',
      sql`select p.id::text as id from order_parts p
          where exists (select 1 from order_item_settlements l where l.order_part_id = p.id)
            and ((p.status in ('shipped', 'delivered') and (select count(*) from tax_documents d where d.order_part_id = p.id and d.kind = 'invoice') <> 1)
              or (select count(*) from tax_documents d where d.order_part_id = p.id and d.kind = 'credit_note' and d.reference = 'credit:' || p.id::text) > 1)`,
    ],
    [
      "a tax document whose totals are not its lines' sums, or an invoice other than its part's settlement lines",
      sql`select d.id::text as id from tax_documents d
          left join lateral (select sum(x.taxable_paise) as taxable, sum(x.cgst_paise) as cgst, sum(x.sgst_paise) as sgst, sum(x.igst_paise) as igst, sum(x.gross_paise) as gross
                             from tax_document_lines x where x.document_id = d.id) x on true
          where (d.taxable_paise, d.cgst_paise, d.sgst_paise, d.igst_paise, d.total_paise) is distinct from (x.taxable, x.cgst, x.sgst, x.igst, x.gross)
             or (d.kind = 'invoice' and d.total_paise <> (select coalesce(sum(l.gross_paise), 0) from order_item_settlements l where l.order_part_id = d.order_part_id))`,
    ],
    [
      "credit notes for more than their invoice, or a document series with a gap",
      sql`select i.id::text as id from tax_documents i join tax_documents c on c.invoice_id = i.id group by i.id, i.total_paise having sum(c.total_paise) > i.total_paise
          union all
          select s.vendor_user_id::text from tax_documents s group by s.vendor_user_id, s.kind, s.financial_year having max(s.sequence) <> count(*)`,
    ],
    // Issue 23, points 7–10: returns and refunds.
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
             or (f.method = 'points' and (f.points * ${sql.raw(String(PAISE_PER_POINT))} < r.refund_paise or (f.points - 1) * ${sql.raw(String(PAISE_PER_POINT))} >= r.refund_paise))
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
  ];
  for (const [rule, query] of rules) {
    for (const row of await queryRows<{ id: string }>(db, query)) problems.push(`${rule}: ${row.id}`);
  }
  return problems;
}
