import type { Category } from '../../../contracts/catalog.contract';
import { PRICE_RANGE_MAX, PRICE_RANGE_MIN, productSorts, productViews, RATING_FILTER, SEARCH_TEXT_MAX, type ProductSort, type ProductView } from '../../../contracts/catalog.constants';
import { toQuery } from '../../api/client';

/** Everything a search page shows, as its URL holds it: shareable and reloadable. */
export type SearchState = {
  q: string;
  category: string;
  minPrice: number;
  maxPrice: number;
  minRating: number;
  sort: ProductSort;
  view: ProductView;
  page: number;
};

export const SEARCH_PAGE_SIZE = 20;

export const defaultSearch: SearchState = {
  q: '',
  category: '',
  minPrice: PRICE_RANGE_MIN,
  maxPrice: PRICE_RANGE_MAX,
  minRating: 0,
  sort: 'relevance',
  view: 'grid',
  page: 1,
};

// Reading a search from its URL, without zod: the search page is a first page people land on, and zod
// alone is 24 KB of its download. The rules are the contract's (productSearchQuerySchema): text
// trimmed and at most 100 characters, prices within ₹0 to ₹50,000, a rating from 0 to 5, a known sort
// and view, a whole page from 1. search-params.test.ts checks every field against the schema itself.

function text(raw: string | null): string | undefined {
  const v = raw?.trim();
  return v && v.length <= SEARCH_TEXT_MAX ? v : undefined;
}

function number(raw: string | null, min: number, max: number, whole = false): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= min && n <= max && (!whole || Number.isInteger(n)) ? n : undefined;
}

function oneOf<T extends string>(raw: string | null, values: readonly T[]): T | undefined {
  return values.find((v) => v === raw);
}

/** Reads a search from the URL; a value that does not make sense falls back to its default instead of failing the page. */
export function parseSearch(params: URLSearchParams): SearchState {
  const s: SearchState = {
    q: text(params.get('q')) ?? defaultSearch.q,
    category: text(params.get('category')) ?? defaultSearch.category,
    minPrice: number(params.get('minPrice'), PRICE_RANGE_MIN, PRICE_RANGE_MAX) ?? defaultSearch.minPrice,
    maxPrice: number(params.get('maxPrice'), PRICE_RANGE_MIN, PRICE_RANGE_MAX) ?? defaultSearch.maxPrice,
    minRating: number(params.get('minRating'), RATING_FILTER.min, RATING_FILTER.max) ?? defaultSearch.minRating,
    sort: oneOf(params.get('sort'), productSorts) ?? defaultSearch.sort,
    view: oneOf(params.get('view'), productViews) ?? defaultSearch.view,
    page: number(params.get('page'), 1, Number.MAX_SAFE_INTEGER, true) ?? defaultSearch.page,
  };
  if (s.minPrice > s.maxPrice) [s.minPrice, s.maxPrice] = [s.maxPrice, s.minPrice];
  return s;
}

/** The URL query of a search: only what differs from the defaults, in a stable order. */
export function toSearchParams(s: SearchState): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of Object.keys(defaultSearch) as (keyof SearchState)[]) {
    const v = s[key];
    if (v !== defaultSearch[key] && v !== '') out.set(key, String(v));
  }
  return out;
}

/** The `GET /api/products` query string of a search (the view is only for the page). */
export function toApiQuery(s: SearchState): string {
  return toQuery({
    q: s.q || undefined,
    category: s.category || undefined,
    minPrice: s.minPrice !== PRICE_RANGE_MIN ? s.minPrice : undefined,
    maxPrice: s.maxPrice !== PRICE_RANGE_MAX ? s.maxPrice : undefined,
    minRating: s.minRating > 0 ? s.minRating : undefined,
    sort: s.sort !== 'relevance' ? s.sort : undefined,
    page: s.page > 1 ? s.page : undefined,
    pageSize: SEARCH_PAGE_SIZE,
  });
}

/** The category a URL value names: by id, name or slug, ignoring case. */
export function findCategory(categories: Category[] | undefined, value: string): Category | undefined {
  if (!value || !categories) return undefined;
  const v = value.toLowerCase();
  return categories.find((c) => c.id === value || c.name.toLowerCase() === v || c.slug === v);
}

/** How many filters (category, price, rating) narrow the search. */
export function activeFilterCount(s: SearchState): number {
  return [s.category !== '', s.minPrice !== PRICE_RANGE_MIN || s.maxPrice !== PRICE_RANGE_MAX, s.minRating > 0].filter(Boolean).length;
}
