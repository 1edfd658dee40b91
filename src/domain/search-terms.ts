/**
 * Words that Indian shoppers use for the same thing. Each group is symmetric: a search for any of
 * its words also finds the others. Single words only (the full-text search works on words).
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['mobile', 'phone', 'smartphone', 'cellphone'],
  [
    'shoes',
    'shoe',
    'footwear',
    'sneakers',
    'chappal',
    'chappals',
    'sandals',
    'jutti',
    'juttis',
    'mojari',
    'mojaris',
    'kolhapuri',
  ],
  ['tv', 'television'],
  ['earphones', 'headphones', 'earbuds', 'headset'],
  ['specs', 'spectacles', 'eyeglasses'],
  ['fridge', 'refrigerator'],
  ['laptop', 'notebook'],
  ['saree', 'sari'],
  ['bag', 'handbag', 'purse'],
  ['tee', 'tshirt'],
  ['mixie', 'mixer', 'grinder'],
  ['almirah', 'wardrobe', 'cupboard'],
  ['torch', 'flashlight'],
  ['curd', 'yogurt', 'dahi'],
];

const groupOf = new Map<string, readonly string[]>();
for (const group of SYNONYM_GROUPS) for (const word of group) groupOf.set(word, group);

/** Every word of the synonym table, for spelling corrections towards them. */
export const SYNONYM_WORDS: readonly string[] = [...groupOf.keys()];

/** The other words that mean the same as `word` (lower case), or none. */
export function synonymsOf(word: string): string[] {
  return (groupOf.get(word) ?? []).filter((w) => w !== word);
}

/** The words of a search, lower case, letters and digits only (what the full-text search matches on). */
export function queryWords(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/**
 * How many edits a misspelt word may be from the real word it is taken for: two for words of 6
 * letters or more, one for words of 4 or 5 ('cottn', 'kurt'), none for shorter
 * words or words with digits, which are too easily something else ('tea' is not 'tee').
 */
export function correctionEdits(word: string): 0 | 1 | 2 {
  if (/\d/.test(word) || word.length < 4) return 0;
  return word.length >= 6 ? 2 : 1;
}

/** How many single-letter edits (insert, delete, replace, swap of neighbours) turn `a` into `b`; stops counting above `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a substring).
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length][b.length];
}
