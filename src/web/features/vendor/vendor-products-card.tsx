import { Pencil, Power, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { PRODUCT_PLACEHOLDER_IMAGE } from '../../../contracts/catalog.constants';
import { reviewBadge } from '../../../contracts/product-review.contract';
import type { VendorProduct } from '../../../contracts/vendor-products.contract';
import { discountPercent } from '../../../domain/money';
import { Button } from '../../ui/Button';
import { PriceTag, usePlaceholderOnError } from '../../ui/ProductCard';
import { Skeleton } from '../../ui/States';
import { StatusBadge } from '../../ui/StatusBadge';
import { optionsSummary } from './product-options';

type VendorProductCardProps = {
  product: VendorProduct;
  onEdit: (p: VendorProduct) => void;
  onToggle: (p: VendorProduct) => void;
  onDelete: (p: VendorProduct) => void;
  toggling?: boolean;
};

/** A product's review as its vendor sees it: 'Pending review', or 'Rejected: reason' (nothing once approved). */
export function ReviewBadge({ product }: { product: VendorProduct }) {
  const badge = reviewBadge(product.review);
  if (!badge) return null;
  const tone = product.review.status === 'rejected' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900';
  return <p className={`rounded px-2 py-0.5 text-xs font-medium ${tone}`}>{badge}</p>;
}

/** One of the vendor's products: picture (or the placeholder), name, shop, price, sizes and colours ('4 sizes · 2 colours'), stock, status and its actions. */
export function VendorProductCard({ product: p, onEdit, onToggle, onDelete, toggling }: VendorProductCardProps) {
  const nameId = useId();
  const onImageError = usePlaceholderOnError();
  return (
    <li
      aria-labelledby={nameId}
      className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex sm:flex-col">
        <div className="w-28 shrink-0 bg-slate-100 sm:w-full">
          <img
            src={p.imageUrl ?? PRODUCT_PLACEHOLDER_IMAGE}
            alt={p.name}
            width={400}
            height={400}
            loading="lazy"
            decoding="async"
            onError={onImageError}
            className={`aspect-square h-full w-full object-cover ${p.isActive ? '' : 'opacity-60 grayscale'}`}
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
          <div className="flex items-start justify-between gap-2">
            <h3 id={nameId} className="line-clamp-2 text-sm font-semibold text-slate-900 sm:text-base">
              {p.name}
            </h3>
            <StatusBadge status={p.isActive ? 'active' : 'inactive'} className="shrink-0" />
          </div>
          <ReviewBadge product={p} />
          <p className="truncate text-xs text-slate-600">
            {p.storeName}
            {!p.storeIsActive && ' (shop inactive)'} · {p.categoryName} ·{' '}
            {p.hsnCode ? `HSN ${p.hsnCode}` : 'No HSN code'}
          </p>
          <PriceTag
            pricePaise={p.pricePaise}
            originalPricePaise={p.originalPricePaise}
            discountPercent={discountPercent(p.pricePaise, p.originalPricePaise)}
          />
          {p.options.length > 0 && <p className="text-xs font-medium text-violet-800">{optionsSummary(p.options)}</p>}
          <p className={`text-sm ${p.stockQuantity === 0 ? 'font-medium text-red-700' : 'text-slate-700'}`}>
            {p.stockQuantity === 0
              ? 'Out of stock'
              : `Stock: ${p.stockQuantity.toLocaleString('en-IN')}${p.options.length > 0 ? ' in all' : ''}`}
            <span className="text-slate-500"> · {p.rewardPercentage}% points</span>
          </p>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-1.5 border-t border-slate-100 px-3 py-2.5">
        <Button variant="secondary" size="sm" onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onToggle(p)}
          loading={toggling}
          aria-label={`${p.isActive ? 'Deactivate' : 'Activate'} ${p.name}`}
        >
          {!toggling && <Power className="h-4 w-4" aria-hidden="true" />}
          {p.isActive ? 'Deactivate' : 'Activate'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto px-2 text-red-700 hover:bg-red-50"
          onClick={() => onDelete(p)}
          aria-label={`Delete ${p.name}`}
          title="Delete"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** A card-shaped placeholder while the vendor's products load. */
export function VendorProductCardSkeleton() {
  return (
    <li aria-hidden="true" className="flex overflow-hidden rounded-lg border border-slate-200 bg-white sm:flex-col">
      <Skeleton className="aspect-square w-28 shrink-0 rounded-none sm:w-full" />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-8 w-full" />
      </div>
    </li>
  );
}
