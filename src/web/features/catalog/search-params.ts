import type { Category } from '../../../contracts/catalog.contract';
import { PRICE_RANGE_MAX, PRICE_RANGE_MIN, type ProductSort, type ProductView } from '../../../contracts/catalog.constants';
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
