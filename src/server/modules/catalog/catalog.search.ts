import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { PRICE_RANGE_MAX, type ProductPage, type ProductSearchQuery } from '../../../contracts/catalog.contract';
import { toPaise } from '../../../domain/money';
import { editDistance, isCorrectable, queryWords, SYNONYM_WORDS, synonymsOf } from '../../../domain/search-terms';
import type { DbOrTx } from '../../platform/db';
import { vendorShops } from '../shops';
import { cardColumns, isUuid, toCard, visibleToShoppers } from './catalog.cards';
import { categories, products, searchWords } from './catalog.tables';

/**
 * How close a misspelt query must be to (a part of) a product name: word_similarity above this.
 * 'kurtha' against 'kurta' scores 0.57, 'headphnes' against 'headphones' 0.62; 0.5 lets both through
 * while 'tea' against 'tennis' (0.5) stays out.
 */
const TYPO_SIMILARITY = '0.5';
const MAX_TRIGRAMS = 40;
/** What matching a shop's or a category's name adds to a product's rank (word similarities run from 0 to 1). */
const NAMED_PLACE_BONUS = '0.8';
/** Words of a search looked at for corrections and synonyms, and corrections kept per word. */
const MAX_QUERY_WORDS = 8;
const MAX_CORRECTIONS = 3;

/**
 * A regular expression matching any three-letter piece of the query's words. Every name whose
 * word_similarity with the query exceeds 0.5 shares at least one such piece with it (for words of
 * five letters or more), and `lower(name) ~ pattern` is answered by the products_name_trgm_idx GIN
 * index, so the exact similarity is computed only for those candidates, never for the whole table.
 */
export function trigramPattern(q: string): string | null {
  const grams = new Set<string>();
  for (const word of q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const chars = Array.from(word);
    for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(''));
  }
  if (grams.size === 0) return null;
  return `(${[...grams].slice(0, MAX_TRIGRAMS).join('|')})`;
}

/**
 * The search's words, each with what else it may mean: for a long word that no name contains, the
 * real words within two edits of it (candidates from the search_words trigram index, then counted
 * exactly), and the synonyms of the word and of those corrections.
 */
export async function alternativesOf(db: DbOrTx, q: string): Promise<string[][]> {
  const words = queryWords(q).slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return [];
  const known = new Set((await db.select({ word: searchWords.word }).from(searchWords).where(inArray(searchWords.word, words))).map((r) => r.word));
  const result: string[][] = [];
  for (const word of words) {
    const alternatives = new Set([word]);
    if (isCorrectable(word) && !known.has(word) && synonymsOf(word).length === 0) {
      const candidates = await db
        .select({ word: searchWords.word })
        .from(searchWords)
        .where(sql`${searchWords.word} % ${word}`)
        .orderBy(sql`similarity(${searchWords.word}, ${word}) desc`)
        .limit(MAX_CORRECTIONS * 4);
      const near = [...candidates.map((c) => c.word), ...SYNONYM_WORDS].filter((c) => c !== word && editDistance(word, c) <= 2);
      for (const c of near.slice(0, MAX_CORRECTIONS)) alternatives.add(c);
    }
    for (const a of [...alternatives]) for (const s of synonymsOf(a)) alternatives.add(s);
    result.push([...alternatives]);
  }
  return result;
}

async function textSearch(db: DbOrTx, q: string): Promise<{ match: SQL; rank: SQL }> {
  const name = sql`lower(${products.name})`;
  const alternatives = await alternativesOf(db, q);
  // The words as typed (web search syntax), or any of their alternatives: (a | b) & (c) in to_tsquery's syntax, letters and digits only.
  const expanded = alternatives.some((a) => a.length > 1) ? alternatives.map((a) => `(${a.join(' | ')})`).join(' & ') : null;
  const tsQuery = expanded ? sql`(websearch_to_tsquery('english', ${q}) || to_tsquery('english', ${expanded}))` : sql`websearch_to_tsquery('english', ${q})`;
  const similarity = sql`word_similarity(${q.toLowerCase()}, ${name})`;
  const fullText = sql`${products.searchVector} @@ ${tsQuery}`;
  // Shops and categories whose names match: few rows, so their ids are found first and the products through their indexes.
  const byShop = sql`${products.storeId} in (select s.id from vendor_shops s where to_tsvector('english', s.shop_name) @@ ${tsQuery})`;
  const byCategory = sql`${products.categoryId} in (select c.id from categories c where to_tsvector('english', c.name) @@ ${tsQuery})`;
  const pattern = trigramPattern(q);
  // Full text (products_search_idx) OR a near spelling of the name (products_name_trgm_idx, then re-checked) OR the shop's or category's name.
  const nearName = pattern ? and(sql`${name} ~ ${pattern}`, sql`${similarity} > ${sql.raw(TYPO_SIMILARITY)}`) : undefined;
  const match = or(fullText, nearName, byShop, byCategory)!;
  // A product of a shop or category named so ranks above a near spelling of some other name ('sports' is not 'ports'),
  // and below a product whose own name has the words (similarity near 1).
  const rank = sql`(ts_rank(${products.searchVector}, ${tsQuery}) + ${similarity} + case when ${byShop} or ${byCategory} then ${sql.raw(NAMED_PLACE_BONUS)} else 0 end)`;
  return { match, rank };
}

