import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type {
  ProductReviewSettingsView,
  ReviewDiff,
  ReviewQueuePage,
} from '../../../contracts/product-review.contract';
import { ProductReviewSettingsCard } from './product-review-settings-card';
import { ReviewDiffView, ReviewTab } from './review-tab';

// The Review tab: the queue with its counts and filters, and a submission side by side.

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const page: ReviewQueuePage = {
  items: [
    {
      id: '0a1b2c3d-0000-4000-8000-000000000001',
      kind: 'edit',
      productId: '0a1b2c3d-0000-4000-8000-000000000002',
      productName: 'Brass Diya',
      imageUrl: null,
      categoryId: '0a1b2c3d-0000-4000-8000-000000000003',
      categoryName: 'Home & Living',
      vendorId: '0a1b2c3d-0000-4000-8000-000000000004',
      vendorName: 'Asha Crafts',
      shopName: 'Asha Crafts Jaipur',
      changedFields: ['name', 'images'],
      submittedAt: '2026-11-26T10:00:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
  counts: { all: 3, new: 2, edit: 1 },
  vendors: [
    { vendorId: '0a1b2c3d-0000-4000-8000-000000000004', vendorName: 'Asha Crafts', waiting: 2 },
    { vendorId: '0a1b2c3d-0000-4000-8000-000000000005', vendorName: 'Bansal Brass', waiting: 1 },
  ],
};

describe('Review tab', () => {
  it('renders the queue with the counts per kind and the vendor filter', () => {
    const qc = new QueryClient();
    qc.setQueryData(['admin', 'product-review', { kind: 'all', categoryId: '', vendorId: '' }], page);
    qc.setQueryData(['categories'], [{ id: page.items[0].categoryId, name: 'Home & Living', slug: 'home' }]);
    const html = renderToStaticMarkup(
      <QueryClientProvider client={qc}>
        <ReviewTab />
      </QueryClientProvider>,
    );
    const shown = text(html);
    expect(shown).toContain('All (3)');
    expect(shown).toContain('New products (2)');
    expect(shown).toContain('Edits (1)');
    expect(shown).toContain('Brass Diya Edit');
    expect(shown).toContain('Asha Crafts · Asha Crafts Jaipur · Home &amp; Living · 26 Nov 2026');
    // Every waiting vendor is offered, also one with nothing on this page.
    expect(html).toMatch(/<option value="0a1b2c3d-0000-4000-8000-000000000004">Asha Crafts \(2\)<\/option>/);
    expect(html).toMatch(/<option value="0a1b2c3d-0000-4000-8000-000000000005">Bansal Brass \(1\)<\/option>/);
    expect(html).toMatch(/<option value="0a1b2c3d-0000-4000-8000-000000000003">Home &amp; Living<\/option>/);
  });

  it('shows each changed field current and proposed, pictures as thumbnails', () => {
    const diff: ReviewDiff = {
      id: page.items[0].id,
      kind: 'edit',
      productId: page.items[0].productId,
      productName: 'Brass Diya',
      vendorName: 'Asha Crafts',
      shopName: 'Asha Crafts Jaipur',
      submittedAt: '2026-11-26T10:00:00.000Z',
      changes: [
        { field: 'name', label: 'Title', current: 'Brass Diya', proposed: 'Brass Diya Deluxe' },
        {
          field: 'images',
          label: 'Pictures',
          current: ['/uploads/a.webp'],
          proposed: ['/uploads/b.webp', '/uploads/c.webp'],
        },
      ],
    };
    const html = renderToStaticMarkup(<ReviewDiffView diff={diff} />);
    expect(text(html)).toContain('Field Current Proposed Title Brass Diya Brass Diya Deluxe Pictures');
    expect(html.match(/<img /g)).toHaveLength(3);
    expect(html).toContain('src="/uploads/b.webp"');
  });
});

describe('Settings tab, product review', () => {
  it('shows each rule: every new product, the days for new vendors, and the categories as checkboxes', () => {
    const view: ProductReviewSettingsView = {
      allNewProducts: false,
      newVendorDays: 30,
      categoryIds: ['c1'],
      categories: [
        { id: 'c1', name: 'Jewellery' },
        { id: 'c2', name: 'Fashion' },
      ],
    };
    const qc = new QueryClient();
    qc.setQueryData(['admin', 'settings', 'product-review'], view);
    const html = renderToStaticMarkup(
      <QueryClientProvider client={qc}>
        <ProductReviewSettingsCard />
      </QueryClientProvider>,
    );
    expect(text(html)).toContain('Review every new product');
    expect(html).toContain('value="30"');
    expect(html.match(/type="checkbox"/g)).toHaveLength(3);
    expect(html.match(/checked=""/g)).toHaveLength(1);
    expect(text(html)).toContain('Jewellery');
  });
});
