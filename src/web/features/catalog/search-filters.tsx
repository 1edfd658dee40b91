import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { Category, ProductOptionFacets } from '../../../contracts/catalog.contract';
import { PRICE_RANGE_MAX, PRICE_RANGE_MIN } from '../../../contracts/catalog.constants';
import { formatRupees, toPaise } from '../../../domain/money';
import { Button } from '../../ui/Button';
import { Input, Select } from '../../ui/Field';
import { OptionFilterChips } from './option-filter-chips';
import { findCategory, toggleOption, type SearchState } from './search-params';

const RATINGS = [4, 3, 2, 1] as const;

type FiltersProps = {
  state: SearchState;
  categories: Category[] | undefined;
  /** The option values on offer for the search (GET /api/products/options). */
  facets: { data: ProductOptionFacets | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  onChange: (patch: Partial<SearchState>) => void;
  onClear: () => void;
};

/** The category, option values (sizes, colours), price range and rating filters of the search page. */
export function SearchFilters({ state, categories, facets, onChange, onClear }: FiltersProps) {
  const selected = findCategory(categories, state.category);
  return (
    <div className="space-y-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <Select
        label="Category"
        value={selected?.name ?? state.category}
        onChange={(e) => onChange({ category: e.target.value })}
        disabled={!categories}
      >
        <option value="">All categories</option>
        {state.category && !selected && categories && <option value={state.category}>{state.category}</option>}
        {(categories ?? []).map((c) => (
          <option key={c.id} value={c.name}>
            {c.name}
          </option>
        ))}
      </Select>

      <OptionFilterChips
        facets={facets}
        chosen={state.option}
        onToggle={(param) => onChange({ option: toggleOption(state.option, param) })}
      />

      {/* Remounts when the URL's range changes, so the fields always start from it. */}
      <PriceRange
        key={`${state.minPrice}-${state.maxPrice}`}
        min={state.minPrice}
        max={state.maxPrice}
        onApply={(minPrice, maxPrice) => onChange({ minPrice, maxPrice })}
      />

      {/* Uncontrolled, so a click checks at once; remounts when the URL's rating changes. */}
      <fieldset key={state.minRating}>
        <legend className="text-sm font-medium text-slate-700">Customer rating</legend>
        <div className="mt-2 space-y-1">
          {[0, ...RATINGS].map((r) => (
            <label
              key={r}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
            >
              <input
                type="radio"
                name="minRating"
                value={r}
                defaultChecked={state.minRating === r}
                onChange={() => onChange({ minRating: r })}
                className="h-4 w-4 accent-violet-700"
              />
              {r === 0 ? (
                'Any rating'
              ) : (
                <>
                  <span className="inline-flex items-center gap-1" aria-hidden="true">
                    {r}
                    <Star className="h-4 w-4 text-amber-500" fill="currentColor" strokeWidth={0} />
                    &amp; up
                  </span>
                  <span className="sr-only">{r === 1 ? '1 star & up' : `${r} stars & up`}</span>
                </>
              )}
            </label>
          ))}
        </div>
      </fieldset>

      <Button variant="secondary" className="w-full" onClick={onClear}>
        Clear filters
      </Button>
    </div>
  );
}

/** 'Enter an amount from ₹0 to ₹50,000': the contract's price range. */
const outOfRange = `Enter an amount from ${formatRupees(toPaise(PRICE_RANGE_MIN))} to ${formatRupees(toPaise(PRICE_RANGE_MAX))}`;

function PriceRange({ min, max, onApply }: { min: number; max: number; onApply: (min: number, max: number) => void }) {
  const [lo, setLo] = useState(String(min));
  const [hi, setHi] = useState(String(max));
  const [errors, setErrors] = useState<{ lo?: string; hi?: string }>({});
  const legendId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const a = lo.trim() === '' ? PRICE_RANGE_MIN : Number(lo);
    const b = hi.trim() === '' ? PRICE_RANGE_MAX : Number(hi);
    const inRange = (n: number) => Number.isFinite(n) && n >= PRICE_RANGE_MIN && n <= PRICE_RANGE_MAX;
    const next = {
      lo: inRange(a) ? undefined : outOfRange,
      hi: !inRange(b) ? outOfRange : inRange(a) && a > b ? 'The maximum must be at least the minimum' : undefined,
    };
    setErrors(next);
    if (!next.lo && !next.hi) onApply(a, b);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={legendId}>
      <p id={legendId} className="text-sm font-medium text-slate-700">
        Price range
      </p>
      <div className="mt-2 grid grid-cols-2 gap-2">
        <Input
          label="Min price (₹)"
          type="number"
          inputMode="numeric"
          min={PRICE_RANGE_MIN}
          max={PRICE_RANGE_MAX}
          value={lo}
          onChange={(e) => setLo(e.target.value)}
          error={errors.lo}
        />
        <Input
          label="Max price (₹)"
          type="number"
          inputMode="numeric"
          min={PRICE_RANGE_MIN}
          max={PRICE_RANGE_MAX}
          value={hi}
          onChange={(e) => setHi(e.target.value)}
          error={errors.hi}
        />
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {formatRupees(toPaise(PRICE_RANGE_MAX))} as the maximum includes everything above it.
      </p>
      <Button type="submit" variant="secondary" size="sm" className="mt-2 w-full">
        Apply price
      </Button>
    </form>
  );
}
