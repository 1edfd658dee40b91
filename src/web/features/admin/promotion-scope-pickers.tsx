import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { ChevronDown, X } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useCategories } from '../../api/catalog';
import {
  adminPromotions,
  type Choice,
  type ProductChoice,
  type PromotionWorkspace,
} from '../../api/promotion-workspaces';
import { Skeleton } from '../../ui/States';
import { useSearchText } from '../../ui/use-search-text';

export type { Choice, ProductChoice };

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

/** A picker's search box with its label. */
function SearchField(p: { id: string; label: string; value: string; onChange: (text: string) => void }) {
  return (
    <>
      <label htmlFor={p.id} className="mt-2 block text-sm text-slate-600">
        {p.label}
      </label>
      <input
        id={p.id}
        type="search"
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        className={searchInput}
      />
    </>
  );
}

/** What a search of two letters or more found, or that it is on its way, failed or found nothing. */
function SearchResults<T>({
  found,
  q,
  children,
}: {
  found: UseQueryResult<T[]>;
  q: string;
  children: (items: T[]) => ReactNode;
}) {
  if (q.length < 2) return null;
  return (
    <div className="mt-1" aria-live="polite">
      {found.isPending ? (
        <p className="text-sm text-slate-500">Searching…</p>
      ) : found.isError ? (
        <p className="text-sm text-red-600">The search failed: {found.error.message}</p>
      ) : found.data.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing found for “{q}”.</p>
      ) : (
        children(found.data)
      )}
    </div>
  );
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

