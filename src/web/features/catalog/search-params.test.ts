import { describe, expect, it } from 'vitest';
import { productSearchQuerySchema } from '../../../contracts/catalog.contract';
import {
  activeFilterCount,
  defaultSearch,
  findCategory,
  optionGroups,
  optionLabel,
  parseSearch,
  toApiQuery,
  toggleOption,
  toOptionsQuery,
  toSearchParams,
  type SearchState,
} from './search-params';

const parse = (q: string) => parseSearch(new URLSearchParams(q));

describe('search URL', () => {
  it('reads every part of a search and writes it back the same way', () => {
    const url =
      'q=cotton+kurta&category=Home+%26+Living&minPrice=500&maxPrice=2500&minRating=4&sort=price-low&view=list&page=3';
    const s = parse(url);
    expect(s).toEqual({
      q: 'cotton kurta',
      category: 'Home & Living',
      minPrice: 500,
      maxPrice: 2500,
      minRating: 4,
      sort: 'price-low',
      view: 'list',
      page: 3,
      option: [],
    });
    expect(toSearchParams(s).toString()).toBe(url);
  });

  it('leaves defaults out of the URL', () => {
    expect(toSearchParams(defaultSearch).toString()).toBe('');
    expect(parse('')).toEqual(defaultSearch);
  });

  it('falls back to the default for a value that makes no sense', () => {
    expect(parse('minPrice=-5&maxPrice=999999&minRating=9&sort=cheapest&view=table&page=0')).toEqual(defaultSearch);
    expect(parse('page=abc&q=').page).toBe(1);
  });

  it('swaps a minimum price above the maximum', () => {
    expect(parse('minPrice=3000&maxPrice=1000')).toMatchObject({ minPrice: 1000, maxPrice: 3000 });
  });

  it('asks the API for the search without the view, and with the page size', () => {
    expect(toApiQuery(parse('q=saree&view=list&sort=rating&page=2&minRating=3'))).toBe(
      '?q=saree&minRating=3&sort=rating&page=2&pageSize=20',
    );
    expect(toApiQuery(defaultSearch)).toBe('?pageSize=20');
  });

  it('finds a category by id, name or slug and counts active filters', () => {
    const cats = [{ id: '9b2f0a3e-1111-4c5d-8e9f-000000000001', name: 'Home & Living', slug: 'home-living' }];
    expect(findCategory(cats, 'home & living')?.slug).toBe('home-living');
    expect(findCategory(cats, 'home-living')?.name).toBe('Home & Living');
    expect(findCategory(cats, cats[0].id)?.name).toBe('Home & Living');
    expect(findCategory(cats, 'Toys')).toBeUndefined();
    expect(activeFilterCount(parse('q=x&category=Books&maxPrice=100&minRating=4'))).toBe(3);
    expect(activeFilterCount(parse('q=x&sort=rating'))).toBe(0);
  });
});

describe('option filters in the URL', () => {
  it('reads each option value once, written one way, and writes them back in the order chosen', () => {
    const s = parse('category=fashion&option=Size:M&option=colour:indigo&option=size:m&option=nonsense');
    expect(s.option).toEqual(['size:m', 'colour:indigo']);
    expect(toSearchParams(s).toString()).toBe('category=fashion&option=size%3Am&option=colour%3Aindigo');
    expect(toApiQuery(s)).toBe('?category=fashion&pageSize=20&option=size%3Am&option=colour%3Aindigo');
    expect(activeFilterCount(s)).toBe(3);
  });

  it('asks for the chips of the search without its options, sort and page', () => {
    expect(toOptionsQuery(parse('q=kurta&category=fashion&minPrice=500&option=size:m&sort=newest&page=2'))).toBe(
      '?q=kurta&category=fashion&minPrice=500',
    );
  });

  it('toggles a value and names it as the chips do', () => {
    expect(toggleOption(['size:m'], 'size:l')).toEqual(['size:m', 'size:l']);
    expect(toggleOption(['size:m', 'size:l'], 'size:m')).toEqual(['size:l']);
    const offered = [{ name: 'Shoe Size', values: [{ value: 'UK 7', param: 'shoe size:uk 7' }] }];
    expect(optionLabel('shoe size:uk 7', offered)).toBe('Shoe Size: UK 7');
    expect(optionLabel('size:m', offered)).toBe('Size: M');
    expect(optionLabel('colour:indigo', undefined)).toBe('Colour: Indigo');
  });

  it('keeps a chosen value that is not on offer among the chips, in its option', () => {
    const offered = [
      {
        name: 'Size',
        values: [
          { value: 'M', param: 'size:m' },
          { value: 'XL', param: 'size:xl' },
        ],
      },
    ];
    const groups = optionGroups(offered, ['size:m', 'size:s', 'colour:indigo']);
    expect(groups.map((g) => [g.name, g.values.map((v) => v.value)])).toEqual([
      ['Size', ['S', 'M', 'XL']],
      ['Colour', ['Indigo']],
    ]);
    expect(optionGroups(undefined, [])).toEqual([]);
  });
});

// parseSearch reads a URL without zod; here each field's reading is held against the contract's
// schema for that field (a value the schema takes is read the same, one it refuses falls back to the default).
const shape = productSearchQuerySchema.shape;

function bySchema<K extends keyof SearchState>(key: K, raw: string): SearchState[K] {
  const r = shape[key].safeParse(raw);
  return (r.success && r.data !== undefined ? r.data : defaultSearch[key]) as SearchState[K];
}

const samples: Record<keyof SearchState, string[]> = {
  q: ['', '   ', 'cotton kurta', '  saree  ', 'a'.repeat(100), 'a'.repeat(101), ` ${'b'.repeat(100)} `, 'कुर्ता'],
  category: ['', 'Fashion', ' Home & Living ', 'x'.repeat(101)],
  minPrice: ['', ' ', '0', '500', '499.5', '50000', '50001', '-1', 'abc', '1e3', ' 250 ', 'Infinity', '0x10'],
  maxPrice: ['', '2500', '50000', '50000.01', 'NaN', '12abc'],
  minRating: ['', '0', '3', '4.5', '5', '5.1', '-0.5', 'four'],
  sort: ['', 'relevance', 'price-low', 'price-high', 'rating', 'newest', 'cheapest', 'PRICE-LOW'],
  view: ['', 'grid', 'list', 'table'],
  option: [
    '',
    'size:m',
    'Size: M ',
    'colour:Indigo',
    'size',
    ':m',
    'size:',
    `size:${'x'.repeat(41)}`,
    'shoe size:UK 7',
  ],
  page: ['', '1', '2', '10', '11', '0', '-3', '2.5', 'abc', '1e2', ' 3 '],
};

describe('reading a search from its URL', () => {
  for (const key of Object.keys(samples) as (keyof SearchState)[]) {
    it(`reads ${key} as the contract's schema does`, () => {
      for (const raw of samples[key]) {
        // Prices are read together (a minimum above the maximum is swapped), so each is read beside a default partner.
        expect({ raw, value: parseSearch(new URLSearchParams({ [key]: raw }))[key] }).toEqual({
          raw,
          value: bySchema(key, raw),
        });
      }
    });
  }

  it('takes a URL without the parameter as the default', () => {
    expect(parseSearch(new URLSearchParams())).toEqual(defaultSearch);
  });
});
