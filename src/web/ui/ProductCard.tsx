import { useId, type ReactNode, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import type { CardOfferData, ProductCard as ProductCardData } from '../../contracts/catalog.contract';
import { PRODUCT_PLACEHOLDER_IMAGE } from '../../contracts/catalog.constants';
import { formatRupees } from '../../domain/money';
import { cn } from './cn';
import { formatDayMonth } from './format-date';
import { Money } from './Money';
import { PointsBadge } from './PointsBadge';
import { Skeleton } from './States';
import { StarRating } from './StarRating';

/** An image `onError` handler that shows the placeholder instead of a broken image. */
export function showPlaceholderOnError(e: SyntheticEvent<HTMLImageElement>) {
  const img = e.currentTarget;
  if (!img.src.endsWith(PRODUCT_PLACEHOLDER_IMAGE)) img.src = PRODUCT_PLACEHOLDER_IMAGE;
}

/** The same handler, for callers written as `const onError = usePlaceholderOnError()`. */
export function usePlaceholderOnError() {
  return showPlaceholderOnError;
}

/** Price, struck original price and the discount as `-23%`. */
export function PriceTag({
  pricePaise,
  originalPricePaise,
  discountPercent,
  size = 'md',
}: {
  pricePaise: number;
  originalPricePaise: number | null;
  discountPercent: number;
  size?: 'md' | 'lg';
}) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <Money paise={pricePaise} className={cn('font-bold text-slate-900', size === 'lg' ? 'text-3xl' : 'text-lg')} />
      {originalPricePaise !== null && discountPercent > 0 && (
        <>
          <Money paise={originalPricePaise} original className={size === 'lg' ? 'text-base' : 'text-sm'} />
          <span className={cn('font-semibold text-green-700', size === 'lg' ? 'text-base' : 'text-sm')}>
            -{discountPercent}%<span className="sr-only"> off</span>
          </span>
        </>
      )}
    </p>
  );
}

/**
 * A promotion's offer: the price after it, the full price struck through, the promotion's name and its
 * last day ('Ends 5 Dec', India time). A screen reader hears 'Offer price ₹849, was ₹999'.
 */
export function OfferPrice({
  offer,
  fullPricePaise,
  from = false,
  size = 'md',
}: {
  offer: CardOfferData;
  fullPricePaise: number;
  /** The lowest of prices that differ: 'From ₹…'. */
  from?: boolean;
  size?: 'md' | 'lg';
}) {
  const [now, was] = [formatRupees(offer.pricePaise), formatRupees(fullPricePaise)];
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <span className="sr-only">
          {from ? `Offer price from ${now}, was from ${was}` : `Offer price ${now}, was ${was}`}
        </span>
        {from && (
          <span aria-hidden="true" className="text-sm text-slate-600">
            From
          </span>
        )}
        <span aria-hidden="true" className={cn('font-bold text-slate-900', size === 'lg' ? 'text-3xl' : 'text-lg')}>
          {now}
        </span>
        <s aria-hidden="true" className={cn('text-slate-500', size === 'lg' ? 'text-base' : 'text-sm')}>
          {was}
        </s>
      </p>
      <p className={cn('font-medium text-green-800', size === 'lg' ? 'text-sm' : 'text-xs')}>
        {offer.name}
        {offer.endsOn && ` · Ends ${formatDayMonth(offer.endsOn)}`}
      </p>
    </div>
  );
}

/** A card's action, given the id of the element that names the product. */
export type CardAction = (nameId: string) => ReactNode;

/**
 * The action a page gives each product card (the cart feature's Add to Cart, which the router hands to the pages
 * that show products, as a feature imports no other feature).
 */
export type CardActionFor = (p: ProductCardData) => CardAction;

type ProductCardProps = {
  product: ProductCardData;
  layout?: 'grid' | 'list';
  /** Load the image at once (cards above the fold); lazy otherwise. */
  eager?: boolean;
  /** The heading level of the product name: 3 unless told. */
  headingLevel?: 2 | 3;
  /** The card's action (add to cart), given the id of the element that names the product. */
  action?: CardAction;
};

/**
 * A product in a grid or a list: image, name (links to its page), shop, price, discount (or a promotion's
 * offer price), points, rating and the caller's action.
 */
export function ProductCard({ product: p, layout = 'grid', eager, headingLevel = 3, action }: ProductCardProps) {
  const nameId = useId();
  const href = `/product/${p.id}`;
  const Heading = `h${headingLevel}` as const;
  const list = layout === 'list';
  return (
    <article
      aria-labelledby={nameId}
      className={cn(
        'group flex overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md',
        list ? 'flex-row' : 'h-full flex-col',
      )}
    >
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className={cn('block shrink-0 bg-slate-100', list ? 'w-28 self-start sm:w-44' : 'w-full')}
      >
        <img
          src={p.imageUrl ?? PRODUCT_PLACEHOLDER_IMAGE}
          alt={p.name}
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={showPlaceholderOnError}
          className="aspect-square w-full object-cover"
        />
      </Link>
      <div className={cn('flex min-w-0 flex-1 flex-col gap-1.5 p-3', !list && 'sm:p-4')}>
        <Heading className="text-sm font-semibold leading-snug text-slate-900 sm:text-base">
          <Link id={nameId} to={href} className="line-clamp-2 rounded hover:text-violet-800 hover:underline">
            {p.name}
          </Link>
        </Heading>
        <p className="truncate text-xs text-slate-600">
          <span className="sr-only">Sold by </span>
          <Link to={`/shop/${p.storeId}`} className="rounded hover:text-violet-800 hover:underline">
            {p.storeName}
          </Link>
        </p>
        {p.ratingCount > 0 && <StarRating value={p.ratingAverage} count={p.ratingCount} />}
        {p.offer ? (
          <OfferPrice
            offer={p.offer}
            fullPricePaise={p.priceFromPaise ?? p.pricePaise}
            from={p.priceFromPaise !== null}
          />
        ) : p.priceFromPaise !== null ? (
          <p className="flex flex-wrap items-baseline gap-x-1">
            <span className="text-sm text-slate-600">From</span>
            <Money paise={p.priceFromPaise} className="text-lg font-bold text-slate-900" />
          </p>
        ) : (
          <PriceTag
            pricePaise={p.pricePaise}
            originalPricePaise={p.originalPricePaise}
            discountPercent={p.discountPercent}
          />
        )}
        {/* Points are earned on what is paid after promotions: the offer's points when an offer is shown. */}
        {(p.offer?.pointsEarned ?? p.pointsEarned) > 0 && (
          <p>
            <PointsBadge points={p.offer?.pointsEarned ?? p.pointsEarned} />
            <span className="sr-only"> reward points earned</span>
          </p>
        )}
        {action && <div className={cn('mt-auto pt-2', list && 'sm:max-w-xs')}>{action(nameId)}</div>}
      </div>
    </article>
  );
}

/** A card-shaped placeholder while products load. */
export function ProductCardSkeleton({ layout = 'grid' }: { layout?: 'grid' | 'list' }) {
  const list = layout === 'list';
  return (
    <div
      aria-hidden="true"
      className={cn('flex overflow-hidden rounded-lg border border-slate-200 bg-white', list ? 'flex-row' : 'flex-col')}
    >
      <Skeleton className={cn('rounded-none', list ? 'h-28 w-28 sm:h-44 sm:w-44' : 'aspect-square w-full')} />
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-8 w-full" />
      </div>
    </div>
  );
}