/** One choice of a picker as a tick with its name (disabled: shown, not changeable, with why). */
function TickRow({
  label,
  checked,
  onChange,
  disabled,
  className = '',
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <label
      className={`${tickRow} ${disabled ? 'cursor-default text-slate-500 hover:bg-transparent' : ''} ${className}`}
    >
      <input
        type="checkbox"
        className={tick}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
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

/** What is chosen, as removable chips under the picker's legend ('Your products chosen'). */
function ChosenChips({ legend, chips, onRemove }: { legend: string; chips: Choice[]; onRemove: (id: string) => void }) {
  if (chips.length === 0) return null;
  return (
    <ul aria-label={`${legend} chosen`} className="mt-1 flex flex-wrap gap-2">
      {chips.map((c) => (
        <li key={c.id} className={chipClass}>
          <span className="break-all">{c.label}</span>
          <button type="button" onClick={() => onRemove(c.id)} aria-label={`Remove ${c.label}`} className={chipButton}>
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A search box's text, and the search run on it once typing pauses (2 characters at least). */
function useSearch<C extends Choice>(
  workspace: PromotionWorkspace,
  kind: 'shops' | 'products',
  search: (q: string) => Promise<C[]>,
) {
  const { text, setText, q } = useSearchText();
  const found = useQuery({
    queryKey: [...workspace.scopeKey, kind, q],
    queryFn: () => search(q),
    enabled: q.length >= 2,
  });
  return { text, setText, q, found };
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
  const { text, setText, q, found } = useSearch<Choice>(workspace, kind, workspace.pickers[kind].search);
  const searchId = useId();
  const errorId = useId();
  const { legend, searchLabel } = workspace.pickers[kind];
  const toggle = (c: Choice, on: boolean) =>
    onChange(on ? [...chosen, c.id] : chosen.filter((id) => id !== c.id), { ...known, [c.id]: c.label });
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <RequiredLegend>{legend}</RequiredLegend>
      <ChosenChips
        legend={legend}
        chips={chosen.map((id) => ({ id, label: known[id] ?? 'Chosen earlier' }))}
        onRemove={(id) =>
          onChange(
            chosen.filter((c) => c !== id),
            known,
          )
        }
      />
      <SearchField id={searchId} label={searchLabel} value={text} onChange={setText} />
      <SearchResults found={found} q={q}>
        {(items) => (
          <div className="grid max-h-56 gap-1 overflow-y-auto">
            {items.map((c) => (
              <TickRow key={c.id} label={c.label} checked={chosen.includes(c.id)} onChange={(on) => toggle(c, on)} />
            ))}
          </div>
        )}
      </SearchResults>
      <GroupError id={errorId} error={error} />
    </fieldset>
  );
}

/** What a products scope names: whole products (all their variants) and single variants (sizes and colours). */
export type ProductScope = { productIds: readonly string[]; variantIds: readonly string[] };

/**
 * A product ticked or unticked. Ticked, it covers all its variants (docs/promotions.md, Scope): those
 * of its variants chosen one by one are dropped, its tick holds them.
 */
export function tickProduct(
  scope: ProductScope,
  productId: string,
  variants: readonly Choice[],
  on: boolean,
): { productIds: string[]; variantIds: string[] } {
  const own = new Set(variants.map((v) => v.id));
  return on
    ? {
        productIds: scope.productIds.includes(productId) ? [...scope.productIds] : [...scope.productIds, productId],
        variantIds: scope.variantIds.filter((id) => !own.has(id)),
      }
    : { productIds: scope.productIds.filter((id) => id !== productId), variantIds: [...scope.variantIds] };
}

/** A single variant ticked or unticked: only it is covered, not its product's other variants. */
export function tickVariant(
  scope: ProductScope,
  variantId: string,
  on: boolean,
): { productIds: string[]; variantIds: string[] } {
  const others = scope.variantIds.filter((id) => id !== variantId);
  return { productIds: [...scope.productIds], variantIds: on ? [...others, variantId] : others };
}

/** A variant's chip and label elsewhere: '<product> · <variant>', 'Festive kurta · Red / M'. */
export const variantChipLabel = (product: Pick<ProductChoice, 'name'>, variant: Choice) =>
  `${product.name} · ${variant.label}`;

const disclosureButton =
  'inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-medium text-violet-800 ' +
  'hover:bg-violet-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600';

/**
 * One product found: its tick and, when it has variants, a disclosure that shows a tick per variant.
 * Opened at first when one of its variants is chosen (an edited promotion); the names of the product
 * and variants chosen earlier are then told (`onNames`) for their chips.
 */
export function ProductResult({
  product,
  scope,
  onChange,
  onNames,
  known = {},
  defaultOpen,
}: {
  product: ProductChoice;
  scope: ProductScope;
  onChange: (scope: { productIds: string[]; variantIds: string[] }, labels: Record<string, string>) => void;
  onNames?: (labels: Record<string, string>) => void;
  known?: Record<string, string>;
  defaultOpen?: boolean;
}) {
  const variants = product.variants;
  const [open, setOpen] = useState(defaultOpen ?? variants.some((v) => scope.variantIds.includes(v.id)));
  const groupId = useId();
  const productTicked = scope.productIds.includes(product.id);
  // Chosen earlier (an edited promotion) and named only now that they are found.
  const unnamed: Record<string, string> = {};
  if (productTicked && !known[product.id]) unnamed[product.id] = product.label;
  for (const v of variants)
    if (scope.variantIds.includes(v.id) && !known[v.id]) unnamed[v.id] = variantChipLabel(product, v);
  const unnamedKey = Object.keys(unnamed).join(',');
  useEffect(() => {
    if (unnamedKey && onNames) onNames(unnamed);
    // Told once per set of names missing; `unnamed` is rebuilt on every render from the same facts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unnamedKey]);
  const groupName = `Variants of ${product.name}`;
  return (
    <li className="min-w-0">
      <div className="flex min-w-0 items-center gap-1">
        <TickRow
          className="min-w-0 flex-1"
          label={product.label}
          checked={productTicked}
          onChange={(on) => onChange(tickProduct(scope, product.id, variants, on), { [product.id]: product.label })}
        />
        {variants.length > 0 && (
          <button
            type="button"
            className={disclosureButton}
            aria-expanded={open}
            aria-controls={open ? groupId : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            Variants
            <span aria-hidden="true">({variants.length})</span>
            <span className="sr-only"> of {product.name}</span>
            <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
          </button>
        )}
      </div>
      {open && variants.length > 0 && (
        <div id={groupId} role="group" aria-label={groupName} className="ml-4 border-l-2 border-violet-100 pl-2">
          {productTicked && (
            <p className="pt-1 text-xs text-slate-600">The product&apos;s tick covers all its variants.</p>
          )}
          <div className="grid gap-1 sm:grid-cols-2">
            {variants.map((v) => (
              <TickRow
                key={v.id}
                label={v.label}
                checked={productTicked || scope.variantIds.includes(v.id)}
                disabled={productTicked}
                onChange={(on) => onChange(tickVariant(scope, v.id, on), { [v.id]: variantChipLabel(product, v) })}
              />
            ))}
          </div>
        </div>
      )}
    </li>
  );
}

/**
 * The products scope's picker: the chosen products and variants as chips (removable), then a search
 * whose results are ticks, each product with its variants behind a disclosure. Ticking a product covers
 * all its variants; ticking some of its variants covers only those (sent as `variantIds`). Names of
 * choices made earlier (an edited promotion) come from `known`.
 */
export function ProductPicker({
  workspace = adminPromotions,
  scope,
  known,
  onChange,
  onNames,
  error,
}: {
  workspace?: PromotionWorkspace;
  scope: ProductScope;
  known: Record<string, string>;
  onChange: (scope: { productIds: string[]; variantIds: string[] }, labels: Record<string, string>) => void;
  /** Names of choices made earlier, found again in a search (their chips then read them). */
  onNames?: (labels: Record<string, string>) => void;
  error?: string;
}) {
  const { legend, searchLabel, search } = workspace.pickers.products;
  const { text, setText, q, found } = useSearch<ProductChoice>(workspace, 'products', search);
  const searchId = useId();
  const errorId = useId();
  const change = (next: { productIds: string[]; variantIds: string[] }, labels: Record<string, string>) =>
    onChange(next, { ...known, ...labels });
  const chips = [
    ...scope.productIds.map((id) => ({ id, label: known[id] ?? 'Chosen earlier' })),
    ...scope.variantIds.map((id) => ({ id, label: known[id] ?? 'A variant chosen earlier' })),
  ];
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <RequiredLegend>{legend}</RequiredLegend>
      <ChosenChips
        legend={legend}
        chips={chips}
        onRemove={(id) =>
          change(scope.productIds.includes(id) ? tickProduct(scope, id, [], false) : tickVariant(scope, id, false), {})
        }
      />
      <SearchField id={searchId} label={searchLabel} value={text} onChange={setText} />
      <p className="mt-1 text-xs text-slate-500">
        A product ticked covers all its sizes and colours; open its variants to choose only some.
      </p>
      <SearchResults found={found} q={q}>
        {(items) => (
          <ul aria-label={`${legend} found`} className="grid max-h-72 gap-1 overflow-y-auto">
            {items.map((p) => (
              <ProductResult key={p.id} product={p} scope={scope} known={known} onChange={change} onNames={onNames} />
            ))}
          </ul>
        )}
      </SearchResults>
      <GroupError id={errorId} error={error} />
    </fieldset>
  );
}
