import { useState, type FormEvent } from 'react';
import { maxLengthOf } from '../../../contracts/common.contract';
import { vendorPartStatusSchema, vendorStatusActions, type VendorOrderPart } from '../../../contracts/vendor-orders.contract';
import { isCancellable } from '../../../domain/order-status';
import { nextPartStatus, type VendorPartStatus } from '../../../domain/vendor-fulfilment';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { ConfirmDialog, Modal } from '../../ui/Modal';

export const shortOrderId = (id: string) => `#${id.slice(0, 8)}`;

type ActionsProps = {
  part: VendorOrderPart;
  /** The status this part is being moved to right now, if any. */
  busy: VendorPartStatus | null;
  onMove: (part: VendorOrderPart, status: VendorPartStatus) => void;
  onShip: (part: VendorOrderPart) => void;
  onCancel: (part: VendorOrderPart) => void;
};

/** The buttons of one part: its next status along the chain, and Cancel while it can still be cancelled. */
export function VendorOrderActions({ part, busy, onMove, onShip, onCancel }: ActionsProps) {
  const next = nextPartStatus(part.status);
  const cancellable = isCancellable(part.status);
  if (!next && !cancellable) return <span className="text-xs text-slate-500">No further action</span>;
  const ref = shortOrderId(part.orderId);
  return (
    <div className="flex flex-wrap gap-2">
      {next && (
        <Button
          size="sm"
          loading={busy === next}
          disabled={busy !== null}
          aria-label={`${vendorStatusActions[next]} order ${ref}`}
          onClick={() => (next === 'shipped' ? onShip(part) : onMove(part, next))}
        >
          {vendorStatusActions[next]}
        </Button>
      )}
      {cancellable && (
        <Button size="sm" variant="secondary" className="text-red-700" loading={busy === 'cancelled'} disabled={busy !== null} aria-label={`Cancel order ${ref}`} onClick={() => onCancel(part)}>
          Cancel
        </Button>
      )}
    </div>
  );
}

const itemsText = (part: VendorOrderPart) => part.items.map((i) => `${i.productName}${i.variantLabel ? ` (${i.variantLabel})` : ''} × ${i.quantity}`).join(', ');

/** Marks a part shipped, with an optional tracking note (courier and tracking number). Mount it only while open. */
export function ShipDialog({ part, busy, error, onSubmit, onClose }: { part: VendorOrderPart; busy: boolean; error?: string; onSubmit: (trackingNote: string) => void; onClose: () => void }) {
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
export function CancelPartDialog({ part, busy, onConfirm, onClose }: { part: VendorOrderPart | null; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <ConfirmDialog open={part !== null} title={part ? `Cancel order ${shortOrderId(part.orderId)}?` : 'Cancel order?'} confirmLabel="Cancel order" busy={busy} onCancel={onClose} onConfirm={onConfirm}>
      {part && (
        <div className="space-y-2">
          <p>
            Your part of this order will be cancelled: <strong>{itemsText(part)}</strong> for {part.customerName}.
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li>The stock of these items goes back to your shop.</li>
            <li>The customer&apos;s points are adjusted: the points they would earn on these items are cancelled, and points they used on the order are refunded for this part.</li>
            <li>Other shops&apos; parts of the order are not affected.</li>
          </ul>
          <p className="font-medium text-slate-900">If the customer paid online, the order is marked for refund. This cannot be undone.</p>
        </div>
      )}
    </ConfirmDialog>
  );
}
