import {
  MAX_RETURN_PHOTOS,
  newReturnSchema,
  returnMessages,
  returnStatusLabels,
  type NewReturn,
  type NewReturnInput,
  type OrderReturn,
  type ReturnablePart,
  type ReturnRefund,
} from '../../../contracts/returns.contract';
import { formatRupees, pointsToPaise } from '../../../domain/money';
import { ApiError } from '../../api/client';
import { formatDate } from '../../ui/format-date';

// The customer's side of returns: what a delivered part says of its
// return window, the return request form's checks and payload, and how each return's status reads.

const count = (n: number) => n.toLocaleString('en-IN');
const points = (n: number) => `${count(n)} ${n === 1 ? 'point' : 'points'}`;

/** What a delivered part says about returning it: 'Return by 10 Dec 2026' while it can, else the server's reason why not. */
export function returnWindowNote(part: Pick<ReturnablePart, 'canReturn' | 'refusal' | 'windowEndsAt'>): string {
  if (part.canReturn) return `Return by ${formatDate(part.windowEndsAt)}`;
  return part.refusal ?? '';
}

// ——— The request form ———

/** One item's row in the form: ticked or not, and how many. */
export type ReturnItemChoice = { selected: boolean; quantity: number };
export type ReturnFormState = {
  /** By order item id. */
  items: Record<string, ReturnItemChoice>;
  /** '' until chosen. */
  reason: string;
  comment: string;
  /** The URLs of the photos uploaded so far. */
  photos: string[];
};
export type ReturnFormField = 'items' | 'reason' | 'comment' | 'photos';
export type ReturnFormErrors = Partial<Record<ReturnFormField, string>>;

/** The form as it opens: nothing ticked, one of each item that can still be returned. */
export function emptyReturnForm(part: ReturnablePart): ReturnFormState {
  return {
    items: Object.fromEntries(
      part.items.map((i) => [i.orderItemId, { selected: false, quantity: Math.min(1, i.returnableQuantity) }]),
    ),
    reason: '',
    comment: '',
    photos: [],
  };
}

/** The body of `POST /api/orders/parts/:partId/returns`: the ticked items with their quantities, in the part's order. */
export function returnRequestPayload(part: ReturnablePart, form: ReturnFormState): NewReturnInput {
  const items = part.items
    .filter((i) => i.returnableQuantity > 0 && form.items[i.orderItemId]?.selected)
    .map((i) => ({ orderItemId: i.orderItemId, quantity: form.items[i.orderItemId].quantity }));
  return { items, reason: form.reason as NewReturnInput['reason'], comment: form.comment, photos: form.photos };
}

const fieldOf = (path: readonly PropertyKey[]): ReturnFormField | null => {
  const head = path[0];
  return head === 'items' || head === 'reason' || head === 'comment' || head === 'photos' ? head : null;
};

/**
 * Checks the form with the contract the server uses (and the quantities left, with the server's
 * words), answering the body to send or each field's first problem.
 */
export function checkReturnRequest(
  part: ReturnablePart,
  form: ReturnFormState,
): { ok: true; body: NewReturn } | { ok: false; errors: ReturnFormErrors } {
  const payload = returnRequestPayload(part, form);
  const errors: ReturnFormErrors = {};
  const parsed = newReturnSchema.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!errors.items) {
    for (const item of part.items) {
      const wanted = payload.items.find((i) => i.orderItemId === item.orderItemId);
      if (wanted && Number(wanted.quantity) > item.returnableQuantity) {
        errors.items = returnMessages.tooMany(item.productName, item.returnableQuantity);
        break;
      }
    }
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}

