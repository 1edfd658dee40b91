import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Cart, CartLine } from '../../../contracts/cart.contract';
import { cartQueryKey } from '../../api/cart';
import { meQueryKey } from '../../api/session';
import { signedInAs, testUuid as uuid } from '../../api/test-fixtures';
import { visibleText as text } from '../../api/test-markup';
import { CartPage } from './cart-page';

// The cart opened from an announcement's 'Apply code SAVE100' (/cart?coupon=SAVE100): it goes on to
// checkout with the code (the checkout feature's panel, here a stand-in), once the cart can be bought.

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

function renderWith(cart: Cart, path: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(meQueryKey, signedInAs({ role: 'customer' }));
  qc.setQueryData(cartQueryKey, cart);
  const Panel = ({ couponFromLink }: { couponFromLink: string | null }) => <p>Checkout with {couponFromLink}</p>;
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <CartPage checkoutPanel={Panel} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the cart with a coupon code in its link', () => {
  it('takes /cart?coupon= straight to checkout with the code, once the cart can be bought', () => {
    const line: CartLine = {
      id: uuid(1),
      productId: uuid(2),
      variantId: null,
      variantLabel: null,
      sku: null,
      name: 'Handloom stole',
      imageUrl: null,
      storeId: uuid(3),
      storeName: 'Jaipur Handlooms',
      pricePaise: 120_000,
      originalPricePaise: null,
      rewardPercentage: 0,
      stockQuantity: 5,
      quantity: 1,
      delivers: true,
      available: true,
    };
    const cart: Cart = {
      items: [line],
      availablePoints: 0,
      totals: { subtotalPaise: 120_000, shippingPaise: 0, pointsUsed: 0, totalPaise: 120_000, pointsEarned: 0 },
    };
    expect(text(renderWith(cart, '/cart?coupon=SAVE100'))).toContain('Checkout with SAVE100');
    // Without a code, the cart as before.
    expect(text(renderWith(cart, '/cart'))).toContain('Proceed to Checkout');
    // A cart that cannot be bought yet: the cart, saying checkout will apply the code.
    const outOfStock = { ...cart, items: [{ ...line, available: false, stockQuantity: 0 }] };
    const blocked = text(renderWith(outOfStock, '/cart?coupon=SAVE100'));
    expect(blocked).toContain('Checkout applies the coupon code SAVE100.');
    expect(blocked).toContain('Out of stock');
  });
});
