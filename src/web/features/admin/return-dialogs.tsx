import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type RefObject } from 'react';
import { maxLengthOf } from '../../../contracts/common.contract';
import { adminDecideReturnSchema, type OrderReturn, type ReturnChanged } from '../../../contracts/returns.contract';
import { api, ApiError } from '../../api/client';
import { Textarea } from '../../ui/Field';
import { Money } from '../../ui/Money';
import { notify } from '../../ui/notify';
import { actionError, StepUpDialog } from './step-up-dialog';
import { refundMethodLabels } from './return-details';

// The super admin's two actions on a return, each confirmed with a fresh code:
// decide a requested or disputed return, and send a failed gateway refund again.

export type Decision = 'approve' | 'reject';
export type DecisionErrors = Partial<Record<'decision' | 'reason', string>>;

export const adminReturnMessages = {
  decideFailed: 'Failed to save the decision',
  retryFailed: 'Failed to send the refund again',
} as const;

/** The longest reason the contract takes. */
const REASON_MAX = maxLengthOf(adminDecideReturnSchema.shape.reason) ?? 300;

/** What the decision's fields lack, by the contract the server checks (the code is the step-up dialog's own). */
export function decisionErrors(decision: Decision | null, reason: string): DecisionErrors {
  const parsed = adminDecideReturnSchema.safeParse({ decision: decision ?? undefined, reason });
  if (parsed.success) return {};
  const errors: DecisionErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'decision' || field === 'reason') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The body of `POST /api/admin/returns/:id/decide`: the reason only with a rejection (an approval has none to show). */
export const decisionBody = (decision: Decision, reason: string, code: string) => ({
  decision,
  ...(decision === 'reject' ? { reason: reason.trim() } : {}),
  code,
});

const choices: { value: Decision; label: string; help: string }[] = [
  {
    value: 'approve',
    label: 'Approve',
    help: 'The shop collects the item; the customer is refunded once the shop receives it back.',
  },
  { value: 'reject', label: 'Reject', help: 'Final: the customer sees your reason and keeps the item.' },
];

type DecisionFieldsProps = {
  decision: Decision | null;
  reason: string;
  errors: DecisionErrors;
  onDecision: (d: Decision) => void;
  onReason: (reason: string) => void;
  firstChoiceRef?: RefObject<HTMLInputElement | null>;
  reasonRef?: RefObject<HTMLTextAreaElement | null>;
};

/** Approve or Reject (native radios in 44 px rows), and the reason a rejection needs. */
export function DecisionFields({
  decision,
  reason,
  errors,
  onDecision,
  onReason,
  firstChoiceRef,
  reasonRef,
}: DecisionFieldsProps) {
  const id = useId();
  const errorId = `${id}-decision-error`;
  return (
    <>
      <fieldset aria-describedby={errors.decision ? errorId : undefined} className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">
          Decision
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        </legend>
        {choices.map((c, i) => (
          <div
            key={c.value}
            className="rounded-lg border border-slate-300 has-[:checked]:border-violet-600 has-[:checked]:bg-violet-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-600"
          >
            <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 pt-2 text-sm font-medium text-slate-900">
              <input
                ref={i === 0 ? firstChoiceRef : undefined}
                type="radio"
                name={`${id}-decision`}
                value={c.value}
                checked={decision === c.value}
                onChange={() => onDecision(c.value)}
                aria-describedby={`${id}-${c.value}-help`}
                aria-invalid={errors.decision ? true : undefined}
                className="h-5 w-5 shrink-0 accent-violet-700"
              />
              {c.label}
            </label>
            <p id={`${id}-${c.value}-help`} className="pb-2 pl-11 pr-3 text-xs text-slate-600">
              {c.help}
            </p>
          </div>
        ))}
        {errors.decision && (
          <p id={errorId} role="alert" className="text-sm text-red-600">
            {errors.decision}
          </p>
        )}
      </fieldset>
      <Textarea
        ref={reasonRef}
        label="Reason (the customer sees it)"
        value={reason}
        onChange={(e) => onReason(e.target.value.slice(0, REASON_MAX))}
        rows={3}
        required={decision === 'reject'}
        error={errors.reason}
        hint={`Needed to reject: 5 to ${REASON_MAX} characters.`}
      />
    </>
  );
}

