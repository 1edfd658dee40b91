import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useCategories } from '../../api/catalog';
import { adminPromotions, type Choice, type PromotionWorkspace } from '../../api/promotion-workspaces';
import { Skeleton } from '../../ui/States';

export type { Choice };

const tickRow =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-slate-800 hover:bg-slate-50';
const chipClass = 'inline-flex items-center gap-1 rounded-full bg-violet-50 py-1 pl-3 pr-1 text-sm text-violet-900';
const chipButton =
  'inline-flex h-8 w-8 items-center justify-center rounded-full hover:bg-violet-100 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600';
const searchInput =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 ' +
  'focus:outline-none focus:ring-2 focus:ring-violet-600';
const tick = 'h-5 w-5 shrink-0 rounded border-slate-300 text-violet-700 focus:ring-violet-600';

/** The error under a group of ticks, linked to it. */
function GroupError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} role="alert" className="mt-1 text-sm text-red-600">
      {error}
    </p>
  ) : null;
}

/** A picker's legend, marked as required. */
function RequiredLegend({ children }: { children: ReactNode }) {
  return (
    <legend className="text-sm font-medium text-slate-700">
      {children}
      <span className="ml-0.5 text-red-600" aria-hidden="true">
        *
      </span>
    </legend>
  );
}

/** One choice of a picker as a tick with its name. */
function TickRow({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className={tickRow}>
      <input type="checkbox" className={tick} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="min-w-0 break-words">{label}</span>
    </label>
  );
}

/** The categories a promotion covers: a tick per active category (GET /api/categories). */
export function CategoryTicks({
  chosen,
  onChange,
  error,
}: {
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const categories = useCategories();
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <RequiredLegend>Categories</RequiredLegend>
      {categories.isPending ? (
        <Skeleton className="mt-1 h-24 w-full" />
      ) : categories.isError ? (
        <p className="mt-1 text-sm text-red-600">Could not load the categories: {categories.error.message}</p>
      ) : (
        <div className="mt-1 grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
          {categories.data.map((c) => (
            <TickRow
              key={c.id}
              label={c.name}
              checked={chosen.includes(c.id)}
              onChange={(on) => onChange(on ? [...chosen, c.id] : chosen.filter((id) => id !== c.id))}
            />
          ))}
        </div>
      )}
      <GroupError id={errorId} error={error} />
    </fieldset>
  );
}

/**
 * A search to choose shops or products from: the chosen ones as chips (removable), then a search box
 * whose results are ticks. Names of choices made earlier (an edited promotion) come from `known`. The
 * workspace says where it searches: any shop or product for the super admin, the vendor's own for a vendor.
 */
export function SearchPicker({
  kind,
  workspace = adminPromotions,
  chosen,
  known,
  onChange,
  error,
}: {
  kind: 'shops' | 'products';
  workspace?: PromotionWorkspace;
  chosen: readonly string[];
  known: Record<string, string>;
  onChange: (ids: string[], labels: Record<string, string>) => void;
  error?: string;
}) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const searchId = useId();
  const errorId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const { legend, searchLabel, search } = workspace.pickers[kind];
  const found = useQuery({
    queryKey: [...workspace.scopeKey, kind, q],
    queryFn: () => search(q),
    enabled: q.length >= 2,
  });
  const toggle = (c: Choice, on: boolean) =>
    onChange(on ? [...chosen, c.id] : chosen.filter((id) => id !== c.id), { ...known, [c.id]: c.label });
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <RequiredLegend>{legend}</RequiredLegend>
      {chosen.length > 0 && (
        <ul aria-label={`${legend} chosen`} className="mt-1 flex flex-wrap gap-2">
          {chosen.map((id) => (
            <li key={id} className={chipClass}>
              <span className="break-all">{known[id] ?? 'Chosen earlier'}</span>
              <button
                type="button"
                onClick={() =>
                  onChange(
                    chosen.filter((c) => c !== id),
                    known,
                  )
                }
                aria-label={`Remove ${known[id] ?? 'this choice'}`}
                className={chipButton}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={searchId} className="mt-2 block text-sm text-slate-600">
        {searchLabel}
      </label>
      <input
        id={searchId}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        className={searchInput}
      />
      {q.length >= 2 && (
        <div className="mt-1" aria-live="polite">
          {found.isPending ? (
            <p className="text-sm text-slate-500">Searching…</p>
          ) : found.isError ? (
            <p className="text-sm text-red-600">The search failed: {found.error.message}</p>
          ) : found.data.length === 0 ? (
            <p className="text-sm text-slate-500">Nothing found for “{q}”.</p>
          ) : (
            <div className="grid max-h-56 gap-1 overflow-y-auto">
              {found.data.map((c) => (
                <TickRow key={c.id} label={c.label} checked={chosen.includes(c.id)} onChange={(on) => toggle(c, on)} />
              ))}
            </div>
          )}
        </div>
      )}
      <GroupError id={errorId} error={error} />
    </fieldset>
  );
}
