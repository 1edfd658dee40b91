import { describe, expect, it } from 'vitest';
import type { PricedLine } from '../../../contracts/checkout.contract';
import { undeliverableLines } from './ships-within';

// Checkout withholds Pay for items whose seller (no GSTIN) ships only within its state, when the chosen address is in another.

const line = (name: string, shipsOnlyWithin: string | null): PricedLine => ({
  productId: '00000000-0000-4000-8000-000000000001',
  variantId: null,
  variantLabel: null,
  name,
  storeId: '00000000-0000-4000-8000-000000000002',
  storeName: 'Shop',
  quantity: 1,
  pricePaise: 59900,
  pointsEarned: 0,
  discountPaise: 0,
  shipsOnlyWithin,
});

describe('undeliverableLines', () => {
  const diyas = line('Brass Diya Set', 'Rajasthan');
  const earbuds = line('Wireless Earbuds', null);
  it('names the items that cannot reach an address in another state', () => {
    expect(undeliverableLines([diyas, earbuds], 'Maharashtra')).toEqual([diyas]);
    expect(undeliverableLines([diyas, earbuds], 'Rajasthan')).toEqual([]);
    expect(undeliverableLines([line('Orphan', ''), earbuds], 'Rajasthan').map((l) => l.name)).toEqual(['Orphan']);
  });
  it('names none while no address is chosen', () => {
    expect(undeliverableLines([diyas], undefined)).toEqual([]);
  });
});
