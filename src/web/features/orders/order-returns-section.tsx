import { Check, Circle, CircleDot } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { maxLengthOf } from '../../../contracts/common.contract';
import {
  disputeReturnSchema,
  type OrderReturn,
  type OrderReturns,
  type ReturnablePart,
  type ReturnStatus,
} from '../../../contracts/returns.contract';
import { ApiError } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Textarea } from '../../ui/Field';
import { formatDate } from '../../ui/format-date';
import { notify } from '../../ui/notify';
import { PhotoThumbnails } from '../../ui/PhotoThumbnails';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { StatusBadge } from '../../ui/StatusBadge';
import { cn } from '../../ui/cn';
import { canDispute, returnItemText, returnStatusLine, returnSteps, returnWindowNote } from './order-returns';
import { ReturnFormDialog } from './return-form-dialog';
import { useDisputeReturn } from './use-returns';

/** The badge colour of each return status, from the palette of SPEC.md section 4. */
const badgeTone: Record<ReturnStatus, string> = {
  requested: 'pending',
  approved: 'approved',
  rejected: 'rejected',
  disputed: 'review',
  received: 'shipped',
  refunded: 'completed',
};

type ReturnsQuery = {
  isPending: boolean;
  isError: boolean;
  data?: OrderReturns;
  error: Error | null;
  refetch: () => unknown;
};

/** Under a delivered part: until when it can be returned and the Return items button, or why it cannot. */
export function PartReturnNote({
  part,
  onReturn,
  isPending,
}: {
  part: ReturnablePart | undefined;
  onReturn?: (part: ReturnablePart) => void;
  isPending: boolean;
}) {
  if (isPending) {
    return (
      <div className="border-t border-slate-100 px-3 py-2">
        <Skeleton className="h-5 w-40" />
      </div>
    );
  }
  if (!part) return null;
  const note = returnWindowNote(part);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-3 py-2">
      {note && <p className={cn('text-xs', part.canReturn ? 'text-slate-700' : 'text-slate-600')}>{note}</p>}
      {part.canReturn && onReturn && (
        <Button size="sm" variant="secondary" className="min-h-11" onClick={() => onReturn(part)}>
          Return items
        </Button>
      )}
    </div>
  );
}

/** The steps of a return as an ordered list, the current one marked for screen readers too. */
export function ReturnSteps({ r }: { r: OrderReturn }) {
  const steps = returnSteps(r);
  return (
    <ol aria-label="Return progress" className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
      {steps.map((s) => {
        const Icon = s.state === 'done' ? Check : s.state === 'current' ? CircleDot : Circle;
        const rejected = s.state === 'current' && s.label.startsWith('Rejected');
        return (
          <li
            key={s.label}
            aria-current={s.state === 'current' ? 'step' : undefined}
            className={cn(
              'inline-flex items-center gap-1',
              s.state === 'done' && 'text-green-800',
              s.state === 'current' && (rejected ? 'font-semibold text-red-800' : 'font-semibold text-violet-800'),
              s.state === 'upcoming' && 'text-slate-500',
            )}
          >
            <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            {s.label}
            {s.state === 'done' && <span className="sr-only"> (done)</span>}
          </li>
        );
      })}
    </ol>
  );
}

