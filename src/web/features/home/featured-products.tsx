import { PackageOpen } from 'lucide-react';
import { ProductCard, ProductCardSkeleton, type CardActionFor } from '../../ui/ProductCard';
import { EmptyState, ErrorState, LoadingRegion } from '../../ui/States';
import { useFeaturedProducts } from '../../api/catalog';

/** SPEC section 9: the home page features 4 products. */
export const FEATURED_COUNT = 4;

/** The home page's featured products: the 4 newest, each with discount, points, shop and add to cart. */
export function FeaturedProducts({ addToCartAction }: { addToCartAction: CardActionFor }) {
  const featured = useFeaturedProducts(FEATURED_COUNT);
  return (
    <section className="mt-10" aria-labelledby="featured-heading">
      <h2 id="featured-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
        Featured products
      </h2>
      <div className="mt-5">
        {featured.isPending ? (
          <LoadingRegion label="Loading featured products">
            <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              {Array.from({ length: FEATURED_COUNT }, (_, i) => (
                <li key={i}>
                  <ProductCardSkeleton />
                </li>
              ))}
            </ul>
          </LoadingRegion>
        ) : featured.isError ? (
          <ErrorState message={featured.error.message} onRetry={() => featured.refetch()} />
        ) : featured.data.items.length === 0 ? (
          <EmptyState
            title="No products yet"
            icon={<PackageOpen className="h-10 w-10 text-slate-400" aria-hidden="true" />}
          >
            Shops are setting up. Please check back soon.
          </EmptyState>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {featured.data.items.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} action={addToCartAction(p)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