/** What is being decided: the order, shop, customer, items and value, and for a dispute the shop's reason and the customer's note. */
export function ReturnSummary({ ret: r }: { ret: OrderReturn }) {
  return (
    <div className="space-y-2">
      <p>
        Order <span className="font-mono font-medium">{r.orderRef}</span>, {r.storeName}: {r.customerName} asks to
        return {r.items.map((i) => `${i.productName} × ${i.quantity}`).join(', ')} (
        <Money paise={r.valuePaise} />) because “{r.reason}”{r.comment ? `: ${r.comment}` : '.'}
      </p>
      {r.status === 'disputed' && (
        <p className="rounded-lg bg-blue-50 px-3 py-2 text-blue-900">
          The shop rejected it: “{r.rejectionReason}”.{' '}
          {r.disputeComment ? `The customer’s note: “${r.disputeComment}”.` : 'The customer left no note.'}
        </p>
      )}
    </div>
  );
}

/** 'Decide return': Approve or Reject (with a reason), then the fresh code; 'Save decision' sends it. */
export function DecideReturnDialog({ ret, onClose }: { ret: OrderReturn | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<DecisionErrors>({});
  const firstChoiceRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const showErrors = (found: DecisionErrors) => {
    setErrors(found);
    if (found.decision) firstChoiceRef.current?.focus();
    else if (found.reason) reasonRef.current?.focus();
  };

  const confirm = async (code: string): Promise<string | null> => {
    if (!ret) return null;
    const found = decisionErrors(decision, reason);
    if (!decision || found.decision || found.reason) {
      showErrors(found);
      return null;
    }
    setErrors({});
    try {
      const answer = await api.post<ReturnChanged>(
        `/api/admin/returns/${ret.id}/decide`,
        decisionBody(decision, reason, code),
      );
      notify.success(answer.message, { action: 'admin-return' });
      onClose();
      void qc.invalidateQueries({ queryKey: ['admin'] });
      return null;
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && (e.fields.decision || e.fields.reason)) {
        showErrors({ decision: e.fields.decision, reason: e.fields.reason });
        return null;
      }
      // Decided meanwhile (409): the list shows where it stands now.
      if (e instanceof ApiError && e.status === 409) void qc.invalidateQueries({ queryKey: ['admin'] });
      return actionError(e, adminReturnMessages.decideFailed);
    }
  };

  return (
    <StepUpDialog
      open={ret !== null}
      title="Decide return"
      actionLabel="Save decision"
      confirmLabel="Save decision"
      description={ret && <ReturnSummary ret={ret} />}
      onCancel={onClose}
      onConfirm={confirm}
    >
      <DecisionFields
        decision={decision}
        reason={reason}
        errors={errors}
        onDecision={(d) => {
          setDecision(d);
          setErrors((e) => ({ ...e, decision: undefined, ...(d === 'approve' ? { reason: undefined } : {}) }));
        }}
        onReason={(text) => {
          setReason(text);
          if (errors.reason) setErrors((e) => ({ ...e, reason: undefined }));
        }}
        firstChoiceRef={firstChoiceRef}
        reasonRef={reasonRef}
      />
    </StepUpDialog>
  );
}

/** 'Send refund again': a received return's failed gateway refund, sent again with a fresh code. */
export function RetryRefundDialog({ ret, onClose }: { ret: OrderReturn | null; onClose: () => void }) {
  const qc = useQueryClient();
  const confirm = async (code: string): Promise<string | null> => {
    if (!ret) return null;
    try {
      const answer = await api.post<ReturnChanged>(`/api/admin/returns/${ret.id}/retry-refund`, { code });
      // The gateway may refuse it again: the answer says so, and the return still shows the failure.
      if (answer.return.refund?.status === 'failed') notify.error(answer.message, { action: 'admin-return-refund' });
      else notify.success(answer.message, { action: 'admin-return-refund' });
      onClose();
      void qc.invalidateQueries({ queryKey: ['admin'] });
      return null;
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) void qc.invalidateQueries({ queryKey: ['admin'] });
      return actionError(e, adminReturnMessages.retryFailed);
    }
  };
  const refund = ret?.refund;
  return (
    <StepUpDialog
      open={ret !== null}
      title="Send refund again"
      actionLabel="Send refund again"
      description={
        ret &&
        refund && (
          <div className="space-y-2">
            <p>
              The refund of <Money paise={refund.amountPaise} /> to {ret.customerName} for order{' '}
              <span className="font-mono font-medium">{ret.orderRef}</span> ({ret.storeName}) goes to{' '}
              {refundMethodLabels[refund.method]} again. The gateway refunds a payment once, however often it is asked.
            </p>
            {refund.failureReason && (
              <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
                <span className="font-medium">Last failure:</span> {refund.failureReason}
              </p>
            )}
          </div>
        )
      }
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
}
