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
      discountPaise: 0,
      offers: [],
      pointsEarned: 0,
    };
    const cart: Cart = {
      items: [line],
      availablePoints: 0,
      totals: {
        subtotalPaise: 120_000,
        discountPaise: 0,
        shippingPaise: 0,
        pointsUsed: 0,
        totalPaise: 120_000,
        pointsEarned: 0,
      },
      promotions: [],
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

describe('the cart with an automatic promotion', () => {
  it("shows each line's discount and offer, and totals and points after it", () => {
    const kurta: CartLine = {
      id: uuid(11),
      productId: uuid(12),
      variantId: null,
      variantLabel: null,
      sku: null,
      name: 'Cotton kurta',
      imageUrl: null,
      storeId: uuid(13),
      storeName: 'Ganga Textiles',
      pricePaise: 60_000,
      originalPricePaise: null,
      rewardPercentage: 5,
      stockQuantity: 5,
      quantity: 2,
      delivers: true,
      available: true,
      // 20 % off two ₹600 kurtas: ₹240 off ₹1,200; 5 % of the ₹960 paid is 48 points.
      discountPaise: 24_000,
      offers: ['Festive sale'],
      pointsEarned: 48,
    };
    const stole: CartLine = {
      ...kurta,
      id: uuid(14),
      productId: uuid(15),
      name: 'Handloom stole',
      pricePaise: 30_000,
      quantity: 1,
      discountPaise: 0,
      offers: [],
      pointsEarned: 15,
    };
    const cart: Cart = {
      items: [kurta, stole],
      availablePoints: 0,
      totals: {
        subtotalPaise: 150_000,
        discountPaise: 24_000,
        shippingPaise: 0,
        pointsUsed: 0,
        totalPaise: 126_000,
        pointsEarned: 63,
      },
      promotions: [{ name: 'Festive sale', savedPaise: 24_000, explanation: 'Festive sale: 20% off 1 of 2 items' }],
    };
    const page = text(renderWith(cart, '/cart'));
    expect(page).toContain('Offer: Festive sale');
    expect(page).toContain('−₹240 off');
    expect(page).toContain('Festive sale · You save ₹240');
    // ₹1,500 at full price, ₹240 off, free delivery on the ₹1,260 left, 48 + 15 points.
    expect(page).toMatch(/Subtotal \(3 items\)\s*₹1,500/);
    expect(page).toMatch(/Discount\s*−₹240/);
    expect(page).toMatch(/Total\s*₹1,260/);
    expect(page).toContain('You will earn +63 pts');
    // The stole has no offer: one discount line only.
    expect(page.match(/−₹[0-9,]+ off/g)).toHaveLength(1);
  });
});
