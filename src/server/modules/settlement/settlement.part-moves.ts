import type { OrderStatus } from '../../../domain/order-status';
import type { Tx } from '../../platform/db';
import { issuePartCreditNote, issuePartInvoice } from './settlement.invoices';
import { creditDeliveredPart, recordCodCollected, reversePartSale } from './settlement.ledger';
import { settleTdsOfCredit } from './settlement.tds-adjustments';

// What settlement does when an order part changes status, in the transaction that changes it: the
// one place the vendor's and the super admin's status changes and every cancel call.

/**
 * A part moved forward: shipped (or delivered without shipping first) issues its tax invoice;
 * delivered credits the vendor, and for cash on delivery (`cash`) debits the cash its shop collected.
 */
export async function settlePartMoved(
  tx: Tx,
  a: { orderPartId: string; status: OrderStatus; orderRef: string; cash?: { vendorUserId: string; paise: number } },
): Promise<void> {
  if (a.status === 'shipped' || a.status === 'delivered') await issuePartInvoice(tx, { orderPartId: a.orderPartId });
  if (a.status === 'delivered') await creditDeliveredPart(tx, { orderPartId: a.orderPartId, orderRef: a.orderRef });
  // TDS under 194-O at the credit: returns' TDS adjusted (CBDT Circular 20/2023, Q4).
  if (a.status === 'delivered') await settleTdsOfCredit(tx, { orderPartId: a.orderPartId });
  if (a.status === 'delivered' && a.cash)
    await recordCodCollected(tx, {
      orderPartId: a.orderPartId,
      vendorUserId: a.cash.vendorUserId,
      cashPaise: a.cash.paise,
      orderRef: a.orderRef,
    });
}

/** A part cancelled or refunded: its vendor's credit reversed, and a credit note when it had been invoiced. */
export async function settlePartCancelled(tx: Tx, a: { orderPartId: string; reason: string }): Promise<void> {
  await reversePartSale(tx, { orderPartId: a.orderPartId, reason: a.reason });
  await issuePartCreditNote(tx, { orderPartId: a.orderPartId, reason: a.reason });
}
