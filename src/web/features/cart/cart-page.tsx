import { ShoppingCart } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Cart } from '../../../contracts/cart.contract';
import { cartMessages } from '../../../contracts/cart.messages';
import { pointsUsableAfterPromotions, totalsAfterPromotions } from '../../../domain/promotions-apply';
import { RequireRole } from '../../layout/RequireRole';
import { AppliedOffers } from '../../ui/AppliedOffers';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { EmptyState, ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { CartLineRow, cartIsBuyable } from './cart-line';
import { flushCartSaves, useCartSaving } from '../../api/cart-saves';
import { PointsPicker, SummaryAmounts, SummaryLines, SummaryPanel } from '../../ui/OrderSummary';
import { useCart } from '../../api/cart';

const continueLink =
  'inline-flex items-center justify-center rounded-lg bg-violet-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-violet-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2';

function CartSkeleton() {
  return (
    <LoadingRegion label="Loading your cart">
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 lg:col-span-2">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex gap-4">
              <Skeleton className="h-20 w-20 sm:h-24 sm:w-24" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-1/3" />
                <Skeleton className="h-8 w-28" />
              </div>
            </div>
          ))}
        </div>
        <Skeleton className="h-64 w-full" />
      </div>
    </LoadingRegion>
  );
}

/** The lines, the order summary with the points picker, and 'Proceed to Checkout'. */
function CartView({
  cart,
  onCheckout,
  points,
  setPoints,
  couponFromLink,
}: {
  cart: Cart;
  onCheckout: () => void;
  points: number;
  setPoints: (n: number) => void;
  couponFromLink: string | null;
}) {
  const buyable = cart.items.filter((i) => i.available);
  // Promotions first, then points (at most what is left to pay), as checkout charges them.
  const amounts = buyable.map((l) => ({ grossPaise: l.pricePaise * l.quantity, discountPaise: l.discountPaise }));
  const maxPoints = pointsUsableAfterPromotions(amounts, cart.availablePoints);
  const used = Math.min(points, maxPoints);
  const after = totalsAfterPromotions(amounts, used, cart.availablePoints);
  const totals = { ...after, pointsEarned: buyable.reduce((s, l) => s + l.pointsEarned, 0) };
  const itemCount = buyable.reduce((n, l) => n + l.quantity, 0);
  const ready = cartIsBuyable(cart.items);
  // The amounts below are the saved cart's: while a quantity is on its way they would be out of date.
  const saving = useCartSaving();

  return (
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <section
        aria-labelledby="cart-items-heading"
        className="rounded-lg border border-slate-200 bg-white px-4 shadow-sm lg:col-span-2"
      >
        <h2 id="cart-items-heading" className="sr-only">
          Items in your cart
        </h2>
        <ul className="divide-y divide-slate-200">
          {cart.items.map((line) => (
            <CartLineRow key={line.id} line={line} />
          ))}
        </ul>
      </section>
      <SummaryPanel headingId="summary-heading" title="Order Summary">
        <PointsPicker available={cart.availablePoints} max={maxPoints} value={used} onChange={setPoints} />
        <SummaryAmounts updating={saving}>
          <SummaryLines totals={totals} itemCount={itemCount} discountPaise={totals.discountPaise} />
        </SummaryAmounts>
        <AppliedOffers offers={cart.promotions.map((p, i) => ({ key: `${i}`, title: p.name, ...p }))} />
        {!ready && (
          <p role="status" className="text-sm text-red-700">
            Some items cannot be bought as they are. Remove them or lower their quantity to continue.
          </p>
        )}
        {couponFromLink && (
          <p className="text-sm text-slate-700">Checkout applies the coupon code {couponFromLink.toUpperCase()}.</p>
        )}
        <Button size="lg" className="w-full" onClick={onCheckout} disabled={!ready}>
          Proceed to Checkout
        </Button>
        <Link to="/" className="block text-center text-sm font-medium text-violet-700 hover:underline">
          Continue Shopping
        </Link>
      </SummaryPanel>
    </div>
  );
}

/**
 * The checkout feature's panel, handed in by the router, since a feature imports no other feature;
 * `couponFromLink`: the code of /cart?coupon=, which it applies.
 */
type CheckoutPanelType = ComponentType<{ pointsToUse: number; onBack: () => void; couponFromLink: string | null }>;

/** The coupon code of /cart?coupon=SAVE10 (an announcement's 'Apply code'), as the link has it; null for none. */
export const COUPON_PARAM = 'coupon';

function CartContent({ checkoutPanel: CheckoutPanel }: { checkoutPanel: CheckoutPanelType }) {
  const cart = useCart();
  const [params] = useSearchParams();
  const couponFromLink = params.get(COUPON_PARAM)?.trim() || null;
  // Opened with a coupon code: straight to checkout, which applies it, once the cart can be bought.
  const [checkingOut, setCheckingOut] = useState<boolean | 'from link'>(couponFromLink !== null && 'from link');
  const [points, setPoints] = useState(0);

  if (cart.isPending) return <CartSkeleton />;
  if (cart.isError) return <ErrorState message="We could not load your cart." onRetry={() => cart.refetch()} />;
  if (cart.data.items.length === 0) {
    return (
      <EmptyState
        title={cartMessages.empty}
        icon={<ShoppingCart className="h-10 w-10 text-slate-400" aria-hidden="true" />}
        action={
          <Link to="/" className={continueLink}>
            Continue Shopping
          </Link>
        }
      >
        Find something you like and earn reward points on every order.
      </EmptyState>
    );
  }
  // The points chosen go as they are: the server clamps them to what the saved cart allows, and checkout shows the result.
  if (checkingOut === true || (checkingOut === 'from link' && cartIsBuyable(cart.data.items)))
    return <CheckoutPanel pointsToUse={points} onBack={() => setCheckingOut(false)} couponFromLink={couponFromLink} />;
  const checkout = () => {
    // Quantities still in their pause are sent now; checkout reads its amounts once they have landed.
    void flushCartSaves();
    setCheckingOut(true);
  };
  return (
    <CartView
      cart={cart.data}
      points={points}
      setPoints={setPoints}
      onCheckout={checkout}
      couponFromLink={couponFromLink}
    />
  );
}

/** /cart: customers only (guests go to /login, other roles to /). */
export function CartPage({ checkoutPanel }: { checkoutPanel: CheckoutPanelType }) {
  return (
    <RequireRole roles={['customer']}>
      <Page title="Shopping Cart">
        <CartContent checkoutPanel={checkoutPanel} />
      </Page>
    </RequireRole>
  );
}
