import { codMessages } from '../../domain/cod';
import { cn } from './cn';

// SPEC section 4: active, todo, approved green; in_progress, submitted yellow; review blue;
// done, completed purple; on_hold, rejected red; else grey. Order statuses follow the same palette.
const tones: Record<string, string> = {
  active: 'bg-green-100 text-green-800',
  todo: 'bg-green-100 text-green-800',
  approved: 'bg-green-100 text-green-800',
  delivered: 'bg-green-100 text-green-800',
  paid: 'bg-green-100 text-green-800',
  available: 'bg-green-100 text-green-800',
  in_force: 'bg-green-100 text-green-800',
  in_progress: 'bg-yellow-100 text-yellow-900',
  submitted: 'bg-yellow-100 text-yellow-900',
  pending: 'bg-yellow-100 text-yellow-900',
  processing: 'bg-yellow-100 text-yellow-900',
  confirmed: 'bg-blue-100 text-blue-800',
  review: 'bg-blue-100 text-blue-800',
  shipped: 'bg-blue-100 text-blue-800',
  scheduled: 'bg-blue-100 text-blue-800',
  done: 'bg-purple-100 text-purple-800',
  completed: 'bg-purple-100 text-purple-800',
  on_hold: 'bg-red-100 text-red-800',
  rejected: 'bg-red-100 text-red-800',
  cancelled: 'bg-red-100 text-red-800',
  failed: 'bg-red-100 text-red-800',
  voided: 'bg-red-100 text-red-800',
};

const priorityTones: Record<string, string> = {
  urgent: 'bg-red-100 text-red-800',
  high: 'bg-orange-100 text-orange-900',
  medium: 'bg-yellow-100 text-yellow-900',
  low: 'bg-green-100 text-green-800',
};

/** A status or priority value as people read it: 'in_progress' is 'In progress'. */
export const statusLabel = (s: string) => s.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** The options of a select over status or priority values, each labelled as its badge is. */
export function StatusOptions({ values }: { values: readonly string[] }) {
  return (
    <>
      {values.map((v) => (
        <option key={v} value={v}>
          {statusLabel(v)}
        </option>
      ))}
    </>
  );
}

/** A status in the colour SPEC.md gives it. */
export function StatusBadge({ status, className, text }: { status: string; className?: string; text?: string }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium',
        tones[status] ?? 'bg-slate-100 text-slate-700',
        className,
      )}
    >
      {text ?? statusLabel(status)}
    </span>
  );
}

/** A shop's part of an order as its badge reads it: a cash on delivery part refused at the door is 'Returned to seller', not 'Cancelled'. */
export const partStatusLabel = (part: { status: string; returnedToSeller?: boolean }) =>
  part.returnedToSeller ? codMessages.returnedLabel : statusLabel(part.status);

/** The badge of a shop's part of an order (or of an order, through orderStatusOf). */
export function PartStatusBadge({
  part,
  className,
}: {
  part: { status: string; returnedToSeller?: boolean };
  className?: string;
}) {
  return <StatusBadge status={part.status} text={partStatusLabel(part)} className={className} />;
}

/** An order's status given its parts: 'Returned to seller' when every part was refused at the door. */
export const orderStatusOf = (order: { status: string; parts: { returnedToSeller?: boolean }[] }) => ({
  status: order.status,
  returnedToSeller:
    order.status === 'cancelled' && order.parts.length > 0 && order.parts.every((p) => p.returnedToSeller),
});

/** A priority in the colour SPEC.md gives it. */
export function PriorityBadge({ priority }: { priority: string }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium',
        priorityTones[priority] ?? 'bg-slate-100 text-slate-700',
      )}
    >
      {statusLabel(priority)}
    </span>
  );
}
