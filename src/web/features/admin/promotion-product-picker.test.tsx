import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  promotionMessages,
  type PromotionDefinition,
  type PromotionForm,
} from '../../../contracts/promotions.contract';
import type { VendorProduct } from '../../../contracts/vendor-products.contract';
import { api } from '../../api/client';
import { adminPromotions, vendorPromotions, type ProductChoice } from '../../api/promotion-workspaces';
import { visibleText as text } from '../../api/test-markup';
import { blankPromotion, PromotionFields, promotionResolver } from './promotion-form-dialog';
import { ProductResult, tickProduct, tickVariant, variantChipLabel } from './promotion-scope-pickers';

// The products scope's picker chooses whole products (all their sizes and colours) or single variants:
// a vendor's "20 % off the red kurta in size M" is one variant, sent as `variantIds`.

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const vendorId = '0a1b2c3d-0000-4000-8000-0000000000aa';
const workspace = vendorPromotions(vendorId);
const kurtaId = '0a1b2c3d-0000-4000-8000-000000000101';
const redM = '0a1b2c3d-0000-4000-8000-000000000201';
const redL = '0a1b2c3d-0000-4000-8000-000000000202';
const stoleId = '0a1b2c3d-0000-4000-8000-000000000102';

const kurta: ProductChoice = {
  id: kurtaId,
  name: 'Festive kurta',
  label: 'Festive kurta · Kala Crafts',
  variants: [
    { id: redM, label: 'Red / M' },
    { id: redL, label: 'Red / L' },
  ],
};

beforeEach(() => vi.mocked(api.get).mockReset());

