import { LayoutGrid, List, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  BROWSABLE_RESULTS,
  catalogMessages,
  PRICE_RANGE_MAX,
  PRICE_RANGE_MIN,
  productSortLabels,
  productSorts,
  type ProductSort,
  type ProductView,
} from '../../../contracts/catalog.constants';
import { formatRupees, toPaise } from '../../../domain/money';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Select } from '../../ui/Field';
import { useTitle } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { ProductCard, ProductCardSkeleton, type CardActionFor } from '../../ui/ProductCard';
import { EmptyState, ErrorState, LoadingRegion } from '../../ui/States';
import { useCategories } from '../../api/catalog';
import { useOptionFacets, useProducts } from './catalog-api';
import { browsableTotal, productCount } from './product-count';
import { SearchFilters } from './search-filters';
import {
  activeFilterCount,
  defaultSearch,
  findCategory,
  optionLabel,
  parseSearch,
  SEARCH_PAGE_SIZE,
  toSearchParams,
  type SearchState,
} from './search-params';

const rupees = (n: number) => formatRupees(toPaise(n));

/** /search: products matching the URL's query, filters, sort, view and page. */
export function SearchPage({ addToCartAction }: { addToCartAction: CardActionFor }) {
  const [params, setParams] = useSearchParams();
  const state = parseSearch(params);
  const categories = useCategories();
  const products = useProducts(state);
  const facets = useOptionFacets(state);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const categoryName = findCategory(categories.data, state.category)?.name ?? state.category;
  const title = state.q ? `Results for “${state.q}”` : categoryName || 'All Products';
  useTitle(state.q ? `${state.q} - Search` : title);

  const go = (next: SearchState) => setParams(toSearchParams(next));
  // Any change of what is searched starts again at page 1.
  const change = (patch: Partial<SearchState>) => go({ ...state, page: 1, ...patch });
  const clearAll = () => go({ ...defaultSearch, sort: state.sort, view: state.view });
  const toPage = (page: number) => {
    go({ ...state, page });
    window.scrollTo({ top: 0 });
  };

  const filters = activeFilterCount(state);
  const chips: { label: string; spoken?: string; clear: Partial<SearchState> }[] = [];
  if (state.q) chips.push({ label: `“${state.q}”`, clear: { q: '' } });
  if (state.category) chips.push({ label: categoryName, clear: { category: '' } });
  if (state.minPrice !== PRICE_RANGE_MIN || state.maxPrice !== PRICE_RANGE_MAX) {
    chips.push({
      label:
        state.maxPrice === PRICE_RANGE_MAX
          ? `${rupees(state.minPrice)} and above`
          : `${rupees(state.minPrice)} – ${rupees(state.maxPrice)}`,
      clear: { minPrice: PRICE_RANGE_MIN, maxPrice: PRICE_RANGE_MAX },
    });
  }
  if (state.minRating > 0)
    chips.push({ label: `${state.minRating}★ & up`, spoken: `${state.minRating} stars & up`, clear: { minRating: 0 } });
  for (const param of state.option)
    chips.push({
      label: optionLabel(param, facets.data?.options),
      clear: { option: state.option.filter((o) => o !== param) },
    });

  const data = products.data;
  const total = data?.total ?? 0;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-slate-600" aria-live="polite">
        {data ? `${productCount(data)} found` : products.isPending ? 'Searching…' : '\u00a0'}
      </p>

      <div className="mt-5 gap-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside aria-labelledby="filters-heading" className="mb-4 lg:mb-0">
          <h2 id="filters-heading" className="sr-only">
            Filters
          </h2>
          <Button
            variant="secondary"
            className="w-full lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls="search-filters"
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
            {filtersOpen ? 'Hide filters' : 'Show filters'}
            {filters > 0 && (
              <span className="rounded-full bg-violet-700 px-2 py-0.5 text-xs text-white">{filters}</span>
            )}
          </Button>
          <div id="search-filters" className={cn('mt-3 lg:mt-0 lg:block', filtersOpen ? 'block' : 'hidden')}>
            <SearchFilters
              state={state}
              categories={categories.data}
              facets={facets}
              onChange={change}
              onClear={clearAll}
            />
          </div>
        </aside>

        <section aria-labelledby="results-heading" className="min-w-0">
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <div className="flex items-end justify-between gap-3">
            <div className="min-w-0 flex-1 sm:max-w-60">
              <Select
                label="Sort by"
                value={state.sort}
                onChange={(e) => change({ sort: e.target.value as ProductSort })}
              >
                {productSorts.map((s) => (
                  <option key={s} value={s}>
                    {productSortLabels[s]}
                  </option>
                ))}
              </Select>
            </div>
            <ViewToggle view={state.view} onChange={(view) => go({ ...state, view })} />
          </div>

          {chips.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Active filters">
              {chips.map((c) => (
                <li key={c.label}>
                  <button
                    type="button"
                    onClick={() => change(c.clear)}
                    className="inline-flex items-center gap-1 rounded-full border border-violet-200 bg-violet-50 px-3 py-1 text-sm text-violet-900 hover:bg-violet-100"
                  >
                    <span aria-hidden={c.spoken ? true : undefined}>{c.label}</span>
                    {c.spoken && <span className="sr-only">{c.spoken}</span>}
                    <X className="h-3.5 w-3.5" aria-hidden="true" />
                    <span className="sr-only">(remove filter)</span>
                  </button>
                </li>
              ))}
            </ul>
          )}

          <div className="mt-4">
            {products.isPending ? (
              <LoadingRegion label="Loading products">
                <Results view={state.view}>
                  {Array.from({ length: 8 }, (_, i) => (
                    <li key={i}>
                      <ProductCardSkeleton layout={state.view} />
                    </li>
                  ))}
                </Results>
              </LoadingRegion>
            ) : products.isError ? (
              <ErrorState message={products.error.message} onRetry={() => products.refetch()} />
            ) : data && data.items.length === 0 ? (
              <EmptyState
                title="No products found"
                icon={<SearchX className="h-10 w-10 text-slate-400" aria-hidden="true" />}
                action={
                  chips.length > 0 || state.page > 1 ? <Button onClick={clearAll}>Clear filters</Button> : undefined
                }
              >
                {state.page > 1 && total > 0
                  ? 'This page is past the last result.'
                  : 'Try another spelling, a wider price range, another size or fewer filters.'}
              </EmptyState>
            ) : data ? (
              <div
                aria-busy={products.isPlaceholderData}
                className={cn('transition-opacity', products.isPlaceholderData && 'opacity-60')}
              >
                <Results view={state.view}>
                  {data.items.map((p, i) => (
                    <li key={p.id}>
                      <ProductCard product={p} layout={state.view} eager={i < 4} action={addToCartAction(p)} />
                    </li>
                  ))}
                </Results>
                <Pagination
                  page={state.page}
                  pageSize={SEARCH_PAGE_SIZE}
                  total={browsableTotal(total)}
                  onPage={toPage}
                />
                {data.totalEstimated && state.page * SEARCH_PAGE_SIZE >= BROWSABLE_RESULTS ? (
                  <p className="mt-3 text-center text-sm text-slate-600">{catalogMessages.pastBrowsable}</p>
                ) : null}
              </div>
            ) : null}
          </div>
        </section>
      </div>
    </div>
  );
}

function Results({ view, children }: { view: ProductView; children: ReactNode }) {
  return (
    <ul
      className={
        view === 'grid' ? 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4' : 'flex flex-col gap-3'
      }
    >
      {children}
    </ul>
  );
}

function ViewToggle({ view, onChange }: { view: ProductView; onChange: (v: ProductView) => void }) {
  const options = [
    { v: 'grid' as const, label: 'Grid view', Icon: LayoutGrid },
    { v: 'list' as const, label: 'List view', Icon: List },
  ];
  return (
    <div
      role="group"
      aria-label="Show results as"
      className="inline-flex overflow-hidden rounded-lg border border-slate-300 bg-white"
    >
      {options.map(({ v, label, Icon }) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          aria-label={label}
          title={label}
          onClick={() => onChange(v)}
          className={cn(
            'flex h-10 w-10 items-center justify-center',
            view === v ? 'bg-violet-700 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          <Icon className="h-5 w-5" aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
