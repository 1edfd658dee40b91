import { ArrowRight, Store } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ProductDetail } from '../../../contracts/catalog.contract';
import { LOW_STOCK_AT } from '../../../contracts/catalog.constants';
import { ApiError } from '../../api/client';
import { Page, useTitle } from '../../ui/Page';
import { PointsBadge } from '../../ui/PointsBadge';
import { OfferPrice, PriceTag } from '../../ui/ProductCard';
import { QuantityStepper } from '../../ui/QuantityStepper';
import { StarRating } from '../../ui/StarRating';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { useProduct } from './catalog-api';
import { CatalogNotFound } from './catalog-not-found';
import { ProductGallery } from './product-gallery';
import { ProductReviews } from './product-reviews';
import {
  choiceFromParams,
  choiceToParams,
  chooseValue,
  missingChoiceMessage,
  shownOffer,
  type OptionIndex,
} from './variant-choice';
import { VariantPicker } from './variant-picker';
import type { AddToCartButtonPart } from '../../ui/cart-parts';
import { DELIVERY_TERMS, noDeliveryMessage } from '../../../domain/pricing';

/**
 * /product/{id}: gallery, price, points, stock, the size and colour (kept in the address:
 * ?size=M&colour=Indigo), quantity, add to cart, description and reviews.
 */
export function ProductPage({ addToCartButton }: { addToCartButton: AddToCartButtonPart }) {
  const { id = '' } = useParams();
  const product = useProduct(id);
  if (product.isPending) return <ProductSkeleton />;
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404)
      return (
        <CatalogNotFound title="Product not found" text="This product does not exist or is no longer available." />
      );
    return (
      <Page title="Product Details" narrow>
        <ErrorState message={product.error.message} onRetry={() => product.refetch()} />
      </Page>
    );
  }
  // A new id starts with quantity 1 and no "Go to Cart" link.
  return <ProductView key={product.data.id} p={product.data} AddToCartButton={addToCartButton} />;
}

