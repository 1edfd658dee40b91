import { Banknote } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { maxLengthOf } from '../../../contracts/common.contract';
import {
  vendorPartStatusSchema,
  vendorStatusActions,
  type VendorOrderPart,
} from '../../../contracts/vendor-orders.contract';
import { formatRupees, rupeesForInput } from '../../../domain/money';
import { isCancellable } from '../../../domain/order-status';
import { nextPartStatus, type VendorPartStatus } from '../../../domain/vendor-fulfilment';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/Field';
import { ConfirmDialog, Modal } from '../../ui/Modal';
import { canReturnToSeller, codLine, codPartLabels } from './vendor-order-cod';

export const shortOrderId = (id: string) => `#${id.slice(0, 8)}`;

/** What a part's buttons may be doing right now: a status change, or the return of a part refused at the door. */
export type PartAction = VendorPartStatus | 'returned';

type ActionsProps = {
  part: VendorOrderPart;
  /** What this part is being moved to right now, if anything. */
  busy: PartAction | null;
  onMove: (part: VendorOrderPart, status: VendorPartStatus) => void;
  onShip: (part: VendorOrderPart) => void;
  onCancel: (part: VendorOrderPart) => void;
  /** Cash on delivery: "Delivered and cash collected", and "Returned to seller" for a shipped part refused at the door. */
  onCollect: (part: VendorOrderPart) => void;
  onReturn: (part: VendorOrderPart) => void;
};

/**
 * The buttons of one part: its next status along the chain (for cash on delivery, delivered comes
 * with the cash collected), Cancel while it can still be cancelled, and Returned to seller for a
 * shipped cash on delivery part.
 */
export function VendorOrderActions({ part, busy, onMove, onShip, onCancel, onCollect, onReturn }: ActionsProps) {
  const next = nextPartStatus(part.status);
  const cancellable = isCancellable(part.status);
  const returnable = canReturnToSeller(part);
  if (!next && !cancellable) return <span className="text-xs text-slate-500">No further action</span>;
  const ref = shortOrderId(part.orderId);
  const collects = next === 'delivered' && part.codDuePaise !== null;
  const label = next && (collects ? codPartLabels.collect : vendorStatusActions[next]);
  return (
    <div className="flex flex-wrap gap-2">
      {next && (
        <Button
          size="sm"
          loading={busy === next}
          disabled={busy !== null}
          aria-label={`${label} order ${ref}`}
          onClick={() => (next === 'shipped' ? onShip(part) : collects ? onCollect(part) : onMove(part, next))}
        >
          {label}
        </Button>
      )}
      {returnable && (
        <Button
          size="sm"
          variant="secondary"
          loading={busy === 'returned'}
          disabled={busy !== null}
          aria-label={`${codPartLabels.returned} order ${ref}`}
          onClick={() => onReturn(part)}
        >
          {codPartLabels.returned}
        </Button>
      )}
      {cancellable && (
        <Button
          size="sm"
          variant="secondary"
          className="text-red-700"
          loading={busy === 'cancelled'}
          disabled={busy !== null}
          aria-label={`Cancel order ${ref}`}
          onClick={() => onCancel(part)}
        >
          Cancel
        </Button>
      )}
    </div>
  );
}

const itemsText = (part: VendorOrderPart) =>
  part.items.map((i) => `${i.productName}${i.variantLabel ? ` (${i.variantLabel})` : ''} × ${i.quantity}`).join(', ');

/** Marks a part shipped, with an optional tracking note (courier and tracking number). Mount it only while open. */
export function ShipDialog({
  part,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  part: VendorOrderPart;
  busy: boolean;
  error?: string;
  onSubmit: (trackingNote: string) => void;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(note.trim());
  };
  return (
    <Modal
      open
      onClose={busy ? () => undefined : onClose}
      title={`Mark order ${shortOrderId(part.orderId)} shipped`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Back
          </Button>
          <Button type="submit" form="vendor-ship-form" loading={busy}>
            Mark shipped
          </Button>
        </>
      }
    >
      <form id="vendor-ship-form" onSubmit={submit} className="space-y-3">
        <p className="text-sm text-slate-700">
          {itemsText(part)} for {part.customerName}, to {part.shippingAddress}.
        </p>
        <Input
          label="Tracking note (optional)"
          maxLength={maxLengthOf(vendorPartStatusSchema.shape.trackingNote)}
          placeholder="e.g. DTDC D123456789"
          hint="Courier and tracking number; the customer sees this note with the order."
          value={note}
          error={error}
          onChange={(e) => setNote(e.target.value)}
          data-autofocus
        />
      </form>
    </Modal>
  );
}

