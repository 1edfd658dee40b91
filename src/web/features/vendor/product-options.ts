import { SKU_PATTERN, type ProductVariantInput } from '../../../contracts/vendor-products.contract';
import { combinationKey, MAX_PRODUCT_VARIANTS, normaliseOption } from '../../../domain/variants';

// The vendor form's options and combinations, without React: the rows the options make (keeping what
// was typed for combinations that remain), SKU suggestions, and the words for counts of values.

export type OptionDraft = { name: string; values: string[] };

/** A combination's values as the row shows them; option 2 is null while the product has one option (or option 2 has no values yet). */
const valuesOf = (v: ProductVariantInput) => ({ option1Value: v.option1Value, option2Value: v.option2Value ?? null });

/** The key of a row, the same whatever the case of its values. */
export const rowKey = (v: ProductVariantInput): string => combinationKey(valuesOf(v));

/**
 * One row per combination of the options' values, in the order of the values; a combination that
 * was there keeps its SKU, stock and prices (its values take the new spelling), a new one starts empty.
 */
export function combinationRows(options: OptionDraft[], previous: ProductVariantInput[]): ProductVariantInput[] {
  const [o1, o2] = options;
  if (!o1 || o1.values.length === 0) return [];
  const second = o2 && o2.values.length > 0 ? o2.values : [null];
  if (o1.values.length * second.length > MAX_PRODUCT_VARIANTS) return previous;
  const before = new Map(previous.map((v) => [rowKey(v), v]));
  return o1.values.flatMap((option1Value) =>
    second.map((option2Value) => {
      const kept = before.get(combinationKey({ option1Value, option2Value }));
      return kept
        ? { ...kept, option1Value, option2Value }
        : { option1Value, option2Value, sku: '', stockQuantity: '0', price: '', originalPrice: '' };
    }),
  );
}

/** Splits typed text into values ('S, M,L' -> S, M, L), leaving out blanks and those already there (without case). */
export function newValues(text: string, existing: string[]): string[] {
  const seen = new Set(existing.map(normaliseOption));
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const value = raw.trim().replace(/\s+/g, ' ');
    if (!value || seen.has(normaliseOption(value))) continue;
    seen.add(normaliseOption(value));
    out.push(value);
  }
  return out;
}

const skuPart = (s: string) =>
  s
    .toUpperCase()
    .replace(/\s+/g, '-')
    .replace(/[^A-Z0-9._/-]/g, '');

/**
 * SKUs for the rows without one, from the product's name and the values: 'Handloom Cotton Kurta',
 * M, Indigo -> 'HCK-M-INDIGO' (a number added when one is taken). Rows with a SKU keep it.
 */
export function suggestSkus(productName: string, rows: ProductVariantInput[]): ProductVariantInput[] {
  const words = productName.split(/\s+/).map(skuPart).filter(Boolean);
  const base =
    (words.length > 1
      ? words
          .slice(0, 4)
          .map((w) => w[0])
          .join('')
      : (words[0] ?? 'SKU').slice(0, 6)) || 'SKU';
  const taken = new Set(rows.map((r) => r.sku.trim().toLowerCase()).filter(Boolean));
  return rows.map((r) => {
    if (r.sku.trim()) return r;
    const stem = [base, skuPart(r.option1Value), r.option2Value ? skuPart(r.option2Value) : '']
      .filter(Boolean)
      .join('-')
      .slice(0, 60);
    let sku = stem;
    for (let i = 2; taken.has(sku.toLowerCase()) || !SKU_PATTERN.test(sku); i++) sku = `${stem}-${i}`;
    taken.add(sku.toLowerCase());
    return { ...r, sku };
  });
}

/** 'size' -> 'sizes', 'box' -> 'boxes', 'accessory' -> 'accessories' (English, lower case). */
export function pluralOf(word: string): string {
  const w = word.trim().toLowerCase();
  if (/(s|x|z|ch|sh)$/.test(w)) return `${w}es`;
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ies`;
  return `${w}s`;
}

/** '4 sizes · 2 colours' (1 size: singular). */
export const optionsSummary = (options: OptionDraft[]): string =>
  options
    .map((o) => `${o.values.length} ${o.values.length === 1 ? o.name.trim().toLowerCase() : pluralOf(o.name)}`)
    .join(' · ');

/** The rows' stock added up (blank or not a number counts 0). */
export const stockSum = (rows: ProductVariantInput[]): number =>
  rows.reduce((sum, r) => {
    const n = Number(r.stockQuantity);
    return sum + (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
  }, 0);