const withQueries = (node: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

/** The tick named `label` in the markup: its attributes (checked, disabled). */
function tickOf(html: string, label: string): string {
  const escaped = label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const found = html.match(new RegExp(`<input type="checkbox"([^>]*)/><span[^>]*>${escaped}</span>`));
  expect(found, `a tick named ${label}`).not.toBeNull();
  return found![1];
}

const renderResult = (scope: { productIds: string[]; variantIds: string[] }, product = kurta) =>
  withQueries(<ProductResult product={product} scope={scope} onChange={() => undefined} />);

describe('choosing variants', () => {
  it('chooses one variant, then unticks it, without touching the product', () => {
    const chosen = tickVariant({ productIds: [], variantIds: [] }, redM, true);
    expect(chosen).toEqual({ productIds: [], variantIds: [redM] });
    expect(tickVariant(chosen, redL, true)).toEqual({ productIds: [], variantIds: [redM, redL] });
    expect(tickVariant(chosen, redM, false)).toEqual({ productIds: [], variantIds: [] });
    expect(variantChipLabel(kurta, kurta.variants![0])).toBe('Festive kurta · Red / M');
  });

  it('a product ticked covers all its variants: its single ones are dropped, other products’ kept', () => {
    const scope = { productIds: [stoleId], variantIds: [redM, 'other-variant'] };
    expect(tickProduct(scope, kurtaId, kurta.variants!, true)).toEqual({
      productIds: [stoleId, kurtaId],
      variantIds: ['other-variant'],
    });
    expect(tickProduct({ productIds: [stoleId, kurtaId], variantIds: [] }, kurtaId, [], false)).toEqual({
      productIds: [stoleId],
      variantIds: [],
    });
  });

  it('shows a closed disclosure for a product with variants, and none for one without', () => {
    const html = renderResult({ productIds: [], variantIds: [] });
    expect(html).toMatch(/<button type="button"[^>]*aria-expanded="false"[^>]*>Variants/);
    expect(text(html)).toContain('Variants (2) of Festive kurta');
    expect(text(html)).not.toContain('Red / M');
    const plain = renderResult({ productIds: [], variantIds: [] }, { ...kurta, variants: [] });
    expect(plain).not.toContain('aria-expanded');
    expect(tickOf(plain, 'Festive kurta · Kala Crafts')).not.toContain('checked');
  });

  it('editing a promotion on one variant opens its product with that variant ticked, the others not', () => {
    const html = renderResult({ productIds: [], variantIds: [redM] });
    expect(html).toMatch(/aria-expanded="true"/);
    expect(html).toMatch(/role="group" aria-label="Variants of Festive kurta"/);
    expect(tickOf(html, 'Red / M')).toContain('checked');
    expect(tickOf(html, 'Red / L')).not.toContain('checked');
    expect(tickOf(html, 'Festive kurta · Kala Crafts')).not.toContain('checked');
  });

  it('a product ticked shows every variant ticked and fixed, saying why', () => {
    const html = withQueries(
      <ProductResult
        product={kurta}
        scope={{ productIds: [kurtaId], variantIds: [] }}
        onChange={() => undefined}
        defaultOpen
      />,
    );
    for (const v of ['Red / M', 'Red / L']) {
      expect(tickOf(html, v)).toContain('checked');
      expect(tickOf(html, v)).toContain('disabled');
    }
    expect(text(html)).toContain("The product's tick covers all its variants.");
  });
});

function Fields({ values, known }: { values: PromotionForm; known: Record<string, string> }) {
  const form = useForm<PromotionForm, unknown, PromotionDefinition>({ defaultValues: values });
  return (
    <PromotionFields
      workspace={workspace}
      register={form.register}
      control={form.control}
      errors={{}}
      known={known}
      onKnown={() => undefined}
    />
  );
}

describe('the form’s products scope with variants', () => {
  const form = (over: Partial<PromotionForm>): PromotionForm => ({
    ...blankPromotion(workspace),
    name: 'Red kurta M',
    kind: 'automatic',
    percent: '20',
    scope: 'products',
    ...over,
  });

  it('shows a chosen variant as a chip named by its product and variant, removable', () => {
    const html = withQueries(
      <Fields values={form({ variantIds: [redM] })} known={{ [redM]: 'Festive kurta · Red / M' }} />,
    );
    expect(html).toMatch(/<ul aria-label="Your products chosen"/);
    expect(text(html)).toContain('Festive kurta · Red / M');
    expect(html).toContain('aria-label="Remove Festive kurta · Red / M"');
    // Saved earlier and not yet found in a search: named as a variant chosen earlier.
    expect(text(withQueries(<Fields values={form({ variantIds: [redM] })} known={{}} />))).toContain(
      'A variant chosen earlier',
    );
  });

  it('is checked by the server’s own contract: a variant alone is enough, nothing at all is not', async () => {
    const options = { fields: {}, shouldUseNativeValidation: false };
    const one = await promotionResolver(form({ variantIds: [redM] }), undefined, options);
    expect(one.errors).toEqual({});
    expect(one.values).toMatchObject({ scope: { type: 'products', productIds: [], variantIds: [redM] } });
    const none = await promotionResolver(form({}), undefined, options);
    expect(none.errors).toMatchObject({ productIds: { message: promotionMessages.chooseProducts } });
  });
});

describe('where the variants come from', () => {
  it('a vendor’s search carries its products’ variants, named by their values', async () => {
    const own = {
      id: kurtaId,
      name: 'Festive kurta',
      storeName: 'Kala Crafts',
      variants: [
        { id: redM, option1Value: 'Red', option2Value: 'M' },
        { id: redL, option1Value: 'Red', option2Value: 'L' },
      ],
    } as unknown as VendorProduct;
    vi.mocked(api.get).mockResolvedValueOnce({ items: [own], total: 1, page: 1, pageSize: 10 });
    expect(await workspace.pickers.products.search('kurta')).toEqual([kurta]);
    expect(api.get).toHaveBeenCalledWith('/api/vendor/products?q=kurta&pageSize=10');
  });

  it('the super admin’s search (the Promotions permission’s own) carries its products’ variants', async () => {
    vi.mocked(api.get).mockResolvedValueOnce({
      items: [
        {
          id: kurtaId,
          name: 'Festive kurta',
          shopName: 'Kala Crafts',
          variants: [{ id: redM, option1Value: 'M', option2Value: null }],
        },
        { id: stoleId, name: 'Silk stole', shopName: 'Kala Crafts', variants: [] },
      ],
    });
    expect(await adminPromotions.pickers.products.search('festive')).toEqual([
      {
        id: kurtaId,
        name: 'Festive kurta',
        label: 'Festive kurta · Kala Crafts',
        variants: [{ id: redM, label: 'M' }],
      },
      { id: stoleId, name: 'Silk stole', label: 'Silk stole · Kala Crafts', variants: [] },
    ]);
    expect(api.get).toHaveBeenCalledWith('/api/admin/promotions/products?q=festive');
  });
});