/** Asks before a vendor cancels its part, naming what happens to the stock and the customer's points. */
export function CancelPartDialog({
  part,
  busy,
  onConfirm,
  onClose,
}: {
  part: VendorOrderPart | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={part !== null}
      title={part ? `Cancel order ${shortOrderId(part.orderId)}?` : 'Cancel order?'}
      confirmLabel="Cancel order"
      busy={busy}
      onCancel={onClose}
      onConfirm={onConfirm}
    >
      {part && (
        <div className="space-y-2">
          <p>
            Your part of this order will be cancelled: <strong>{itemsText(part)}</strong> for {part.customerName}.
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li>The stock of these items goes back to your shop.</li>
            <li>
              The customer&apos;s points are adjusted: the points they would earn on these items are cancelled, and
              points they used on the order are refunded for this part.
            </li>
            <li>Other shops&apos; parts of the order are not affected.</li>
          </ul>
          <p className="font-medium text-slate-900">
            If the customer paid online, the order is marked for refund. This cannot be undone.
          </p>
        </div>
      )}
    </ConfirmDialog>
  );
}

/** A cash on delivery part's cash: to collect, or collected (nothing for a prepaid part). */
export function CodBadge({ part, className }: { part: VendorOrderPart; className?: string }) {
  const line = codLine(part);
  if (!line) return null;
  const collected = part.cashCollectedPaise !== null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        collected ? 'bg-green-100 text-green-800' : 'bg-sky-100 text-sky-900',
        className,
      )}
    >
      <Banknote className="h-3 w-3 shrink-0" aria-hidden="true" />
      {line}
    </span>
  );
}

/**
 * "Delivered and cash collected" of a cash on delivery part: the cash due, and the cash received
 * (required, checked by the caller with the server's contract; its error, or the server's, under
 * the input). Mount it only while open.
 */
export function CollectCashDialog({
  part,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  part: VendorOrderPart;
  busy: boolean;
  error?: string;
  onSubmit: (cash: string) => void;
  onClose: () => void;
}) {
  const [cash, setCash] = useState('');
  const due = part.codDuePaise ?? 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(cash.trim());
  };
  return (
    <Modal
      open
      onClose={busy ? () => undefined : onClose}
      title={`Order ${shortOrderId(part.orderId)}: delivered and cash collected`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Back
          </Button>
          <Button type="submit" form="vendor-collect-form" loading={busy}>
            {busy ? 'Saving...' : codPartLabels.collect}
          </Button>
        </>
      }
    >
      <form id="vendor-collect-form" onSubmit={submit} noValidate className="space-y-3">
        <p className="text-sm text-slate-700">
          {itemsText(part)} for {part.customerName}.
        </p>
        <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
          Cash due: <strong className="text-base">{formatRupees(due)}</strong>
          <span className="block text-xs">Record the delivery once you have received the full amount in cash.</span>
        </p>
        <Input
          label={codPartLabels.cashInput}
          required
          inputMode="decimal"
          autoComplete="off"
          placeholder={`e.g. ${rupeesForInput(due)}`}
          value={cash}
          error={error}
          onChange={(e) => setCash(e.target.value)}
          data-autofocus
        />
      </form>
    </Modal>
  );
}

/** Asks before a shipped cash on delivery part is marked returned to the seller (refused at the door). */
export function ReturnToSellerDialog({
  part,
  busy,
  onConfirm,
  onClose,
}: {
  part: VendorOrderPart | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={part !== null}
      title={part ? `Order ${shortOrderId(part.orderId)}: returned to seller?` : 'Returned to seller?'}
      confirmLabel={`Mark ${codPartLabels.returned.toLowerCase()}`}
      busy={busy}
      onCancel={onClose}
      onConfirm={onConfirm}
    >
      {part && (
        <div className="space-y-2">
          <p>
            <strong>{itemsText(part)}</strong> for {part.customerName}.
          </p>
          <p>{codPartLabels.returnedExplained}</p>
          <p className="font-medium text-slate-900">This cannot be undone.</p>
        </div>
      )}
    </ConfirmDialog>
  );
}
