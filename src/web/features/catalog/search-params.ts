import type { Category } from '../../../contracts/catalog.contract';
import {
  PRICE_RANGE_MAX,
  PRICE_RANGE_MIN,
  productSorts,
  productViews,
  RATING_FILTER,
  SEARCH_TEXT_MAX,
  type ProductSort,
  type ProductView,
} from '../../../contracts/catalog.constants';
import {
  compareOptionValues,
  MAX_OPTION_FILTERS,
  optionFilterParam,
  parseOptionFilter,
} from '../../../domain/option-filters';
import { normaliseOption } from '../../../domain/variants';
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
  /** Chosen option values as the URL writes them ('size:m'), each `option=` once. */
  option: string[];
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
  option: [],
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

/** The option values of a URL, written one way ('Size: M' is 'size:m'), without repeats; one that makes no sense is left out. */
function options(raw: string[]): string[] {
  const params = raw.map(parseOptionFilter).flatMap((f) => (f ? [optionFilterParam(f.name, f.value)] : []));
  return [...new Set(params)].slice(0, MAX_OPTION_FILTERS);
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
    option: options(params.getAll('option')),
  };
  if (s.minPrice > s.maxPrice) [s.minPrice, s.maxPrice] = [s.maxPrice, s.minPrice];
  return s;
}

/** The URL query of a search: only what differs from the defaults, in a stable order. */
export function toSearchParams(s: SearchState): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of Object.keys(defaultSearch) as (keyof SearchState)[]) {
    const v = s[key];
    if (Array.isArray(v)) for (const item of v) out.append(key, item);
    else if (v !== defaultSearch[key] && v !== '') out.set(key, String(v));
  }
  return out;
}

/** What a search matches apart from its option values: text, category, price range and rating (left out at their defaults). */
function matchParams(s: SearchState) {
  return {
    q: s.q || undefined,
    category: s.category || undefined,
    minPrice: s.minPrice !== PRICE_RANGE_MIN ? s.minPrice : undefined,
    maxPrice: s.maxPrice !== PRICE_RANGE_MAX ? s.maxPrice : undefined,
    minRating: s.minRating > 0 ? s.minRating : undefined,
  };
}

/** The `GET /api/products` query string of a search (the view is only for the page). */
export function toApiQuery(s: SearchState): string {
  return (
    toQuery({
      ...matchParams(s),
      sort: s.sort !== 'relevance' ? s.sort : undefined,
      page: s.page > 1 ? s.page : undefined,
      pageSize: SEARCH_PAGE_SIZE,
    }) + withOptions(s.option)
  );
}

/** `&option=size%3Am&...` after a query string (or `?option=...` after none). */
function withOptions(option: string[]): string {
  if (option.length === 0) return '';
  const q = new URLSearchParams();
  for (const o of option) q.append('option', o);
  return `&${q.toString()}`;
}

/**
 * The `GET /api/products/options` query string of a search: what it matches apart from its option
 * values (the chips stay on offer while some are chosen), its sort and its page.
 */
export function toOptionsQuery(s: SearchState): string {
  return toQuery(matchParams(s));
}

/** The options with one value chosen, or no longer chosen: the chip was pressed. */
export function toggleOption(option: string[], param: string): string[] {
  return option.includes(param) ? option.filter((o) => o !== param) : [...option, param].slice(0, MAX_OPTION_FILTERS);
}

type OfferedOption = { name: string; values: { value: string; param: string }[] };

/**
 * The option chips to show: those on offer, and any chosen value that is not (from a shared link, or
 * sold out since), in its option's group, so that it can be unchosen where it was chosen.
 */
export function optionGroups(offered: OfferedOption[] | undefined, chosen: string[]): OfferedOption[] {
  const groups = (offered ?? []).map((o) => ({ name: o.name, values: [...o.values] }));
  for (const param of chosen) {
    if (groups.some((g) => g.values.some((v) => v.param === param))) continue;
    const f = parseOptionFilter(param);
    if (!f) continue;
    const [name, value] = optionLabel(param, undefined).split(': ');
    let group = groups.find((g) => normaliseOption(g.name) === f.name);
    if (!group) groups.push((group = { name, values: [] }));
    group.values = [...group.values, { value, param }].sort((a, b) => compareOptionValues(a.value, b.value));
  }
  return groups;
}

/**
 * 'Size: M' for a chosen 'size:m', in the spelling the option chips show (`offered`), or else as the
 * URL has it with a capital letter ('Size: m').
 */
export function optionLabel(
  param: string,
  offered: { name: string; values: { value: string; param: string }[] }[] | undefined,
): string {
  for (const o of offered ?? []) {
    const v = o.values.find((x) => x.param === param);
    if (v) return `${o.name}: ${v.value}`;
  }
  const f = parseOptionFilter(param);
  if (!f) return param;
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  // Short values are sizes ('m' → 'M'); longer ones are words ('indigo' → 'Indigo').
  return `${capital(f.name)}: ${f.value.length <= 3 ? f.value.toUpperCase() : capital(f.value)}`;
}

/** The category a URL value names: by id, name or slug, ignoring case. */
export function findCategory(categories: Category[] | undefined, value: string): Category | undefined {
  if (!value || !categories) return undefined;
  const v = value.toLowerCase();
  return categories.find((c) => c.id === value || c.name.toLowerCase() === v || c.slug === v);
}

/** How many filters (category, price, rating, each chosen option value) narrow the search. */
export function activeFilterCount(s: SearchState): number {
  return (
    [s.category !== '', s.minPrice !== PRICE_RANGE_MIN || s.maxPrice !== PRICE_RANGE_MAX, s.minRating > 0].filter(
      Boolean,
    ).length + s.option.length
  );
}
