import { normaliseOption, optionKey } from './variants';

// The storefront's filter by option values (Size M, Colour Indigo): how a choice is written in a URL
// (`option=size:m`, repeatable), how choices combine, and the order values are offered in. Used by
// the search contract, the server's query and the search page alike.

/** The most option values one search may filter by. */
export const MAX_OPTION_FILTERS = 8;
/** The longest option name or value a filter may name (a vendor's values are short: 'UK 7', 'Indigo'). */
export const OPTION_FILTER_PART_MAX = 40;
export const optionFilterMessages = {
  shape: 'An option filter is a name and a value separated by a colon, such as size:m',
  tooMany: `At most ${MAX_OPTION_FILTERS} option values can be chosen at once`,
} as const;

export type OptionFilter = { name: string; value: string };

/** 'Size:M ' → { name: 'size', value: 'm' }; null when either side is missing or too long. */
export function parseOptionFilter(raw: string): OptionFilter | null {
  const at = raw.indexOf(':');
  if (at < 0) return null;
  const name = normaliseOption(raw.slice(0, at));
  const value = normaliseOption(raw.slice(at + 1));
  if (!name || !value || name.length > OPTION_FILTER_PART_MAX || value.length > OPTION_FILTER_PART_MAX) return null;
  return { name, value };
}

/** The URL form of one option value: 'size:m'. */
export const optionFilterParam = (name: string, value: string): string =>
  `${normaliseOption(name)}:${normaliseOption(value)}`;

/**
 * The keys a product's variant must carry, grouped by option: values of one option are alternatives
 * (Size M or L), different options must all hold on the same variant (Size M in Indigo). Written as
 * variants' option keys ('size=m'), without repeats, in a stable order.
 */
export function optionKeyGroups(filters: readonly string[]): string[][] {
  const groups = new Map<string, Set<string>>();
  for (const raw of filters) {
    const f = parseOptionFilter(raw);
    if (!f) continue;
    const group = groups.get(f.name) ?? new Set<string>();
    group.add(optionKey(f.name, f.value));
    groups.set(f.name, group);
  }
  return [...groups.keys()].sort().map((name) => [...groups.get(name)!].sort());
}

/** The usual order of garment sizes, so that S comes before M and XL after L. */
const SIZE_ORDER = ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', '2xl', 'xxxl', '3xl', '4xl', '5xl', 'free size'];

/** A value's number when it has one ('UK 7' → 7, '32' → 32), for ordering shoe and waist sizes. */
function numberIn(value: string): number | null {
  const m = /(\d+(?:\.\d+)?)/.exec(value);
  return m ? Number(m[1]) : null;
}

/** Orders option values as a shopper expects: garment sizes by size, numbered sizes by number, others alphabetically. */
export function compareOptionValues(a: string, b: string): number {
  const [x, y] = [normaliseOption(a), normaliseOption(b)];
  const [i, j] = [SIZE_ORDER.indexOf(x), SIZE_ORDER.indexOf(y)];
  if (i >= 0 || j >= 0) return (i < 0 ? SIZE_ORDER.length : i) - (j < 0 ? SIZE_ORDER.length : j) || x.localeCompare(y);
  const [m, n] = [numberIn(x), numberIn(y)];
  if (m !== null && n !== null && m !== n) return m - n;
  return x.localeCompare(y, 'en', { numeric: true });
}
