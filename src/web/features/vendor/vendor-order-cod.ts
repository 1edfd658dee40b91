import { vendorPartStatusSchema, type VendorOrderPart } from '../../../contracts/vendor-orders.contract';
import { codMessages } from '../../../domain/cod';
import { formatRupees } from '../../../domain/money';

// The vendor's side of cash on delivery in the Orders tab: what a part's line says, and the check of
// the cash typed in "Delivered and cash collected" (the server's contract and messages).

export const codPartLabels = {
  collect: 'Delivered and cash collected',
  returned: codMessages.returnedLabel,
  cashInput: 'Cash received (₹)',
  returnedExplained:
    'The customer refused the parcel. The part is cancelled and its stock comes back; there is nothing to refund.',
} as const;

/** The part's cash on delivery in one line: the cash to collect, or the cash collected; null for a prepaid part. */
export function codLine(part: Pick<VendorOrderPart, 'codDuePaise' | 'cashCollectedPaise' | 'status'>): string | null {
  if (part.codDuePaise === null) return null;
  if (part.cashCollectedPaise !== null) return `Cash collected ${formatRupees(part.cashCollectedPaise)}`;
  // Cancelled (or refused at the door): there is no cash to collect any more.
  if (part.status === 'cancelled') return codMessages.label;
  return `${codMessages.label} · collect ${formatRupees(part.codDuePaise)}`;
}

/** The part's status as the vendor reads it: a part refused at the door is "Returned to seller", not just cancelled. */
export const partStatusText = (part: Pick<VendorOrderPart, 'returnedToSeller'>): string | undefined =>
  part.returnedToSeller ? codMessages.returnedLabel : undefined;

/** Whether the part is a shipped cash on delivery part that may come back refused at the door. */
export const canReturnToSeller = (
  part: Pick<VendorOrderPart, 'codDuePaise' | 'status' | 'returnedToSeller'>,
): boolean => part.codDuePaise !== null && part.status === 'shipped' && !part.returnedToSeller;

/**
 * Why the cash typed cannot be recorded, or null: required, rupees as the server's contract reads
 * them (`vendorPartStatusSchema`), and the part's cash due exactly, with the server's messages.
 */
export function cashReceivedError(text: string, duePaise: number): string | null {
  if (text.trim() === '') return codMessages.cashRequired;
  const parsed = vendorPartStatusSchema.safeParse({ status: 'delivered', cashCollected: text });
  if (!parsed.success)
    return parsed.error.issues.find((i) => i.path[0] === 'cashCollected')?.message ?? parsed.error.issues[0].message;
  if (parsed.data.cashCollected !== duePaise) return codMessages.cashMismatch(duePaise);
  return null;
}
