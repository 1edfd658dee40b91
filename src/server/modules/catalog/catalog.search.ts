import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { WithSubquery } from 'drizzle-orm/subquery';
import {
  BROWSABLE_RESULTS,
  PRICE_RANGE_MAX,
  type ProductCard,
  type ProductPage,
  type ProductSearchQuery,
} from '../../../contracts/catalog.contract';
import { DEFAULT_PAGE_SIZE } from '../../../contracts/common.contract';
import { toPaise } from '../../../domain/money';
import { optionKeyGroups } from '../../../domain/option-filters';
import { correctionEdits, editDistance, queryWords, SYNONYM_WORDS, synonymsOf } from '../../../domain/search-terms';
import { builtOncePer, preparedRows, queryRows, rememberedEstimates, selectedAs, type DbOrTx } from '../../platform/db';
import { shopIdsNamed, shopRows } from '../shops';
import { cardColumns, type CardRow, priceRangeOf, rangeOf, toCard, visibleToShoppers } from './catalog.cards';
import { isUuid } from '../../../contracts/common.contract';
import { categories, products, productVariants, searchWords } from './catalog.tables';

/**
 * What matching a shop's or a category's name adds to a product's rank: ts_rank gives about 0.6 for
 * the word in a product's name (weight A) and 0.25 for it in the description alone (weight B), so a
 * product of a shop or category named so comes between the two.
 */
const NAMED_PLACE_BONUS = '0.4';
/** Words of a search looked at for corrections and synonyms, and corrections kept per word. */
const MAX_QUERY_WORDS = 8;
const MAX_CORRECTIONS = 3;

/** The words as typed (web search syntax), or any of their alternatives: (a | b) & (c) in to_tsquery's syntax, letters and digits only. */
function tsQueryOf(q: string, alternatives: string[][]): SQL {
  return tsQueryFrom({ q, alternatives: alternativesOf(alternatives) });
}

/** Alternatives as to_tsquery reads them; undefined when no word has any. */
const alternativesOf = (alternatives: string[][]): string | undefined =>
  alternatives.some((a) => a.length > 1) ? alternatives.map((a) => `(${a.join(' | ')})`).join(' & ') : undefined;

/** `tsQueryOf` from the words and their alternatives as to_tsquery reads them, values or placeholders. */
function tsQueryFrom(v: { q: string | Placeholder; alternatives?: string | Placeholder }): SQL {
  if (v.alternatives === undefined) return sql`websearch_to_tsquery('english', ${v.q})`;
  return sql`(websearch_to_tsquery('english', ${v.q}) || to_tsquery('english', ${v.alternatives}))`;
}

type SearchWords = { alternatives: string[][]; shops: string[]; categories: string[] };

/**
 * The search's words, each with what else it may mean, and the shops and categories it names. In
 * one statement: which words names contain, and the shops and categories named by the words or
 * their synonyms. Then, for a word that no name contains, the real words within one or two edits
 * of it (correctionEdits; candidates from the search_words trigram index, then counted exactly),
 * and the synonyms of those corrections.
 */
export async function readSearchWords(db: DbOrTx, q: string): Promise<SearchWords> {
  const words = queryWords(q).slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return { alternatives: [], shops: [], categories: [] };
  const widened = tsQueryOf(
    q,
    words.map((w) => [w, ...synonymsOf(w)]),
  );
  const [found] = await queryRows<{ known: string[]; shops: string[]; categories: string[] }>(
    db,
    sql`select coalesce((select json_agg(${searchWords.word}) from ${searchWords} where ${inArray(searchWords.word, words)}), '[]') as known,
               ${shopIdsNamed(widened)} as shops,
               coalesce((select json_agg(c.id) from categories c where to_tsvector('english', c.name) @@ ${widened}), '[]') as categories`,
  );
  const known = new Set(found.known);
  const alternatives: string[][] = [];
  for (const word of words) {
    const alternative = new Set([word]);
    const edits = correctionEdits(word);
    if (edits > 0 && !known.has(word) && synonymsOf(word).length === 0) {
      const candidates = await db
        .select({ word: searchWords.word })
        .from(searchWords)
        .where(sql`${searchWords.word} % ${word}`)
        .orderBy(sql`similarity(${searchWords.word}, ${word}) desc`)
        .limit(MAX_CORRECTIONS * 4);
      const near = [...candidates.map((c) => c.word), ...SYNONYM_WORDS].filter(
        (c) => c !== word && editDistance(word, c, edits) <= edits,
      );
      for (const c of near.slice(0, MAX_CORRECTIONS)) alternative.add(c);
    }
    for (const a of [...alternative]) for (const w of synonymsOf(a)) alternative.add(w);
    alternatives.push([...alternative]);
  }
  return { alternatives, shops: found.shops, categories: found.categories };
}

