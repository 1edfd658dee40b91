import { MapPin, PackageX, Store } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { productSortLabels, productSorts, type ProductSort } from '../../../contracts/catalog.constants';
import { shopTypeLabels, type PublicShop } from '../../../contracts/shops.contract';
import { DELIVERY_TERMS, noDeliveryMessage } from '../../../domain/pricing';
import { ApiError } from '../../api/client';
import { cn } from '../../ui/cn';
import { Select } from '../../ui/Field';
import { Page, useTitle } from '../../ui/Page';
import { Pagination } from '../../ui/Pagination';
import { ProductCard, ProductCardSkeleton, type CardActionFor } from '../../ui/ProductCard';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { useShop, useShopProducts } from './catalog-api';
import { CatalogNotFound } from './catalog-not-found';
import { browsableTotal, productCount } from './product-count';

const SHOP_PAGE_SIZE = 20;
// Relevance needs search words; a shop's page has none.
const shopSorts = productSorts.filter((s) => s !== 'relevance');
const isShopSort = (v: string | null): v is ProductSort => shopSorts.some((s) => s === v);

/** /shop/{id}: an open shop (name, type, place, what it says of itself, delivery) and its active products. */
export function ShopPage({ addToCartAction }: { addToCartAction: CardActionFor }) {
  const { id = '' } = useParams();
  const shop = useShop(id);
  if (shop.isPending) return <ShopSkeleton />;
  if (shop.isError) {
    if (shop.error instanceof ApiError && (shop.error.status === 404 || shop.error.status === 400))
      return <CatalogNotFound title="Shop not found" text="This shop does not exist or is closed right now." />;
    return (
      <Page title="Shop" narrow>
        <ErrorState message={shop.error.message} onRetry={() => shop.refetch()} />
      </Page>
    );
  }
  return <ShopView shop={shop.data} addToCartAction={addToCartAction} />;
}

function ShopView({ shop, addToCartAction }: { shop: PublicShop; addToCartAction: CardActionFor }) {
  useTitle(shop.name);
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: ProductSort = isShopSort(sortParam) ? sortParam : 'newest';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const products = useShopProducts(shop.id, sort, page, SHOP_PAGE_SIZE);
  const data = products.data;
  const total = data?.total ?? 0;

  const go = (next: { sort: ProductSort; page: number }) => {
    const q = new URLSearchParams();
    if (next.sort !== 'newest') q.set('sort', next.sort);
    if (next.page > 1) q.set('page', String(next.page));
    setParams(q);
  };
  const place = [shop.city, shop.state].filter(Boolean).join(', ');

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <section aria-labelledby="shop-name" className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        {shop.bannerUrl && (
          <img src={shop.bannerUrl} alt="" width={1200} height={300} className="h-28 w-full object-cover sm:h-44" />
        )}
        <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:p-6">
          {shop.logoUrl ? (
            <img
              src={shop.logoUrl}
              alt={`${shop.name} logo`}
              width={80}
              height={80}
              className="h-16 w-16 shrink-0 rounded-lg border border-slate-200 object-cover sm:h-20 sm:w-20"
            />
          ) : (
            <span
              className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg bg-violet-50 text-violet-700 sm:h-20 sm:w-20"
              aria-hidden="true"
            >
              <Store className="h-8 w-8" />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <h1 id="shop-name" className="text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">
              {shop.name}
            </h1>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
              <span>{shopTypeLabels[shop.shopType]}</span>
              {place && (
                <span className="inline-flex items-center gap-1">
                  <MapPin className="h-4 w-4" aria-hidden="true" />
                  {place}
                </span>
              )}
            </p>
            {shop.description && <p className="mt-3 whitespace-pre-line text-slate-700">{shop.description}</p>}
            <p className={cn('mt-3 text-sm', shop.delivers ? 'text-slate-700' : 'font-medium text-amber-800')}>
              {shop.delivers ? `${DELIVERY_TERMS}.` : `${noDeliveryMessage(shop.name)}.`}
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="shop-products" className="mt-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="shop-products" className="text-xl font-semibold text-slate-900">
              Products
            </h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {data ? productCount(data) : products.isPending ? 'Loading…' : '\u00a0'}
            </p>
          </div>
          <div className="w-full sm:w-60">
            <Select label="Sort by" value={sort} onChange={(e) => go({ sort: e.target.value as ProductSort, page: 1 })}>
              {shopSorts.map((s) => (
                <option key={s} value={s}>
                  {productSortLabels[s]}
                </option>
              ))}
            </Select>
          </div>
        </div>

        <div className="mt-4">
          {products.isPending ? (
            <LoadingRegion label="Loading products">
              <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
                {Array.from({ length: 8 }, (_, i) => (
                  <li key={i}>
                    <ProductCardSkeleton />
                  </li>
                ))}
              </ul>
            </LoadingRegion>
          ) : products.isError ? (
            <ErrorState message={products.error.message} onRetry={() => products.refetch()} />
          ) : data && data.items.length === 0 ? (
            <EmptyState
              title={page > 1 ? 'No more products' : 'No products yet'}
              icon={<PackageX className="h-10 w-10 text-slate-400" aria-hidden="true" />}
            >
              {page > 1 ? 'This page is past the last product.' : 'This shop has no products on sale right now.'}
            </EmptyState>
          ) : data ? (
            <div
              aria-busy={products.isPlaceholderData}
              className={cn('transition-opacity', products.isPlaceholderData && 'opacity-60')}
            >
              <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
                {data.items.map((p, i) => (
                  <li key={p.id}>
                    <ProductCard product={p} eager={i < 4} action={addToCartAction(p)} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                pageSize={SHOP_PAGE_SIZE}
                total={browsableTotal(total)}
                onPage={(next) => {
                  go({ sort, page: next });
                  window.scrollTo({ top: 0 });
                }}
              />
            </div>
          ) : null}
        </div>
      </section>
    </div>
  );
}

function ShopSkeleton() {
  return (
    <LoadingRegion label="Loading shop">
      <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <div className="flex gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <Skeleton className="h-16 w-16 sm:h-20 sm:w-20" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-7 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
      </div>
    </LoadingRegion>
  );
}