function categoryFilter(db: DbOrTx, category: string): SQL {
  if (isUuid(category)) return eq(products.categoryId, category);
  const byName = db
    .select({ id: categories.id })
    .from(categories)
    .where(or(sql`lower(${categories.name}) = ${category.toLowerCase()}`, eq(categories.slug, category.toLowerCase())));
  return inArray(products.categoryId, byName);
}

/**
 * The ORDER BY of a sort. A text search counts and ranks all of its matches in one pass, so its
 * price and date keys are written as expressions: otherwise the planner may walk the price or date
 * index and test the costly text match on every product in that order (several times slower at 100,000
 * products), instead of finding the matches first (full-text and trigram indexes) and sorting them.
 */
function orderOf(sort: ProductSearchQuery['sort'], rank: SQL | null): SQL[] {
  const price = rank ? sql`(${products.pricePaise} + 0)` : sql`${products.pricePaise}`;
  const created = rank ? sql`(${products.createdAt} + interval '0 seconds')` : sql`${products.createdAt}`;
  const newest = [sql`${created} desc`, desc(products.id)];
  switch (sort) {
    case 'price-low':
      return [sql`${price} asc`, asc(products.id)];
    case 'price-high':
      return [sql`${price} desc`, asc(products.id)];
    case 'rating':
      return [desc(products.ratingAverage), desc(products.ratingCount), ...newest];
    case 'newest':
      return newest;
    case 'relevance':
      return rank ? [sql`${rank} desc`, desc(products.ratingCount), ...newest] : newest;
  }
}

export type SearchProductsArgs = { db: DbOrTx; query: ProductSearchQuery };

/**
 * One page of the products shoppers can see, filtered by text (full-text or a near spelling),
 * category, price range and minimum rating, in the asked order. At most two SQL statements whatever
 * the page size: a text search ranks every match anyway, so it counts them in the same statement
 * (`count(*) over ()`); other lists read the page through an index and count separately.
 */
export async function searchProducts({ db, query }: SearchProductsArgs): Promise<ProductPage> {
  const { q, category, minPrice, maxPrice, minRating, sort, page, pageSize } = query;
  const text = q ? await textSearch(db, q) : null;
  const conditions: (SQL | undefined)[] = [
    visibleToShoppers,
    text?.match,
    query.shop ? eq(products.storeId, query.shop) : undefined,
    category ? categoryFilter(db, category) : undefined,
    minPrice > 0 ? gte(products.pricePaise, toPaise(minPrice)) : undefined,
    // The top of the range means "₹50,000 and above".
    maxPrice < PRICE_RANGE_MAX ? lte(products.pricePaise, toPaise(maxPrice)) : undefined,
    minRating > 0 ? gte(products.ratingAverage, minRating) : undefined,
  ];
  const where = and(...conditions);
  // A text search ranks every match anyway, so the same statement counts them.
  const pageRows = () =>
    db
      .select({ ...cardColumns, matches: text ? sql<number>`count(*) over ()` : sql<number>`0` })
      .from(products)
      .innerJoin(vendorShops, eq(vendorShops.id, products.storeId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(...orderOf(sort, text?.rank ?? null))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  const countAll = async () => {
    const [{ total }] = await db.select({ total: count() }).from(products).innerJoin(vendorShops, eq(vendorShops.id, products.storeId)).where(where);
    return Number(total);
  };

  let rows: Awaited<ReturnType<typeof pageRows>>;
  let total: number;
  if (text) {
    rows = await pageRows();
    // Past the last page there is no row to carry the count.
    total = rows.length > 0 ? Number(rows[0].matches) : page === 1 ? 0 : await countAll();
  } else {
    [rows, total] = await Promise.all([pageRows(), countAll()]);
  }
  return { items: rows.map(({ matches: _matches, ...card }) => toCard(card)), total, page, pageSize };
}