/**
 * The values a text search's SQL is made of: the words as typed, their alternatives (as to_tsquery
 * reads them) and the shops and categories named, as array literals of their ids; each missing when
 * there is none.
 */
type TextValues = { q: string; alternatives?: string; shops?: string; categories?: string };
export type TextSearch = { match: SQL; rank: SQL; values: TextValues };

/** A list of ids as a PostgreSQL array literal ('{a,b}'); undefined for none. */
const idsLiteral = (ids: string[]): string | undefined => (ids.length > 0 ? `{${ids.join(',')}}` : undefined);

/** What a text search matches and how it ranks, from its values or from placeholders of the same names. */
function textSearchFrom(
  v: { [K in keyof TextValues]: TextValues[K] | Placeholder },
  { kept = false }: { kept?: boolean } = {},
): Omit<TextSearch, 'values'> {
  // In a statement whose plan PostgreSQL keeps for any words, the words' query is made once (a scalar
  // subquery): written inline, a plan for any values would make it again for every row it ranks and
  // recheck, is estimated costlier for that, and is never kept; each run is then planned anew. The
  // planner then estimates any words alike: a text judged common is written so that no index answers
  // it (textMatchOf), so a kept plan reads the text's index for selective words only.
  const tsQuery = kept ? sql`(select ${tsQueryFrom(v)})` : tsQueryFrom(v);
  const inNamedPlace = or(
    v.shops === undefined ? undefined : sql`${products.storeId} = any(${v.shops}::uuid[])`,
    v.categories === undefined ? undefined : sql`${products.categoryId} = any(${v.categories}::uuid[])`,
  );
  const fullText = sql`${products.searchVector} @@ ${tsQuery}`;
  // A product of a shop or category named so ranks above one that only mentions a word in passing,
  // and below a product whose own name has the words.
  const bonus = inNamedPlace ? sql` + case when ${inNamedPlace} then ${sql.raw(NAMED_PLACE_BONUS)} else 0 end` : sql``;
  return {
    match: inNamedPlace ? or(fullText, inNamedPlace)! : fullText,
    rank: sql`(ts_rank(${products.searchVector}, ${tsQuery})${bonus})`,
  };
}

/**
 * What a text search matches and how it ranks. The words as typed, or any of their alternatives
 * (corrections and synonyms), in the products' full text (products_search_idx); or the name of
 * the product's shop or category. Those shops and categories are few and found first, so that
 * the products are found through their own indexes (a subquery in the OR would make PostgreSQL
 * test every product in turn).
 */
async function textSearch(db: DbOrTx, q: string): Promise<TextSearch> {
  const named = await readSearchWords(db, q);
  const values: TextValues = { q };
  const alternatives = alternativesOf(named.alternatives);
  if (alternatives !== undefined) values.alternatives = alternatives;
  const shops = idsLiteral(named.shops);
  if (shops !== undefined) values.shops = shops;
  const categories = idsLiteral(named.categories);
  if (categories !== undefined) values.categories = categories;
  return { ...textSearchFrom(values), values };
}

/** The lookup of a category by its name (any case) or slug, and by its id too: each prepared once per database. */
const categoryLookup = (db: DbOrTx, byId: boolean) => {
  const named = or(
    sql`lower(${categories.name}) = ${sql.placeholder('name')}`,
    eq(categories.slug, sql.placeholder('name')),
  );
  return db
    .select({ id: categories.id })
    .from(categories)
    .where(byId ? or(eq(categories.id, sql.placeholder('id')), named) : named)
    .limit(1)
    .prepare(byId ? 'catalog_category_by_id_or_name' : 'catalog_category_by_name');
};
const categoryByName = builtOncePer((db) => categoryLookup(db, false));
const categoryByIdOrName = builtOncePer((db) => categoryLookup(db, true));

