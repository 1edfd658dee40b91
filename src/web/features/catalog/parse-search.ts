import { productSearchQuerySchema } from '../../../contracts/catalog.contract';
import { defaultSearch, type SearchState } from './search-params';

// Apart from search-params.ts: reading a URL takes the contract's zod schema, which only the search
// page needs (the home page and the layout build queries without it).

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
