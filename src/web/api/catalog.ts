import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, ProductPage } from '../../contracts/catalog.contract';
import { api, toQuery } from './client';

// The catalog's queries that other screens than the catalog's share (the vendor's and the super
// admin's category pickers, the home page's newest products); the search's own stay in the feature.

/** The active categories in display order; they rarely change. */
export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: async () => (await api.get<{ items: Category[] }>('/api/categories')).items,
    staleTime: 10 * 60_000,
  });
}

/** A page of `GET /api/products` for a query string, cached under it whichever page asks. */
export function productListQuery(query: string) {
  return queryOptions({
    queryKey: ['products', query],
    queryFn: () => api.get<ProductPage>(`/api/products${query}`),
    staleTime: 30_000,
  });
}

/** The newest products for the home page. */
export function useFeaturedProducts(count: number) {
  return useQuery(featuredProductsQuery(count));
}

/** The query of the home page's newest products. */
export function featuredProductsQuery(count: number) {
  return productListQuery(toQuery({ pageSize: count, sort: 'newest' }));
}