/** One return: its items, reason and date, where it stands and what came back. */
export function ReturnCard({ r, onDispute }: { r: OrderReturn; onDispute?: (r: OrderReturn) => void }) {
  const line = returnStatusLine(r);
  return (
    <li>
      <article
        aria-label={`Return from ${r.storeName}, requested on ${formatDate(r.requestedAt)}`}
        className="space-y-2 rounded-lg border border-slate-200 p-3"
      >
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{r.storeName}</p>
            <p className="text-xs text-slate-600">Requested on {formatDate(r.requestedAt)}</p>
          </div>
          <StatusBadge status={badgeTone[r.status]} text={line.title} />
        </header>
        <ul className="text-sm text-slate-800">
          {r.items.map((i) => (
            <li key={i.orderItemId} className="break-words">
              {returnItemText(i)}
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-700">
          Reason: {r.reason}
          {r.comment && <span className="block break-words text-slate-600">“{r.comment}”</span>}
        </p>
        <PhotoThumbnails urls={r.photos} size={48} alt={(n) => `Photo ${n} of your return`} label="Your photos" />
        <div className="rounded-lg bg-slate-50 px-3 py-2">
          <p className="text-sm font-semibold text-slate-900">{line.title}</p>
          {line.lines.map((l) => (
            <p key={l} className="break-words text-sm text-slate-700">
              {l}
            </p>
          ))}
          {r.creditNoteNumber && <p className="text-xs text-slate-600">Credit note {r.creditNoteNumber}</p>}
        </div>
        <ReturnSteps r={r} />
        {canDispute(r) && onDispute && (
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-2">
            <p className="text-xs text-slate-600">Disagree? The Haat team can look at it again.</p>
            <Button size="sm" variant="secondary" className="min-h-11" onClick={() => onDispute(r)}>
              Ask Haat to review
            </Button>
          </div>
        )}
      </article>
    </li>
  );
}

/** The order's returns, newest as the server sends them, with loading, empty and error states. */
export function ReturnsSection({ query, onDispute }: { query: ReturnsQuery; onDispute?: (r: OrderReturn) => void }) {
  const headingId = useId();
  let body;
  if (query.isPending) {
    body = (
      <LoadingRegion label="Loading your returns">
        <Skeleton className="h-24 w-full" />
      </LoadingRegion>
    );
  } else if (query.isError || !query.data) {
    body = (
      <ErrorState
        message={query.error?.message || 'We could not load the returns of this order.'}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.returns.length === 0) {
    body = (
      <p className="text-slate-600">
        {query.data.returnable.some((p) => p.canReturn)
          ? 'No returns yet. To return something, use Return items under its shop above.'
          : 'No returns for this order.'}
      </p>
    );
  } else {
    body = (
      <ul className="space-y-3">
        {query.data.returns.map((r) => (
          <ReturnCard key={r.id} r={r} onDispute={onDispute} />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-medium text-slate-900">
        Returns
      </h3>
      {body}
    </section>
  );
}

/** Ask Haat to review: a return the shop rejected goes to the Haat team, once, with an optional note. */
export function DisputeReturnModal({
  target,
  onClose,
  onDone,
}: {
  target: OrderReturn;
  onClose: () => void;
  onDone: () => void;
}) {
  const dispute = useDisputeReturn();
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ comment?: string; form?: string }>({});
  const busy = dispute.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = disputeReturnSchema.safeParse({ comment });
    if (!parsed.success) return setErrors({ comment: parsed.error.issues[0]?.message });
    setErrors({});
    try {
      const done = await dispute.mutateAsync({ returnId: target.id, body: parsed.data });
      notify.success(done.message, { action: 'return-dispute' });
      onDone();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      const message = err instanceof Error ? err.message : 'Failed to send the return for review';
      setErrors(fields.comment ? { comment: fields.comment } : { form: message });
      notify.error(fields.comment ?? message, { action: 'return-dispute' });
    }
  };

  return (
    <ReturnFormDialog
      title="Ask Haat to review"
      label="Ask the Haat team to review the return"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      submitText="Send for review"
    >
      <p className="text-sm text-slate-700">
        {target.storeName} rejected your return{target.rejectionReason ? `: “${target.rejectionReason}”.` : '.'} The
        Haat team will look at it and decide. You can ask once.
      </p>
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      <Textarea
        label="Note for the Haat team (optional)"
        rows={4}
        maxLength={maxLengthOf(disputeReturnSchema.shape.comment)}
        value={comment}
        disabled={busy}
        onChange={(e) => {
          setComment(e.target.value);
          setErrors({});
        }}
        error={errors.comment}
        hint="Why do you think the return should be accepted?"
      />
    </ReturnFormDialog>
  );
}
