import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  rejectReviewSchema,
  type ReviewDiff,
  type ReviewFieldChange,
  type ReviewQueueInput,
  type ReviewQueuePage,
} from '../../../contracts/product-review.contract';
import { api } from '../../api/client';
import { useCategories } from '../../api/catalog';
import { Button } from '../../ui/Button';
import { Select, Textarea } from '../../ui/Field';
import { formatDate } from '../../ui/format-date';
import { notify } from '../../ui/notify';
import { Pagination } from '../../ui/Pagination';
import { actionError } from './step-up-dialog';

// The Review tab: vendor products and changes waiting for a moderator, oldest first, filtered by kind,
// category and vendor with the counts per kind; each opened side by side (current and proposed), then
// approved or rejected with a reason the vendor sees.

const kinds = [
  { key: 'all', label: 'All' },
  { key: 'new', label: 'New products' },
  { key: 'edit', label: 'Edits' },
] as const;
type Kind = (typeof kinds)[number]['key'];

const queueKey = ['admin', 'product-review'] as const;
const query = (q: ReviewQueueInput) =>
  new URLSearchParams(
    Object.entries(q).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
  ).toString();

/** A field's value: pictures as thumbnails, text as text, none as a dash. */
function Value({ value }: { value: ReviewFieldChange['current'] }) {
  if (value === null || value === '') return <span className="text-slate-400">—</span>;
  if (Array.isArray(value))
    return value.length === 0 ? (
      <span className="text-slate-400">No pictures</span>
    ) : (
      <div className="flex flex-wrap gap-2">
        {value.map((src) => (
          <img key={src} src={src} alt="" width={64} height={64} className="h-16 w-16 rounded border object-cover" />
        ))}
      </div>
    );
  return <span className="break-words whitespace-pre-line">{value}</span>;
}

/** The side-by-side view of one submission: each changed field, current and proposed. */
export function ReviewDiffView({ diff }: { diff: ReviewDiff }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="pb-2 text-left font-medium text-slate-900">
        {diff.kind === 'new' ? 'New product' : 'Edit'}: {diff.productName} — {diff.vendorName} ({diff.shopName})
      </caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Current</th>
          <th scope="col">Proposed</th>
        </tr>
      </thead>
      <tbody>
        {diff.changes.map((c) => (
          <tr key={c.field} className="border-t border-slate-200 align-top">
            <th scope="row" className="py-2 pr-3 font-medium">
              {c.label}
            </th>
            <td className="py-2 pr-3">
              <Value value={c.current} />
            </td>
            <td className="py-2">
              <Value value={c.proposed} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Decision({ id, onDone }: { id: string; onDone: () => void }) {
  const diff = useQuery({
    queryKey: [...queueKey, id],
    queryFn: () => api.get<ReviewDiff>(`/api/admin/product-review/${id}`),
  });
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const decide = async (approve: boolean) => {
    if (!approve) {
      const parsed = rejectReviewSchema.safeParse({ reason });
      if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    }
    setBusy(true);
    try {
      const res = await api.post<{ message: string }>(
        `/api/admin/product-review/${id}/${approve ? 'approve' : 'reject'}`,
        approve ? {} : { reason },
      );
      notify.success(res.message);
      onDone();
    } catch (e) {
      notify.error(actionError(e, 'Could not record the decision'));
    } finally {
      setBusy(false);
    }
  };
  if (!diff.isSuccess)
    return <p className="text-sm text-slate-500">{diff.isError ? 'Could not load it' : 'Loading…'}</p>;
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 p-4">
      <ReviewDiffView diff={diff.data} />
      <Textarea
        label="Reason (for a rejection; the vendor sees it)"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error}
        rows={2}
      />
      <div className="flex gap-2">
        <Button onClick={() => void decide(true)} loading={busy}>
          Approve
        </Button>
        <Button variant="secondary" onClick={() => void decide(false)} loading={busy}>
          Reject
        </Button>
      </div>
    </div>
  );
}

/** The Review tab's queue of waiting submissions. */
export function ReviewTab() {
  const qc = useQueryClient();
  const categories = useCategories();
  const [kind, setKind] = useState<Kind>('all');
  const [categoryId, setCategoryId] = useState('');
  const [vendorId, setVendorId] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const params: ReviewQueueInput = { kind, categoryId, vendorId, ...(pageNo > 1 ? { page: pageNo } : {}) };
  const page = useQuery({
    queryKey: [...queueKey, params],
    queryFn: () => api.get<ReviewQueuePage>(`/api/admin/product-review?${query(params)}`),
  });
  const items = page.data?.items ?? [];
  const done = () => {
    setOpen(null);
    void qc.invalidateQueries({ queryKey: queueKey });
  };
  return (
    <section aria-label="Review queue" className="space-y-4">
      <div role="group" aria-label="Kind" className="flex flex-wrap gap-2">
        {kinds.map((k) => (
          <Button
            key={k.key}
            size="sm"
            variant={kind === k.key ? 'primary' : 'secondary'}
            aria-pressed={kind === k.key}
            onClick={() => {
              setKind(k.key);
              setPageNo(1);
            }}
          >
            {k.label} ({page.data?.counts[k.key] ?? 0})
          </Button>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label="Category"
          value={categoryId}
          onChange={(e) => {
            setCategoryId(e.target.value);
            setPageNo(1);
          }}
        >
          <option value="">All categories</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
        <Select
          label="Vendor"
          value={vendorId}
          onChange={(e) => {
            setVendorId(e.target.value);
            setPageNo(1);
          }}
        >
          <option value="">All vendors</option>
          {(page.data?.vendors ?? []).map((v) => (
            <option key={v.vendorId} value={v.vendorId}>
              {v.vendorName} ({v.waiting})
            </option>
          ))}
        </Select>
      </div>
      {page.isError && <p role="alert">Could not load the review queue.</p>}
      {page.isSuccess && items.length === 0 && <p className="text-sm text-slate-500">Nothing waits for review.</p>}
      <ul className="space-y-3">
        {items.map((i) => (
          <li key={i.id} className="rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <span className="font-medium text-slate-900">{i.productName}</span>{' '}
                <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                  {i.kind === 'new' ? 'New product' : 'Edit'}
                </span>
                <br />
                <span className="text-xs text-slate-500">
                  {i.vendorName} · {i.shopName} · {i.categoryName} · {formatDate(i.submittedAt)}
                </span>
              </div>
              <Button size="sm" variant="secondary" onClick={() => setOpen(open === i.id ? null : i.id)}>
                {open === i.id ? 'Close' : 'Review'}
              </Button>
            </div>
            {open === i.id && (
              <div className="mt-3">
                <Decision id={i.id} onDone={done} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {page.data && page.data.total > page.data.pageSize && (
        <Pagination page={page.data.page} pageSize={page.data.pageSize} total={page.data.total} onPage={setPageNo} />
      )}
    </section>
  );
}
