import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Shop } from '../../../contracts/shops.contract';
import { ShopCard } from './shop-card';
import { visibleText as text } from '../../api/test-markup';

// The vendor's shop card names cash on delivery when the shop offers it.

const shop = (over: Partial<Shop> = {}): Shop => ({
  id: '0a1b2c3d-0000-4000-8000-000000000001',
  shopName: 'Jaipur Handlooms',
  shopDescription: null,
  shopType: 'online',
  address: null,
  city: null,
  state: null,
  postalCode: null,
  isActive: true,
  deliveryAvailable: true,
  deliveryDistanceKm: 10,
  deliveryFeePaise: 0,
  freeDeliveryThresholdPaise: 99_900,
  codEnabled: false,
  enableReviews: true,
  googleReviewsEnabled: false,
  logoUrl: null,
  bannerUrl: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

describe('ShopCard', () => {
  it('shows "Cash on delivery" when the shop delivers and offers it, and not otherwise', () => {
    expect(text(renderToStaticMarkup(<ShopCard shop={shop({ codEnabled: true })} />))).toContain('Cash on delivery');
    expect(text(renderToStaticMarkup(<ShopCard shop={shop()} />))).not.toContain('Cash on delivery');
    // A shop that does not deliver sells nothing online: its stored choice does not show.
    expect(
      text(renderToStaticMarkup(<ShopCard shop={shop({ codEnabled: true, deliveryAvailable: false })} />)),
    ).not.toContain('Cash on delivery');
  });
});
