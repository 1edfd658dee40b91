import { useEffect, useRef, useState, type FormEvent } from 'react';
import { maxLengthOf } from '../../../contracts/common.contract';
import { rejectReturnSchema, type OrderReturn } from '../../../contracts/returns.contract';
import { formatRupees } from '../../../domain/money';
import { Button } from '../../ui/Button';
import { Textarea } from '../../ui/Field';
import { FormModal } from '../../ui/FormModal';
import { Modal } from '../../ui/Modal';
import {
  rejectReasonError,
  vendorReturnActions,
  vendorReturnTexts as t,
  type VendorReturnAction,
} from './vendor-returns';

type ActionsProps = {
  ret: OrderReturn;
  /** What this return is being moved by right now, if anything: its buttons wait. */
  busy: VendorReturnAction | null;
  /** The id of what names the return (its order), as the buttons' description. */
  describedBy?: string;
  onApprove: (r: OrderReturn) => void;
  onReject: (r: OrderReturn) => void;
  onReceive: (r: OrderReturn) => void;
};

/** The buttons of one return: Approve and Reject while requested, Mark received once approved; nothing after. */
export function VendorReturnActions({ ret, busy, describedBy, onApprove, onReject, onReceive }: ActionsProps) {
  const actions = vendorReturnActions(ret.status);
  if (actions.length === 0) return null;
  const common = { 'aria-describedby': describedBy, disabled: busy !== null, className: 'min-h-11' };
  return (
    <div className="flex flex-wrap gap-2">
      {actions.includes('approve') && (
        <Button {...common} loading={busy === 'approve'} onClick={() => onApprove(ret)}>
          {t.approve}
        </Button>
      )}
      {actions.includes('reject') && (
        <Button
          {...common}
          variant="secondary"
          className="min-h-11 text-red-700"
          loading={busy === 'reject'}
          onClick={() => onReject(ret)}
        >
          {t.reject}
        </Button>
      )}
      {actions.includes('receive') && (
        <Button {...common} loading={busy === 'receive'} onClick={() => onReceive(ret)}>
          {t.receive}
        </Button>
      )}
    </div>
  );
}

const itemsText = (r: OrderReturn) =>
  r.items.map((i) => `${i.productName}${i.variantLabel ? ` (${i.variantLabel})` : ''} × ${i.quantity}`).join(', ');

type RejectProps = {
  ret: OrderReturn;
  busy: boolean;
  /** The server's message for the reason. */
  error?: string;
  /** A refusal with no field to sit under (the connection, say). */
  formError?: string | null;
  onSubmit: (reason: string) => void;
  onClose: () => void;
};

/**
 * Rejects a requested return with the reason the customer reads: required, checked with the
 * server's contract before it is sent; the server's message lands under the field too. Mount it
 * only while open; what was typed stays when the request fails.
 */
export function RejectReturnDialog({ ret, busy, error, formError = null, onSubmit, onClose }: RejectProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  // The server's message for the reason: the field takes the focus, where it is read out.
  useEffect(() => {
    if (error) field.current?.focus();
  }, [error]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = rejectReasonError(reason);
    setProblem(found);
    if (found) field.current?.focus();
    else onSubmit(reason.trim());
  };
  return (
    <FormModal
      open
      onClose={onClose}
      busy={busy}
      title={t.rejectTitle}
      label={`${t.rejectTitle} of order ${ret.orderRef}`}
      onSubmit={submit}
      submitText={t.rejectSubmit}
      ready
      formError={formError}
    >
      <p className="text-sm text-slate-700">
        Order {ret.orderRef}: {itemsText(ret)} for {ret.customerName}. Their reason: {ret.reason}.
      </p>
      <Textarea
        ref={field}
        label={t.rejectLabel}
        required
        rows={4}
        maxLength={maxLengthOf(rejectReturnSchema.shape.reason)}
        hint={t.rejectHint}
        value={reason}
        error={problem ?? error}
        onChange={(e) => setReason(e.target.value)}
        data-autofocus
      />
    </FormModal>
  );
}

/**
 * Asks before an approved return is marked received back, saying what follows: the stock comes
 * back, the customer is refunded the way they paid, the points move, the vendor's earnings for the
 * items are reversed with a credit note. Mount it only while open; it waits while the request runs.
 */
export function ReceiveReturnDialog({
  ret,
  busy,
  onConfirm,
  onClose,
}: {
  ret: OrderReturn;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      onClose={busy ? () => undefined : onClose}
      title={t.receiveTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Back
          </Button>
          <Button onClick={() => !busy && onConfirm()} loading={busy}>
            {t.receiveConfirm}
          </Button>
        </>
      }
    >
      <div className="space-y-2 text-sm text-slate-700">
        <p>
          Order {ret.orderRef}: <strong>{itemsText(ret)}</strong> from {ret.customerName}, worth{' '}
          {formatRupees(ret.valuePaise)}.
        </p>
        <p>Once you confirm you have these items back:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Their stock goes back to your shop.</li>
          <li>
            The customer is refunded the way they paid: to their online payment, or as points for cash on delivery.
          </li>
          <li>The points the items earned are cancelled, and points the customer used on them are given back.</li>
          <li>Your earnings for these items are reversed, and a credit note is issued against the tax invoice.</li>
        </ul>
        <p className="font-medium text-slate-900">Do this only when the items have reached you. It cannot be undone.</p>
      </div>
    </Modal>
  );
}