/** A category's id from its id, name (any case) or slug; null when there is no such category. */
async function categoryIdOf(db: DbOrTx, category: string): Promise<string | null> {
  const name = category.toLowerCase();
  const [row] = isUuid(category)
    ? await categoryByIdOrName(db).execute({ id: category, name })
    : await categoryByName(db).execute({ name });
  return row?.id ?? null;
}

/** The columns a sort orders by: the products' own, or a page's of them. */
type SortColumns = {
  createdAt: SQLWrapper;
  id: SQLWrapper;
  pricePaise: SQLWrapper;
  ratingAverage: SQLWrapper;
  ratingCount: SQLWrapper;
};

/** The ORDER BY of a sort (relevance without a text: newest first), each served by an index (migration 0014), with or without a category. */
function orderOf(sort: ProductSearchQuery['sort'], t: SortColumns = products): SQL[] {
  const newest = [desc(t.createdAt), desc(t.id)];
  switch (sort) {
    case 'price-low':
      return [asc(t.pricePaise), asc(t.id)];
    case 'price-high':
      return [desc(t.pricePaise), desc(t.id)];
    case 'rating':
      return [desc(t.ratingAverage), desc(t.ratingCount), ...newest];
    case 'newest':
    case 'relevance':
      return newest;
  }
}

/** A page of cards as a WITH query: the card's columns, the sort's, and how many match. */
type PageOfCards = WithSubquery & { [K in keyof CardRow | 'createdAt' | 'matched']: PgColumn | SQL.Aliased };
/** A card as `cardsOf` reads it: its row, how many match and its price range. */
type CardOfPage = CardRow & {
  matched: number | string;
  priceMin: number | string | null;
  priceMax: number | string | null;
};

export type SearchProductsArgs = { db: DbOrTx; query: ProductSearchQuery };

/**
 * Past this many estimated matches a text is common, and its matches are read newest first (or in the
 * asked order) until enough are found, instead of being collected from products_search_idx first: a
 * GIN index gives all of a word's matches at once (12 ms for 33,000 at a million products), while a
 * read that stops at BROWSABLE_RESULTS + 1 reads about BROWSABLE_RESULTS / share rows (2,500 for 'cotton').
 */
const COMMON_MATCHES = 20_000;

