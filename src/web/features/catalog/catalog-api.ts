import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail, ProductOptionFacets, ReviewPage } from '../../../contracts/catalog.contract';
import type { ProductSort } from '../../../contracts/catalog.constants';
import type { PublicShop } from '../../../contracts/shops.contract';
import { productListQuery } from '../../api/catalog';
import { api, toQuery } from '../../api/client';
import { toApiQuery, toOptionsQuery, type SearchState } from './search-params';

/** A page of products for a search; the previous page stays on screen while the next loads. */
export function useProducts(state: SearchState) {
  return useQuery({ ...productsQuery(state), placeholderData: keepPreviousData });
}

/** The query of a search's page of products (also started early by prefetch-first-page.ts). */
export function productsQuery(state: SearchState) {
  return productListQuery(toApiQuery(state));
}

/** The sizes, colours and other option values on offer for a search (its chips); the last ones stay while the next load. */
export function useOptionFacets(state: SearchState) {
  const query = toOptionsQuery(state);
  return useQuery({
    queryKey: ['product-options', query],
    queryFn: () => api.get<ProductOptionFacets>(`/api/products/options${query}`),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** One product for its page. */
export function useProduct(id: string) {
  return useQuery(productQuery(id));
}

/**
 * The query of one product's page. Fresh for 10 s (the server's catalog cache keeps it as long):
 * the page that mounts just after prefetch-first-page.ts fetched it does not ask again. This app's
 * own writes (orders, reviews, a vendor's edits) invalidate it at once.
 */
export function productQuery(id: string) {
  return queryOptions({
    queryKey: ['product', id],
    queryFn: () => api.get<ProductDetail>(`/api/products/${encodeURIComponent(id)}`),
    staleTime: 10_000,
  });
}

export const REVIEWS_PAGE_SIZE = 5;

/** A page of a product's reviews, newest first. */
export function useProductReviews(id: string, page: number, enabled = true) {
  return useQuery({
    queryKey: ['product', id, 'reviews', page],
    queryFn: () =>
      api.get<ReviewPage>(
        `/api/products/${encodeURIComponent(id)}/reviews${toQuery({ page, pageSize: REVIEWS_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** An open shop as shoppers see it (its page). */
export function useShop(id: string) {
  return useQuery({
    queryKey: ['shop', id],
    queryFn: () => api.get<PublicShop>(`/api/shops/${encodeURIComponent(id)}`),
    staleTime: 60_000,
  });
}

/** A page of one shop's active products; the previous page stays on screen while the next loads. */
export function useShopProducts(shopId: string, sort: ProductSort, page: number, pageSize: number, enabled = true) {
  return useQuery({
    ...productListQuery(toQuery({ shop: shopId, sort, page, pageSize })),
    placeholderData: keepPreviousData,
    enabled,
  });
}
