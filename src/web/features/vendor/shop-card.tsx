import { Banknote, MapPin, Pencil, Power, Store, Truck } from 'lucide-react';
import { shopTypeLabels, type Shop } from '../../../contracts/shops.contract';
import { codMessages } from '../../../domain/cod';
import { DELIVERY_TERMS } from '../../../domain/pricing';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';

type ShopCardProps = {
  shop: Shop;
  /** Edit Shop; without it the card is read-only (the dashboard's Shops tab). */
  onEdit?: (shop: Shop) => void;
  /** The Active/Inactive toggle; without it the card shows the status only. */
  onToggle?: (shop: Shop) => void;
  toggling?: boolean;
};

/** The shop's delivery in one line, as checkout charges it (the marketplace's rule for every order). */
function deliveryText(shop: Shop): string {
  if (!shop.deliveryAvailable) return 'No delivery: its products cannot be ordered online';
  return DELIVERY_TERMS;
}

/** A shop's card: banner and logo, name, type, city, delivery (and cash on delivery when offered), the Active/Inactive badge, and its actions. */
export function ShopCard({ shop, onEdit, onToggle, toggling }: ShopCardProps) {
  const place = [shop.city, shop.state].filter(Boolean).join(', ');
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="relative h-24 bg-gradient-to-br from-violet-100 to-violet-50">
        {shop.bannerUrl && (
          <img
            src={shop.bannerUrl}
            alt=""
            width={600}
            height={200}
            loading="lazy"
            className="h-full w-full object-cover"
          />
        )}
        <span
          className={cn(
            'absolute right-2 top-2 rounded-full px-2.5 py-0.5 text-xs font-semibold',
            shop.isActive ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700',
          )}
        >
          {shop.isActive ? 'Active' : 'Inactive'}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="relative z-10 -mt-12 mb-2 h-16 w-16 overflow-hidden rounded-lg border-4 border-white bg-white shadow">
          {shop.logoUrl ? (
            <img
              src={shop.logoUrl}
              alt={`${shop.shopName} logo`}
              width={64}
              height={64}
              loading="lazy"
              className="h-full w-full object-cover"
            />
          ) : (
            <div
              className="flex h-full w-full items-center justify-center bg-violet-100 text-violet-700"
              aria-hidden="true"
            >
              <Store className="h-6 w-6" />
            </div>
          )}
        </div>
        <h3 className="break-words text-base font-semibold text-slate-900">{shop.shopName}</h3>
        <p className="text-sm text-slate-600">{shopTypeLabels[shop.shopType]}</p>
        {place && (
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
            <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
            {place}
          </p>
        )}
        <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
          <Truck className="h-4 w-4 shrink-0" aria-hidden="true" />
          {deliveryText(shop)}
        </p>
        {shop.deliveryAvailable && shop.codEnabled && (
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
            <Banknote className="h-4 w-4 shrink-0" aria-hidden="true" />
            {codMessages.label}
          </p>
        )}
        {shop.shopDescription && <p className="mt-2 line-clamp-2 text-sm text-slate-700">{shop.shopDescription}</p>}
        {(onEdit || onToggle) && (
          <div className="mt-auto flex flex-wrap gap-2 pt-4">
            {onEdit && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onEdit(shop)}
                aria-label={`Edit Shop ${shop.shopName}`}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
                Edit Shop
              </Button>
            )}
            {onToggle && (
              <Button
                variant={shop.isActive ? 'ghost' : 'primary'}
                size="sm"
                className={shop.isActive ? 'text-red-700 hover:bg-red-50' : undefined}
                onClick={() => onToggle(shop)}
                loading={toggling}
                aria-label={`${shop.isActive ? 'Deactivate' : 'Activate'} ${shop.shopName}`}
              >
                <Power className="h-4 w-4" aria-hidden="true" />
                {shop.isActive ? 'Deactivate' : 'Activate'}
              </Button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
