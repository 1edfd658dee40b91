import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductCard as ProductCardData } from '../../../contracts/catalog.contract';
import { addToCartAction } from './add-to-cart-button';
import { ProductCard } from '../../ui/ProductCard';

// A product card with sizes or colours: 'From' its lowest price when its sizes cost
// differently, and 'Choose options' (its page) instead of Add to Cart, since a size must be chosen.

const card = (over: Partial<ProductCardData> = {}): ProductCardData => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Chanderi Kurta',
  pricePaise: 100_000,
  originalPricePaise: 150_000,
  discountPercent: 33,
  rewardPercentage: 5,
  pointsEarned: 50,
  imageUrl: null,
  storeId: '00000000-0000-4000-8000-000000000002',
  storeName: 'Jaipur Handloom House',
  categoryId: '00000000-0000-4000-8000-000000000003',
  categoryName: 'Fashion',
  ratingAverage: 0,
  ratingCount: 0,
  stockQuantity: 10,
  delivers: true,
  hasOptions: false,
  priceFromPaise: null,
  offer: null,
  ...over,
});

const render = (p: ProductCardData) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ProductCard product={p} action={addToCartAction(p)} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('a product card', () => {
  it('without options: its price, the struck original, the discount and Add to Cart', () => {
    const text = render(card());
    expect(text).toContain('₹1,000');
    expect(text).toContain('-33%');
    expect(text).toContain('Add to Cart');
    expect(text).not.toContain('Choose options');
  });

  it("with sizes that cost differently: 'From' the lowest, and 'Choose options' leading to its page", () => {
    const p = card({ hasOptions: true, priceFromPaise: 90_000 });
    const text = render(p);
    expect(text).toContain('From ₹900');
    expect(text).not.toContain('-33%');
    expect(text).toContain('Choose options');
    expect(text).not.toContain('Add to Cart');
    const html = renderToStaticMarkup(<MemoryRouter>{addToCartAction(p)('name-1')}</MemoryRouter>);
    expect(html).toContain(`href="/product/${p.id}"`);
    expect(html).toContain('aria-describedby="name-1"');
  });

  it("with a promotion: the offer price, the full price struck through, the promotion's name and its last day", () => {
    // ₹850 x 5 % = 42.5: 42 points at the offer price, not the 50 of the full price.
    const offer = { pricePaise: 85_000, name: 'Festive Sale', endsOn: '2026-12-05', pointsEarned: 42 };
    const text = render(card({ offer }));
    expect(text).toContain('Offer price ₹850, was ₹1,000');
    expect(text).toContain('+42 pts');
    expect(text).not.toContain('+50 pts');
    expect(text).toContain('₹850 ₹1,000 Festive Sale · Ends 5 Dec');
    // The vendor's own original price and discount give way to the offer.
    expect(text).not.toContain('-33%');
    expect(text).not.toContain('₹1,500');
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ProductCard product={card({ offer })} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(html).toMatch(/<s aria-hidden="true"[^>]*>₹1,000<\/s>/);
    // Without a last day, no end; on sizes that cost differently, 'From' both prices.
    const from = render(card({ hasOptions: true, priceFromPaise: 90_000, offer: { ...offer, endsOn: null } }));
    expect(from).toContain('Offer price from ₹850, was from ₹900');
    expect(from).toContain('From ₹850 ₹900 Festive Sale');
    expect(from).not.toContain('Ends');
  });

  it('with sizes that are sold out: Out of stock, as any card', () => {
    expect(render(card({ hasOptions: true, stockQuantity: 0 }))).toContain('Out of stock');
  });
});
