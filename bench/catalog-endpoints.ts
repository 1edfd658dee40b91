/** A measured request: its name in the tables, its path, and the same request for `n` results. */
export type Endpoint = { name: string; path: string; sized: (n: number) => string; admin?: boolean };

/**
 * The storefront's catalog reads every catalog bench measures (`npm run bench`, bench/paired.ts), with
 * `id` the product whose page is read.
 */
export function catalogEndpoints(id: string): Endpoint[] {
  return [
    { name: 'Product list, page 3', path: '/api/products?page=3', sized: (n) => `/api/products?page=3&pageSize=${n}` },
    // The last page a shopper can reach (BROWSABLE_RESULTS: 200).
    {
      name: 'Product list, deepest page (results 181 to 200)',
      path: '/api/products?sort=newest&page=10',
      sized: (n) => `/api/products?sort=newest&page=${Math.floor(150 / n) + 1}&pageSize=${n}`,
    },
    { name: 'Product page (by id)', path: `/api/products/${id}`, sized: () => `/api/products/${id}` },
    {
      name: 'Search, selective "pashmina"',
      path: '/api/products?q=pashmina',
      sized: (n) => `/api/products?q=pashmina&pageSize=${n}`,
    },
    {
      name: 'Search, common "cotton"',
      path: '/api/products?q=cotton',
      sized: (n) => `/api/products?q=cotton&pageSize=${n}`,
    },
    {
      name: 'Search with a typo "kurtha"',
      path: '/api/products?q=kurtha',
      sized: (n) => `/api/products?q=kurtha&pageSize=${n}`,
    },
    {
      name: 'Category, price low to high',
      path: '/api/products?category=fashion&sort=price-low',
      sized: (n) => `/api/products?category=fashion&sort=price-low&pageSize=${n}`,
    },
    {
      name: 'Category + Size M, newest',
      path: '/api/products?category=fashion&option=size:m&sort=newest',
      sized: (n) => `/api/products?category=fashion&option=size:m&sort=newest&pageSize=${n}`,
    },
    {
      name: 'Search "kurta" + Size M',
      path: '/api/products?q=kurta&option=size:m',
      sized: (n) => `/api/products?q=kurta&option=size:m&pageSize=${n}`,
    },
    {
      name: 'Option chips of a category',
      path: '/api/products/options?category=fashion',
      sized: () => '/api/products/options?category=fashion',
    },
  ];
}
