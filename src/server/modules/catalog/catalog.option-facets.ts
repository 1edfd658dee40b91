import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  OPTION_FACET_NAMES,
  OPTION_FACET_PRODUCTS,
  OPTION_FACET_VALUES,
  type ProductOptionFacets,
  type ProductSearchQuery,
} from '../../../contracts/catalog.contract';
import { compareOptionValues, optionFilterParam } from '../../../domain/option-filters';
import { normaliseOption } from '../../../domain/variants';
import { queryRows, type DbOrTx } from '../../platform/db';
import { shopRows } from '../shops';
import { searchFiltersOf } from './catalog.search';
import { products } from './catalog.tables';

export type ListProductOptionFacetsArgs = { db: DbOrTx; query: Omit<ProductSearchQuery, 'page' | 'pageSize' | 'sort'> };

type FacetRow = { name: string; value: string; products: number; sampled: number };

/**
 * The option names and values of variants in stock among the products a search matches (its option
 * filters left out, so that every size of the category stays on offer), for the filter chips. The
 * cost is bounded: the first OPTION_FACET_PRODUCTS matching products (without a text, the newest
 * with a variant on sale: a category without any reads nothing), and the values on their rows. Names
 * and values are merged whatever their case ('Size M' and 'size m'); each shows in its most used
 * capitalised spelling.
 */
export async function listProductOptionFacets({
  db,
  query,
}: ListProductOptionFacetsArgs): Promise<ProductOptionFacets> {
  const found = await searchFiltersOf(db, query);
  if (!found) return { options: [], complete: true };
  const sample = db
    .select({
      id: products.id,
      option1Name: products.option1Name,
      option2Name: products.option2Name,
      optionValues: products.optionValues,
    })
    .from(products)
    .innerJoin(shopRows, eq(shopRows.id, products.storeId))
    .where(
      and(
        found.text?.match,
        ...found.filters,
        // Without a text, the newest products with a variant on sale, read along their small index and
        // stopping at the sample's size (unordered, PostgreSQL would first collect all of them in a
        // bitmap). With one, its first matches from the text's index, with options or not: any test of
        // the options here lets PostgreSQL add a whole read of their index to the text's (bench/RESULTS.md).
        found.text ? undefined : isNotNull(products.optionKeys),
      ),
    )
    .orderBy(...(found.text ? [] : [desc(products.createdAt), desc(products.id)]))
    .limit(OPTION_FACET_PRODUCTS);
  // Each product's values on sale are on its own row ('1=M', '2=Indigo'), each once, so that counting them
  // reads no variant. A value counts a product once: its two options never share a name (the vendor's form
  // refuses it), so no two of its values give the same name and value.
  const rows = await queryRows<FacetRow>(
    db,
    sql`with sample as (${sample})
        select o.name, o.value, count(*)::int as products, (select count(*) from sample)::int as sampled
        from sample s
        cross join unnest(s.option_values) as p(pair)
        cross join lateral (
          values (case when p.pair like '1=%' then s.option1_name else s.option2_name end, substr(p.pair, 3))
        ) as o(name, value)
        where o.name is not null
        group by o.name, o.value
        order by count(*) desc
        limit ${OPTION_FACET_NAMES * OPTION_FACET_VALUES * 4}`,
  );
  type Named = {
    spellings: Map<string, number>;
    products: number;
    values: Map<string, { spellings: Map<string, number>; products: number }>;
  };
  const options = new Map<string, Named>();
  const spell = (m: Map<string, number>, s: string, n: number) => m.set(s, (m.get(s) ?? 0) + n);
  // A capitalised spelling ('Size', 'M') before an all lower-case one, then the most used.
  const capitalised = (s: string) => (s !== s.toLowerCase() ? 1 : 0);
  const mostUsed = (m: Map<string, number>) =>
    [...m].sort((a, b) => capitalised(b[0]) - capitalised(a[0]) || b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
  for (const r of rows) {
    const name = normaliseOption(r.name);
    const option = options.get(name) ?? { spellings: new Map(), products: 0, values: new Map() };
    spell(option.spellings, r.name.trim(), r.products);
    option.products += r.products;
    const value = normaliseOption(r.value);
    const v = option.values.get(value) ?? { spellings: new Map(), products: 0 };
    spell(v.spellings, r.value.trim(), r.products);
    v.products += r.products;
    option.values.set(value, v);
    options.set(name, option);
  }
  return {
    options: [...options.values()]
      .sort((a, b) => b.products - a.products)
      .slice(0, OPTION_FACET_NAMES)
      .map((o) => {
        const name = mostUsed(o.spellings);
        const values = [...o.values.values()]
          .sort((a, b) => b.products - a.products)
          .slice(0, OPTION_FACET_VALUES)
          .map((v) => ({ value: mostUsed(v.spellings), products: v.products }))
          .sort((a, b) => compareOptionValues(a.value, b.value));
        return {
          name,
          values: values.map((v) => ({
            value: v.value,
            param: optionFilterParam(name, v.value),
            products: v.products,
          })),
        };
      }),
    complete: (rows[0]?.sampled ?? 0) < OPTION_FACET_PRODUCTS,
  };
}