const textArray = (keys: (string | Placeholder)[]): SQL =>
  sql`array[${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;

/**
 * True for a product with a variant on sale (in stock, not withdrawn) carrying the chosen option
 * values: every option's, on the same variant; of several values of one option, any. Read from the
 * product's own option keys (those of its variants on sale, kept by a trigger), where PostgreSQL
 * knows how common each value is, so that it plans a page and its count from the right number of
 * matches (bench/RESULTS.md). Those keys answer one option exactly; for two (Size M and Colour
 * Indigo) they only say that some variant has each, so an EXISTS then checks that one variant has
 * both. A product is listed once however many of its variants match.
 */
function variantWith(groups: (string | Placeholder)[][]): SQL | undefined {
  if (groups.length === 0) return undefined;
  const onProduct = (column: SQLWrapper) =>
    groups.map((g) => (g.length === 1 ? sql`${column} @> ${textArray(g)}` : sql`${column} && ${textArray(g)}`));
  const sameVariant =
    groups.length > 1
      ? sql`exists (select 1 from ${productVariants} where ${and(
          sql`${productVariants.productId} = ${products.id}`,
          sql`${productVariants.withdrawnAt} is null`,
          sql`${productVariants.stockQuantity} > 0`,
          ...onProduct(sql`${productVariants.optionKeys}`),
        )})`
      : undefined;
  // @> and && are strict, so they imply option_keys is not null: the partial indexes over products with a variant on sale serve them.
  return and(...onProduct(products.optionKeys), sameVariant);
}

/** The values of a search's filters apart from its text and its option values; a filter not asked is missing. */
type FilterValues = { shop?: string; categoryId?: string; minPaise?: number; maxPaise?: number; minRating?: number };

type FilterArgs = { [K in keyof FilterValues]?: FilterValues[K] | Placeholder };

/** The conditions of the filters a search asks, on their values or on placeholders of the same names. */
function askedFilters(v: FilterArgs): SQL[] {
  return [
    v.shop === undefined ? undefined : eq(products.storeId, v.shop),
    v.categoryId === undefined ? undefined : eq(products.categoryId, v.categoryId),
    v.minPaise === undefined ? undefined : gte(products.pricePaise, v.minPaise),
    v.maxPaise === undefined ? undefined : lte(products.pricePaise, v.maxPaise),
    v.minRating === undefined ? undefined : gte(products.ratingAverage, v.minRating),
  ].filter((c) => c !== undefined);
}

/** The conditions of a search's filters: what every shopper's read has, and those it asks. */
const filterConditions = (v: FilterArgs): SQL[] => [visibleToShoppers, ...askedFilters(v)];

/** What narrows a search apart from its text and its option values; null when it can match nothing. */
export type SearchFilters = {
  text: TextSearch | null;
  filters: SQL[];
  values: FilterValues;
  /** The option values asked, as variants' option keys grouped by option (optionKeyGroups). */
  optionGroups: string[][];
  options: SQL | undefined;
} | null;

/**
 * A search's text match, its filters (shop, category, price range, rating) and its option values'
 * filter apart (the filter chips leave it out); null when it names a category that does not exist.
 */
export async function searchFiltersOf(
  db: DbOrTx,
  query: Omit<ProductSearchQuery, 'page' | 'pageSize' | 'sort'>,
): Promise<SearchFilters> {
  const { q, category, minPrice, maxPrice, minRating } = query;
  const categoryId = category ? await categoryIdOf(db, category) : null;
  if (category && !categoryId) return null;
  const text = q ? await textSearch(db, q) : null;
  const values: FilterValues = {};
  if (query.shop) values.shop = query.shop;
  if (categoryId) values.categoryId = categoryId;
  if (minPrice > 0) values.minPaise = toPaise(minPrice);
  // The top of the range means "₹50,000 and above".
  if (maxPrice < PRICE_RANGE_MAX) values.maxPaise = toPaise(maxPrice);
  if (minRating > 0) values.minRating = minRating;
  const optionGroups = optionKeyGroups(query.option);
  return { text, filters: filterConditions(values), values, optionGroups, options: variantWith(optionGroups) };
}

/** The planner's estimates of searches' matches, remembered a minute per search (the text and filters). */
const estimateOf = rememberedEstimates();

/** The ids of the products shoppers can see matching `where` (a count's or an estimate's subject). */
const matchingIds = (db: DbOrTx, where: SQL | undefined) =>
  db.select({ id: products.id }).from(products).innerJoin(shopRows, eq(shopRows.id, products.storeId)).where(where);

/**
 * How a search's text is matched. Its estimate decides how its matches are found: a common text
 * (over COMMON_MATCHES) is written so that no index can answer it, and the planner then reads the
 * products in order along an index (of all products, or of those with a variant on sale, for option
 * values) and stops early. Judged before the option values: a common text narrowed to Size M
 * ("kurta", Size M) is still found fastest by reading products with sizes until enough match, not by
 * collecting every kurta first. `estimate` is the total when there are too many to count (null with
 * option values: then estimated with them).
 */
async function textMatchOf(
  db: DbOrTx,
  found: NonNullable<SearchFilters>,
  key: string,
): Promise<{ match: SQL | undefined; common: boolean; estimate: number | null }> {
  if (!found.text) return { match: undefined, common: false, estimate: null };
  const text = found.text;
  const estimate = await estimateOf(
    db,
    `text ${key}`,
    () => sql`${matchingIds(db, and(text.match, ...found.filters))}`,
  );
  const common = estimate > COMMON_MATCHES;
  return {
    match: common ? sql`(${found.text.match}) is true` : found.text.match,
    common,
    estimate: found.options ? null : estimate,
  };
}

/**
 * The page's cards, how many match (up to BROWSABLE_RESULTS + 1) and the price ranges of its cards with
 * options, in one statement: the page is a subquery read in order along its index and stopping at its
 * last row, the count a subquery run once, and each card's range is read for the page's rows alone.
 * Its rows are read as the driver gives them (`preparedRows`), its columns named as the card's fields.
 */
function cardsOf<P extends PageOfCards>(db: DbOrTx, page: P, order: (p: P) => SQL[]) {
  const range = priceRangeOf(page);
  return db
    .with(page)
    .select(
      selectedAs({
        ...{ id: page.id, name: page.name, pricePaise: page.pricePaise, originalPricePaise: page.originalPricePaise },
        ...{ rewardPercentage: page.rewardPercentage, imageUrl: page.imageUrl, storeId: page.storeId },
        ...{ storeName: page.storeName, categoryId: page.categoryId, categoryName: page.categoryName },
        ...{ ratingAverage: page.ratingAverage, ratingCount: page.ratingCount, stockQuantity: page.stockQuantity },
        ...{ delivers: page.delivers, option1Name: page.option1Name, matched: page.matched },
        ...{ priceMin: range.priceMin, priceMax: range.priceMax },
      }),
    )
    .from(page as WithSubquery)
    .leftJoinLateral(range, sql`true`)
    .orderBy(...order(page));
}

/** The cards `cardsOf` read, and how many match (null without a row to carry it). */
function cardsRead(found: unknown[]): { items: ProductCard[]; matched: number | null } {
  const rows = found as CardOfPage[];
  return {
    items: rows.map((r) => toCard(r, rangeOf(r.priceMin, r.priceMax))),
    matched: rows.length > 0 ? Number(rows[0].matched) : null,
  };
}

/**
 * A number written into a statement's text. Drizzle writes an SQL fragment given as a limit or offset
 * as it is; its types say a number or a placeholder only. A plan kept for any values then knows where
 * the read stops.
 */
const written = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as Placeholder;

/**
 * The order in which a search's first BROWSABLE_RESULTS + 1 matches are read, to count them (and to rank
 * them): a sort's, along its index and stopping at enough, or none (null), as an index that holds only
 * matches gives them. One rule for the page's statement and for the count past the last page.
 * - A ranked text: the newest first when it is common or has option values. In no order, a common text
 *   would be read by a sequential scan, whose pages pass through a small ring of shared buffers instead of
 *   staying there (read again from the system's cache on every search), and option values would first
 *   collect every product with the value from their GIN index (74,000 for Size M at a million products)
 *   (bench/RESULTS.md). The newest pages are the ones every newest-first list keeps in memory. Otherwise none.
 * - A selective text in another order: none, its matches from products_search_idx. In the sort's order
 *   PostgreSQL would read the sort's index and test each product against the text, expecting a share of
 *   matches that a selective text does not have: "pashmina" by price read most of a million products (4 s).
 * - The whole catalog (no text, filter or option): none, which PostgreSQL reads from
 *   products_store_created_idx alone (its first 201 entries, without the table): a third of the work of
 *   reading the newest products from the table.
 * - Any other list: its own sort. In no order, a category by price was a scan of the table testing 3,600
 *   products for its 201; along its sort's index it stops at the 201st.
 */
function countOrder(
  { sort, ranked, common }: PageShape,
  { text, options, filtered }: { text: boolean; options: boolean; filtered: boolean },
): ProductSearchQuery['sort'] | null {
  if (ranked) return common || options ? 'newest' : null;
  if (text && !common) return null;
  return text || options || filtered ? sort : null;
}

/** The first BROWSABLE_RESULTS + 1 matches of `where`, read in `order` (see countOrder). */
const firstMatches = (db: DbOrTx, where: SQL | undefined, order: ProductSearchQuery['sort'] | null) =>
  (order ? matchingIds(db, where).orderBy(...orderOf(order)) : matchingIds(db, where)).limit(
    written(BROWSABLE_RESULTS + 1),
  );

/**
 * The products shoppers can see matching `where`, as a page lists them: a card's columns, the category's name
 * and the product's age (what the sorts read), and `extra` columns.
 */
const listedRows = <E extends Record<string, SQL.Aliased>>(db: DbOrTx, where: SQL | undefined, extra: E) =>
  db
    .select({
      ...cardColumns,
      categoryName: sql<string>`${categories.name}`.as('category_name'),
      createdAt: products.createdAt,
      ...extra,
    })
    .from(products)
    .innerJoin(shopRows, eq(shopRows.id, products.storeId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .$dynamic();

/** A card's columns and the product's age, the columns a listed product is sorted and paged by. */
const listedKeys = [...(Object.keys(cardColumns) as (keyof typeof cardColumns)[]), 'createdAt' as const];
type ListedKey = (typeof listedKeys)[number];
/** The card's columns and the product's age from a WITH query that selected them. */
const listedColumnsOf = <T extends Record<ListedKey, unknown>>(t: T) =>
  Object.fromEntries(listedKeys.map((k) => [k, t[k]])) as Pick<T, ListedKey>;

/**
 * One page of the products matching `where` in a sort's order, with their count up to BROWSABLE_RESULTS + 1,
 * read in `counted` order. A selective text's matches are collected first (from products_search_idx) and
 * then sorted (see countOrder); a common text is tested on each product read along the sort's index.
 */
function listedPage(
  db: DbOrTx,
  where: SQL | undefined,
  sort: ProductSearchQuery['sort'],
  counted: ProductSearchQuery['sort'] | null,
  limit: number | Placeholder,
  offset: number | Placeholder,
  text?: 'selective' | 'common',
) {
  if (text === 'common' && counted === sort) {
    // A common text in a sort's order: each product read along the sort's index is tested against the
    // text, and the read goes on until BROWSABLE_RESULTS + 1 match, however far along the index they lie
    // ("cotton" by price, high to low: 127,000 products read at a million). That read is done once, and
    // both counted and paged from (the page lies within it): 1.2 s became 0.58 s. Other lists keep their
    // count and page apart: where the index holds the matches alone (a category's), a read of 201 whole
    // rows costs more than one of 201 ids and one of the page's.
    const first = db.$with('first').as(
      listedRows(db, where, {})
        .orderBy(...orderOf(sort))
        .limit(written(BROWSABLE_RESULTS + 1)),
    );
    const page = db.$with('page').as(
      db
        .with(first)
        .select({ ...listedColumnsOf(first), matched: sql<number>`(select count(*) from ${first})`.as('matched') })
        .from(first)
        .orderBy(...orderOf(sort, first))
        .limit(limit)
        .offset(offset),
    );
    return cardsOf(db, page, (p) => orderOf(sort, p));
  }
  const matched = sql<number>`(select count(*) from (${firstMatches(db, where, counted)}) m)`;
  const rows = listedRows(db, where, { matched: matched.as('matched') });
  if (text !== 'selective') {
    const page = db.$with('page').as(
      rows
        .orderBy(...orderOf(sort))
        .limit(limit)
        .offset(offset),
    );
    return cardsOf(db, page, (p) => orderOf(sort, p));
  }
  // OFFSET 0 keeps the matches a subquery of their own (PostgreSQL does not merge it into the page's
  // query), read before they are sorted.
  const matches = rows.offset(written(0)).as('matches');
  const page = db.$with('page').as(
    db
      .select()
      .from(matches)
      .orderBy(...orderOf(sort, matches))
      .limit(limit)
      .offset(offset),
  );
  return cardsOf(db, page, (p) => orderOf(sort, p));
}

/**
 * The first BROWSABLE_RESULTS + 1 matches of `where`, read in `counted` order (see countOrder) and ranked by
 * `rank`, and one page of them with their count, in one statement (with the price ranges of `cardsOf`).
 */
function rankedPage(
  db: DbOrTx,
  where: SQL | undefined,
  rank: SQL,
  counted: ProductSearchQuery['sort'] | null,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const candidates = db.$with('candidates').as(
    listedRows(db, where, { rank: sql<number>`${rank}`.as('rank') })
      .orderBy(...(counted ? orderOf(counted) : []))
      .limit(written(BROWSABLE_RESULTS + 1)),
  );
  const c = candidates;
  const byRank = (t: { rank: SQLWrapper; ratingCount: SQLWrapper; createdAt: SQLWrapper; id: SQLWrapper }) => [
    desc(t.rank),
    desc(t.ratingCount),
    desc(t.createdAt),
    desc(t.id),
  ];
  const ranked = db.$with('page').as(
    db
      .with(candidates)
      .select({
        ...listedColumnsOf(c),
        rank: c.rank,
        matched: sql<number>`count(*) over ()`.as('matched'),
      })
      .from(candidates)
      .orderBy(...byRank(c))
      .limit(limit)
      .offset(offset),
  );
  return cardsOf(db, ranked, byRank);
}

/** The values of a search's statement: its filters', its text's and its page's. */
type PageValues = FilterValues & Partial<TextValues> & OptionValues & { limit: number; offset: number };
/** A search's option keys, `o<group>_<value>` (see optionValuesOf). */
type OptionValues = { [key: `o${number}_${number}`]: string };

/** The option keys of a search as values of placeholders, group by group, and how many values each group has. */
function optionValuesOf(groups: string[][]): { values: OptionValues; sizes: number[] } {
  const values: OptionValues = {};
  groups.forEach((g, i) => g.forEach((key, j) => (values[`o${i}_${j}`] = key)));
  return { values, sizes: groups.map((g) => g.length) };
}
/** The condition of option values on placeholders, groups of `sizes` values (see optionValuesOf). */
const optionsHeld = (sizes: number[]) =>
  variantWith(sizes.map((n, i) => Array.from({ length: n }, (_, j) => sql.placeholder(`o${i}_${j}`))));
/** A search's shape: its sort, whether its text is ranked and common, and which of its values it has. */
type PageShape = { sort: ProductSearchQuery['sort']; ranked: boolean; common: boolean };

/**
 * The page statement of a search of this shape, on its values or on placeholders of the same names. `kept`: a
 * named statement, whose plan PostgreSQL may keep for any values.
 */
function pageStatement(
  db: DbOrTx,
  { sort, ranked, common }: PageShape,
  v: { [K in keyof PageValues]?: PageValues[K] | Placeholder },
  options?: SQL,
  kept = false,
) {
  const text = v.q === undefined ? null : textSearchFrom({ ...v, q: v.q }, { kept });
  const match = text ? (common ? sql`(${text.match}) is true` : text.match) : undefined;
  const where = and(match, ...filterConditions(v), options);
  const counted = countOrder(
    { sort, ranked, common },
    { text: text !== null, options: options !== undefined, filtered: askedFilters(v).length > 0 },
  );
  return text && ranked
    ? rankedPage(db, where, text.rank, counted, v.limit!, v.offset!)
    : listedPage(db, where, sort, counted, v.limit!, v.offset!, text ? (common ? 'common' : 'selective') : undefined);
}

/** Page statements kept per database (each connection prepares the named ones it runs once): past it, built anew. */
const NAMED_PAGES = 200;

/**
 * The page statements of searches, built once per database for each shape (at most 5 sorts, 32 sets of
 * filters and 8 of a text's parts, common or not, and how many option values of how many options), their
 * values given when it runs. Without option values, named, so that each connection parses a statement
 * once, and PostgreSQL plans its first five runs for their values, then keeps a plan for any values only
 * when that plan is not estimated to cost more than those did (its plan_cache_mode 'auto'). With option
 * values, unnamed: PostgreSQL plans every run for its values, as it knows how common each value is (Size
 * M or a rare colour), and a plan kept for any value would read the products with sizes alike for both.
 * Pages of the default size (the web's) have their limit and offset written in (ten statements a shape at
 * most), so that a plan for any values knows how many rows it reads; other sizes pass them as values. Past
 * NAMED_PAGES shapes, a statement is built for its run and unnamed, so that neither this map nor the
 * connections' prepared statements grow without end.
 */
const pageStatements = builtOncePer(() => new Map<string, ReturnType<typeof preparePage>>());
/** Names are counted for all databases together: two database objects over one pool never reuse one. */
let pageNames = 0;
function preparePage(db: DbOrTx, shape: PageShape, values: PageValues, options: number[], name: string) {
  const placeholders = Object.fromEntries(Object.keys(values).map((k) => [k, sql.placeholder(k)]));
  const pageWritten = values.limit === DEFAULT_PAGE_SIZE;
  const page = pageWritten ? { limit: written(values.limit), offset: written(values.offset) } : {};
  return preparedRows<CardOfPage>(
    db,
    pageStatement(db, shape, { ...placeholders, ...page }, optionsHeld(options), name !== ''),
    name,
  );
}
/** The page statement of a search's shape; `options`: how many values of each option it asks (optionValuesOf). */
function pageStatementOf(db: DbOrTx, shape: PageShape, values: PageValues, options: number[]) {
  const statements = pageStatements(db);
  const page = values.limit === DEFAULT_PAGE_SIZE ? `${values.limit} ${values.offset}` : 'any page';
  // The option keys' names (o0_0, o0_1, o1_0) say how many values of how many options.
  const key = `${shape.sort} ${shape.ranked} ${shape.common} ${Object.keys(values).join(' ')} ${page}`;
  let statement = statements.get(key);
  if (!statement) {
    const cached = statements.size < NAMED_PAGES;
    const name = cached && options.length === 0 ? `catalog_page_${pageNames++}` : '';
    statement = preparePage(db, shape, values, options, name);
    if (cached) statements.set(key, statement);
  }
  return statement;
}

/**
 * One page of the products shoppers can see, filtered by text (full text, corrected and widened
 * by synonyms, or the shop's or category's name), category, price range, minimum rating and option
 * values, in the asked order. The work does not grow with the catalog: matches are counted up to
 * BROWSABLE_RESULTS and estimated past it, pages stop there, and a relevance ranking orders the
 * first BROWSABLE_RESULTS matches.
 */
export async function searchProducts({ db, query }: SearchProductsArgs): Promise<ProductPage> {
  const { sort, page, pageSize } = query;
  const found = await searchFiltersOf(db, query);
  if (!found) return { items: [], total: 0, totalEstimated: false, page, pageSize };
  const { text, options } = found;
  const filters = [...found.filters, options];
  const filtered = askedFilters(found.values).length > 0;
  // What decides the matches (not their order or page): the key of their estimates.
  const key = JSON.stringify([
    query.q,
    query.category,
    query.shop,
    query.minPrice,
    query.maxPrice,
    query.minRating,
  ]).concat(JSON.stringify(query.option ?? null));
  const { match: textMatch, common, estimate } = await textMatchOf(db, found, key);
  const where = and(textMatch, ...filters);
  const countUpTo = async () => {
    const order = countOrder(shape, { text: text !== null, options: options !== undefined, filtered });
    return Number((await db.select({ n: count() }).from(firstMatches(db, where, order).as('m')))[0].n);
  };
  const totalOf = async (matched: number) => {
    if (matched <= BROWSABLE_RESULTS) return { total: matched, totalEstimated: false };
    return {
      total: Math.max(
        BROWSABLE_RESULTS,
        estimate ?? (await estimateOf(db, `all ${key}`, () => sql`${matchingIds(db, where)}`)),
      ),
      totalEstimated: true,
    };
  };

  // The first BROWSABLE_RESULTS + 1 matches of a text are ranked and counted in one statement; other
  // sorts read their page along their index.
  const shape: PageShape = { sort, ranked: text !== null && sort === 'relevance', common };
  const optionValues = optionValuesOf(found.optionGroups);
  const values: PageValues = {
    ...found.values,
    ...text?.values,
    ...optionValues.values,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  };
  const { items, matched } = cardsRead(await pageStatementOf(db, shape, values, optionValues.sizes).execute(values));
  // Past the last page there is no row to carry the count (an empty first page has nothing to count):
  // it is counted then on its own.
  return {
    items,
    ...(await totalOf(matched ?? (page === 1 ? 0 : await countUpTo()))),
    page,
    pageSize,
  };
}
