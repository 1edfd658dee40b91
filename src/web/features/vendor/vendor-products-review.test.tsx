import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { VendorProduct } from '../../../contracts/vendor-products.contract';
import { VendorProductCard } from './vendor-products-card';
import { visibleText as text } from '../../api/test-markup';

// The vendor's product list says where a product stands in review: waiting, or rejected with the reason.

const product = (over: Partial<VendorProduct> = {}): VendorProduct => ({
  id: '0a1b2c3d-0000-4000-8000-000000000001',
  name: 'Handloom Cotton Kurta',
  description: 'Block-printed in Sanganer.',
  pricePaise: 129_900,
  originalPricePaise: null,
  stockQuantity: 12,
  rewardPercentage: 5,
  isActive: true,
  categoryId: '0a1b2c3d-0000-4000-8000-000000000002',
  categoryName: 'Fashion',
  hsnCode: null,
  storeId: '0a1b2c3d-0000-4000-8000-000000000003',
  storeName: 'Jaipur Handlooms',
  storeIsActive: true,
  imageUrl: null,
  images: [],
  options: [],
  variants: [],
  review: { status: 'approved', kind: null, reason: null, proposed: null },
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...over,
});
const card = (p: VendorProduct) =>
  text(
    renderToStaticMarkup(<VendorProductCard product={p} onEdit={() => {}} onToggle={() => {}} onDelete={() => {}} />),
  );

describe('the vendor product card’s review badge', () => {
  it('shows "Pending review" for a new product waiting for a moderator', () => {
    expect(card(product({ review: { status: 'pending', kind: 'new', reason: null, proposed: null } }))).toContain(
      'Pending review',
    );
  });

  it('shows "Change pending review" for an edit waiting while the live version sells', () => {
    const review = { status: 'pending', kind: 'edit', reason: null, proposed: { name: 'Kurta Deluxe' } } as const;
    expect(card(product({ review }))).toContain('Change pending review');
  });

  it('shows the rejection with its reason', () => {
    const review = {
      status: 'rejected',
      kind: 'new',
      reason: 'The pictures show another product',
      proposed: null,
    } as const;
    expect(card(product({ review }))).toContain('Rejected: The pictures show another product');
    const edit = { status: 'rejected', kind: 'edit', reason: 'Titles describe the product', proposed: null } as const;
    expect(card(product({ review: edit }))).toContain('Change rejected: Titles describe the product');
  });

  it('says nothing once approved', () => {
    const shown = card(product());
    expect(shown).not.toContain('review');
    expect(shown).not.toContain('Rejected');
  });
});
