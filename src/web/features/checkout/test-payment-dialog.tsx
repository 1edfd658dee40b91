import { FlaskConical } from 'lucide-react';
import { formatRupees } from '../../../domain/money';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

type Props = {
  open: boolean;
  amountPaise: number;
  busy: 'pay' | 'fail' | null;
  onPay: () => void;
  onFail: () => void;
  onDismiss: () => void;
};

/** The built-in test gateway's own payment dialog: pay or fail, and no real money moves. */
export function TestPaymentDialog({ open, amountPaise, busy, onPay, onFail, onDismiss }: Props) {
  return (
    <Modal
      open={open}
      onClose={() => busy === null && onDismiss()}
      title="Test payment"
      footer={
        <>
          <Button variant="secondary" onClick={onFail} loading={busy === 'fail'} disabled={busy !== null}>
            Fail payment
          </Button>
          <Button onClick={onPay} loading={busy === 'pay'} disabled={busy !== null} data-autofocus>
            {busy === 'pay' ? 'Paying...' : `Pay ${formatRupees(amountPaise)}`}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>This shop uses Haat&apos;s built-in test gateway: no real money moves and no card is charged.</span>
        </p>
        <p>
          Amount to pay: <strong className="text-slate-900">{formatRupees(amountPaise)}</strong>
        </p>
        <p>Choose Pay to complete the order, or Fail payment to see what happens when a payment is declined.</p>
      </div>
    </Modal>
  );
}
