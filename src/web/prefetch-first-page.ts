import type { QueryClient } from '@tanstack/react-query';
import { FEATURED_COUNT } from './features/home/featured-products';
import { featuredProductsQuery } from './api/catalog';
import { productQuery, productsQuery } from './features/catalog/catalog-api';
import { parseSearch } from './features/catalog/search-params';

/**
 * Starts the first page's code and data at once, before React renders anything: otherwise a product
 * or search page asks the API only after its lazy chunk has arrived and rendered, and its image
 * (the largest paint) waits on both in turn. The pages' own queries then find the answer under way.
 */
export function prefetchFirstPage(queryClient: QueryClient, { pathname, search } = window.location) {
  if (pathname === '/') {
    void queryClient.prefetchQuery(featuredProductsQuery(FEATURED_COUNT));
    return;
  }
  const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
  if (product) {
    void import('./features/catalog/product-page');
    void queryClient.prefetchQuery(productQuery(decodeURIComponent(product[1])));
    return;
  }
  if (pathname === '/search' || pathname === '/search/') {
    void import('./features/catalog/search-page');
    void queryClient.prefetchQuery(productsQuery(parseSearch(new URLSearchParams(search))));
  }
}