/** A refused request's per-field messages ('items.0.quantity' lands under the items), or null when it named no field. */
export function returnFieldErrors(e: unknown): ReturnFormErrors | null {
  const fields = e instanceof ApiError ? e.fields : {};
  const errors: ReturnFormErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = fieldOf(key.split('.'));
    if (field && !errors[field]) errors[field] = message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** How many more photos may be added. */
export const photosLeft = (taken: number) => Math.max(0, MAX_RETURN_PHOTOS - taken);

// ——— How a return reads ———

/** The customer may ask the Haat team to review a return the shop rejected, once. */
export const canDispute = (r: Pick<OrderReturn, 'status' | 'decidedBy' | 'disputedAt'>) =>
  r.status === 'rejected' && r.decidedBy === 'vendor' && r.disputedAt === null;

/** What the refund gives back, one sentence each. */
export function refundLines(refund: ReturnRefund): string[] {
  const lines: string[] = [];
  const moneyPaise = refund.method === 'points' ? pointsToPaise(refund.refundPoints) : refund.amountPaise;
  if (refund.status !== 'processed') {
    lines.push(`Refund of ${formatRupees(moneyPaise)} is being processed`);
    return lines;
  }
  if (refund.method === 'points') {
    if (refund.refundPoints > 0)
      lines.push(`${formatRupees(moneyPaise)} refunded as ${points(refund.refundPoints)} to your wallet`);
  } else if (refund.amountPaise > 0) {
    lines.push(
      `${formatRupees(refund.amountPaise)} refunded to your original payment method${refund.reference ? ` (reference ${refund.reference})` : ''}`,
    );
  }
  if (refund.pointsReturned > 0) lines.push(`${points(refund.pointsReturned)} you used came back to your wallet`);
  if (refund.pointsVoided > 0)
    lines.push(`The ${points(refund.pointsVoided)} these items would have earned were cancelled`);
  if (refund.pointsTakenBack > 0)
    lines.push(`${points(refund.pointsTakenBack)} these items had earned were taken back from your wallet`);
  if (refund.keptForSpentPointsPaise > 0)
    lines.push(
      `${formatRupees(refund.keptForSpentPointsPaise)} was kept from the refund for points these items earned that you had already spent`,
    );
  if (lines.length === 0) lines.push('Nothing more was due back for these items');
  return lines;
}

const whoRejected = (r: Pick<OrderReturn, 'decidedBy'>) => (r.decidedBy === 'admin' ? 'the Haat team' : 'the shop');

/** The status a customer follows: a headline (the status's label) and what it means for them. */
export function returnStatusLine(r: OrderReturn): { title: string; lines: string[] } {
  const title = returnStatusLabels[r.status];
  switch (r.status) {
    case 'requested':
      return { title, lines: ['Waiting for the shop to reply'] };
    case 'approved':
      return {
        title,
        lines: [
          r.decidedBy === 'admin'
            ? 'Approved by the Haat team: the shop will collect the item'
            : 'The shop will collect the item',
        ],
      };
    case 'rejected':
      return { title, lines: [`Rejected by ${whoRejected(r)}${r.rejectionReason ? `: ${r.rejectionReason}` : ''}`] };
    case 'disputed':
      return {
        title,
        lines: [
          `You asked the Haat team to review the shop's rejection${r.disputedAt ? ` on ${formatDate(r.disputedAt)}` : ''}. They will decide and let you know`,
        ],
      };
    case 'received':
      return {
        title,
        lines: r.refund ? refundLines(r.refund) : [`Refund of ${formatRupees(r.valuePaise)} is being processed`],
      };
    case 'refunded':
      return { title, lines: r.refund ? refundLines(r.refund) : [] };
  }
}

export type ReturnStep = { label: string; state: 'done' | 'current' | 'upcoming' };

/**
 * The steps of a return, the current one marked: Requested, Approved, Received by the shop,
 * Refunded; a rejection ends it, unless the customer sent it to the Haat team.
 */
export function returnSteps(r: Pick<OrderReturn, 'status' | 'decidedBy' | 'disputedAt'>): ReturnStep[] {
  const labels = ['Requested'];
  if (r.disputedAt !== null) labels.push('Rejected by the shop', 'With the Haat team');
  let at: number;
  if (r.status === 'requested') at = 0;
  else if (r.status === 'disputed') at = labels.length - 1;
  else if (r.status === 'rejected') {
    labels.push(`Rejected by ${whoRejected(r)}`);
    at = labels.length - 1;
  } else {
    const approvedAt = labels.length;
    labels.push(
      r.decidedBy === 'admin' ? 'Approved by the Haat team' : 'Approved',
      returnStatusLabels.received,
      returnStatusLabels.refunded,
    );
    at = approvedAt + (r.status === 'approved' ? 0 : r.status === 'received' ? 1 : 2);
  }
  if (r.status === 'requested' || r.status === 'disputed')
    labels.push('Approved', returnStatusLabels.received, returnStatusLabels.refunded);
  return labels.map((label, i) => ({ label, state: i < at ? 'done' : i === at ? 'current' : 'upcoming' }));
}

/** '2 × Block Print Kurta (M)' */
export const returnItemText = (i: { quantity: number; productName: string; variantLabel: string | null }) =>
  `${count(i.quantity)} × ${i.productName}${i.variantLabel ? ` (${i.variantLabel})` : ''}`;
