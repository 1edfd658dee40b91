import {
  PRICE_RANGE_MAX,
  PRICE_RANGE_MIN,
  productSearchQuerySchema,
  type Category,
  type ProductSort,
  type ProductView,
} from '../../../contracts/catalog.contract';
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

const shape = productSearchQuerySchema.shape;

function field<K extends keyof SearchState>(params: URLSearchParams, key: K, parse: (v: string) => { success: boolean; data?: unknown }): SearchState[K] {
  const raw = params.get(key);
  if (raw === null) return defaultSearch[key];
  const r = parse(raw);
  return (r.success && r.data !== undefined ? r.data : defaultSearch[key]) as SearchState[K];
}

/** Reads a search from the URL; a value that does not make sense falls back to its default instead of failing the page. */
export function parseSearch(params: URLSearchParams): SearchState {
  const s: SearchState = {
    q: field(params, 'q', (v) => shape.q.safeParse(v)),
    category: field(params, 'category', (v) => shape.category.safeParse(v)),
    minPrice: field(params, 'minPrice', (v) => shape.minPrice.safeParse(v)),
    maxPrice: field(params, 'maxPrice', (v) => shape.maxPrice.safeParse(v)),
    minRating: field(params, 'minRating', (v) => shape.minRating.safeParse(v)),
    sort: field(params, 'sort', (v) => shape.sort.safeParse(v)),
    view: field(params, 'view', (v) => shape.view.safeParse(v)),
    page: field(params, 'page', (v) => shape.page.safeParse(v)),
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
