import type { ProductPage } from '../../../contracts/catalog.contract';
import { BROWSABLE_RESULTS } from '../../../contracts/catalog.constants';

/** '1 product', '240 products', or 'About 83,000 products' when the server estimated a long list. */
export function productCount(page: Pick<ProductPage, 'total' | 'totalEstimated'>): string {
  const n = page.total.toLocaleString('en-IN');
  if (page.totalEstimated) return `About ${n} products`;
  return `${n} ${page.total === 1 ? 'product' : 'products'}`;
}

/** The results the pages can reach: a long list is paged up to its first BROWSABLE_RESULTS. */
export const browsableTotal = (total: number): number => Math.min(total, BROWSABLE_RESULTS);
