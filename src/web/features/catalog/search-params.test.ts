import { describe, expect, it } from 'vitest';
import { parseSearch } from './parse-search';
import { activeFilterCount, defaultSearch, findCategory, toApiQuery, toSearchParams } from './search-params';

const parse = (q: string) => parseSearch(new URLSearchParams(q));

describe('search URL', () => {
  it('reads every part of a search and writes it back the same way', () => {
    const url = 'q=cotton+kurta&category=Home+%26+Living&minPrice=500&maxPrice=2500&minRating=4&sort=price-low&view=list&page=3';
    const s = parse(url);
    expect(s).toEqual({ q: 'cotton kurta', category: 'Home & Living', minPrice: 500, maxPrice: 2500, minRating: 4, sort: 'price-low', view: 'list', page: 3 });
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
    expect(toApiQuery(parse('q=saree&view=list&sort=rating&page=2&minRating=3'))).toBe('?q=saree&minRating=3&sort=rating&page=2&pageSize=20');
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
