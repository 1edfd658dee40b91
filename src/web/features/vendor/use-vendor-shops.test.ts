import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterShopChange, vendorShopsQueryKey } from './use-vendor-shops';
import { vendorOverviewQueryKey, vendorProductsQueryKey } from './vendor-products-api';

describe('refreshAfterShopChange', () => {
  it("marks the vendor's shops and products and the storefront's searches and product pages out of date, and nothing else", async () => {
    const qc = new QueryClient();
    const keys = {
      shops: vendorShopsQueryKey,
      vendorProducts: [...vendorProductsQueryKey, '?status=active'],
      overview: vendorOverviewQueryKey,
      search: ['products', '?q=kurta'],
      productPage: ['product', 'a1b2'],
      cart: ['cart'],
    };
    for (const key of Object.values(keys)) qc.setQueryData(key, { cached: true });

    await refreshAfterShopChange(qc);

    const stale = Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [name, qc.getQueryState(key)?.isInvalidated]),
    );
    // A closed shop's products must not linger in a cached search or product page.
    expect(stale).toEqual({
      shops: true,
      vendorProducts: true,
      overview: true,
      search: true,
      productPage: true,
      cart: false,
    });
  });
});