function ProductView({ p, AddToCartButton }: { p: ProductDetail; AddToCartButton: AddToCartButtonPart }) {
  useTitle(p.name);
  const nameId = useId();
  const choiceMessageId = useId();
  const [params, setParams] = useSearchParams();
  const choice = useMemo(() => choiceFromParams(p, params), [p, params]);
  const offer = shownOffer(p, choice);
  const missingChoice = missingChoiceMessage(p, choice);
  const [askedForChoice, setAskedForChoice] = useState(false);
  const [wantedQuantity, setQuantity] = useState(1);
  const [added, setAdded] = useState(false);
  const inStock = offer.stockQuantity > 0;
  // A variant with less stock than the quantity already picked brings it down.
  const quantity = Math.max(1, Math.min(wantedQuantity, offer.stockQuantity));
  const points = offer.pointsPerUnit * quantity;
  const choose = (index: OptionIndex, value: string) => {
    setParams(choiceToParams(p, chooseValue(p, choice, index, value), params), {
      replace: true,
      preventScrollReset: true,
    });
    setAskedForChoice(false);
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-violet-800 hover:underline">
              Home
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          <li>
            <Link
              to={`/search?category=${encodeURIComponent(p.category.name)}`}
              className="hover:text-violet-800 hover:underline"
            >
              {p.category.name}
            </Link>
          </li>
        </ol>
      </nav>

      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        {/* A new set of pictures (another colour) starts at its first. */}
        <ProductGallery
          key={offer.images.join('|')}
          images={offer.images}
          name={offer.variant ? `${p.name}, ${offer.variant.label}` : p.name}
        />

        <div>
          <h1 id={nameId} className="text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">
            {p.name}
          </h1>
          <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-700">
            <Store className="h-4 w-4 text-slate-500" aria-hidden="true" />
            Sold by{' '}
            <Link
              to={`/shop/${p.store.id}`}
              className="font-medium text-slate-900 underline-offset-2 hover:text-violet-800 hover:underline"
            >
              {p.store.name}
            </Link>
            {p.store.city && <span className="text-slate-600">· {p.store.city}</span>}
          </p>
          {p.ratingCount > 0 && (
            <a href="#reviews" className="mt-2 inline-flex rounded hover:underline">
              <StarRating value={p.ratingAverage} count={p.ratingCount} showValue />
            </a>
          )}

          <div className="mt-4">
            {offer.promotion ? (
              <OfferPrice offer={offer.promotion} fullPricePaise={offer.pricePaise} from={offer.fromPrice} size="lg" />
            ) : (
              <>
                {offer.fromPrice && <p className="text-sm text-slate-700">From</p>}
                <PriceTag
                  pricePaise={offer.pricePaise}
                  originalPricePaise={offer.originalPricePaise}
                  discountPercent={offer.discountPercent}
                  size="lg"
                />
              </>
            )}
            <p className="mt-0.5 text-xs text-slate-600">
              Inclusive of all taxes.{p.delivers && ` ${DELIVERY_TERMS}.`}
            </p>
          </div>

          {points > 0 && (
            <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <PointsBadge points={points} />
              <span>
                Earn {offer.fromPrice ? 'from ' : ''}
                {points.toLocaleString('en-IN')} reward {points === 1 ? 'point' : 'points'}
                {quantity > 1 ? ` on ${quantity} items` : ''} ({p.rewardPercentage}% back)
              </span>
            </p>
          )}

          {p.options.length > 0 && (
            <VariantPicker
              product={p}
              choice={choice}
              onChoose={choose}
              message={askedForChoice ? missingChoice : null}
              messageId={choiceMessageId}
            />
          )}

          <p className="mt-4 text-sm font-medium" aria-live="polite">
            {!inStock ? (
              <span className="text-red-700">Out of stock</span>
            ) : offer.stockQuantity <= LOW_STOCK_AT ? (
              <span className="text-amber-800">Only {offer.stockQuantity} left</span>
            ) : (
              <span className="text-green-700">In stock ({offer.stockQuantity.toLocaleString('en-IN')} available)</span>
            )}
          </p>

          <div className="mt-4 flex flex-wrap items-end gap-3">
            {inStock && p.delivers && (
              <QuantityStepper value={quantity} onChange={setQuantity} min={1} max={offer.stockQuantity} />
            )}
            <AddToCartButton
              productId={p.id}
              variantId={offer.variant?.id ?? null}
              missingChoice={missingChoice}
              onMissingChoice={() => setAskedForChoice(true)}
              describedBy={askedForChoice && missingChoice ? `${nameId} ${choiceMessageId}` : nameId}
              stock={offer.stockQuantity}
              delivers={p.delivers}
              quantity={quantity}
              size="lg"
              className="min-w-44 flex-1 sm:flex-none"
              onAdded={() => setAdded(true)}
            />
          </div>
          {!p.delivers && <p className="mt-2 text-sm font-medium text-amber-800">{noDeliveryMessage(p.store.name)}.</p>}
          {added && (
            <Link
              to="/cart"
              className="mt-3 inline-flex items-center gap-1.5 rounded-lg border border-violet-300 px-4 py-2 text-sm font-semibold text-violet-800 hover:bg-violet-50"
            >
              Go to Cart
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          )}

          <section aria-labelledby="description-heading" className="mt-8">
            <h2 id="description-heading" className="text-lg font-semibold text-slate-900">
              Description
            </h2>
            <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-slate-700">
              {p.description || 'The seller has not added a description yet.'}
            </p>
          </section>
        </div>
      </div>

      <ProductReviews productId={p.id} ratingAverage={p.ratingAverage} ratingCount={p.ratingCount} />
    </div>
  );
}

/** SPEC: a missing (or hidden) product says 'Product not found' with a way back home. */

function ProductSkeleton() {
  useTitle('Product Details');
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <LoadingRegion label="Loading product">
        <Skeleton className="mb-4 h-4 w-32" />
        <div className="grid gap-6 md:grid-cols-2 md:gap-10">
          <Skeleton className="aspect-square w-full" />
          <div className="space-y-4">
            <Skeleton className="h-8 w-4/5" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-9 w-2/5" />
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-11 w-full sm:w-64" />
            <Skeleton className="h-24 w-full" />
          </div>
        </div>
      </LoadingRegion>
    </div>
  );
}
