import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { useForm, type FieldErrors } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  promotionRouteMessages,
  type PromotionDefinition,
  type PromotionForm,
  type PromotionResult,
  type PromotionRow,
} from '../../../contracts/promotions.contract';
import { api, ApiError } from '../../api/client';
import { placeFieldErrors } from '../../api/field-errors';
import { vendorPromotions } from '../../api/promotion-workspaces';
import { visibleText as text } from '../../api/test-markup';
import {
  blankPromotion,
  PromotionFields,
  promotionFieldNames,
  promotionResolver,
  savePromotion,
} from './promotion-form-dialog';
import { promotionsPath, PromotionsTab } from './promotions-tab';

// The vendor's Promotions tab is the super admin's list and form in the vendor's workspace: its own
// promotions from the vendor API, paid by the vendor acted for, no fresh code, no CSV, no Haat cost.

vi.mock('../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const vendorId = '0a1b2c3d-0000-4000-8000-0000000000aa';
const workspace = vendorPromotions(vendorId);

const festive: PromotionRow = {
  id: '0a1b2c3d-0000-4000-8000-000000000001',
  name: 'Festive sale',
  kind: 'automatic',
  code: null,
  offer: '10% off',
  covers: 'Whole cart',
  fundedBy: 'vendor',
  vendorName: 'Kala Crafts',
  startsOn: '2026-11-30',
  endsOn: null,
  status: 'active',
  uses: 3,
  spentPaise: 18_000,
  orders: 3,
  revenuePaise: 162_000,
  budget: null,
  minimumPaise: 0,
  perCustomerLimit: null,
  firstOrderOnly: false,
  stackable: false,
  input: {
    ...blankPromotion(workspace),
    name: 'Festive sale',
    kind: 'automatic',
    percent: '10',
    startsOn: '2026-11-30',
  } as PromotionRow['input'],
};

beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

/** The tab as the vendor first sees it, its list already read for no filter and no search. */
function renderTab(rows: PromotionRow[]) {
  const qc = new QueryClient();
  qc.setQueryData([...workspace.queryKey, '', ''], { promotions: rows });
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <PromotionsTab workspace={workspace} />
    </QueryClientProvider>,
  );
}

function Fields({ values, errors }: { values: PromotionForm; errors: FieldErrors<PromotionForm> }) {
  const form = useForm<PromotionForm, unknown, PromotionDefinition>({ defaultValues: values });
  return (
    <PromotionFields
      workspace={workspace}
      register={form.register}
      control={form.control}
      errors={errors}
      known={{}}
      onKnown={() => undefined}
    />
  );
}

const renderFields = (values: Partial<PromotionForm>, errors: FieldErrors<PromotionForm> = {}) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <Fields values={{ ...blankPromotion(workspace), ...values }} errors={errors} />
    </QueryClientProvider>,
  );

describe('the vendor’s Promotions tab', () => {
  it('lists the vendor’s own promotions from the vendor API, with no CSV and no Haat cost', () => {
    expect(promotionsPath({}, false, workspace)).toBe('/api/vendor/promotions');
    expect(promotionsPath({ status: 'active', q: 'fest' }, false, workspace)).toBe(
      '/api/vendor/promotions?status=active&q=fest',
    );
    const page = text(renderTab([festive]));
    expect(page).toContain('Festive sale');
    expect(page).toContain('10% off');
    expect(page).toContain('Active');
    expect(page).toContain('You pay for them: your invoice shows the discount.');
    expect(page).toContain('New promotion');
    expect(page).not.toContain('Export CSV');
    expect(page).not.toContain('Haat pays');
    expect(text(renderTab([]))).toContain('No promotions yet');
  });

  it('creates a promotion in the vendor API, paid by the vendor acted for', async () => {
    const form: PromotionForm = {
      ...blankPromotion(workspace),
      name: 'Festive sale',
      kind: 'automatic',
      percent: '10',
    };
    expect(form).toMatchObject({ fundedBy: 'vendor', vendorId });
    // The form's own check reads it as the server does: the vendor pays.
    const checked = await promotionResolver(form, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(checked.errors).toEqual({});
    expect(checked.values).toMatchObject({
      funder: { by: 'vendor', vendorId },
      benefit: { type: 'percent', bp: 1000 },
    });

    const saved = { promotion: festive } as PromotionResult;
    vi.mocked(api.post).mockResolvedValueOnce(saved);
    expect(await savePromotion(null, form, undefined, workspace)).toBe(saved);
    expect(api.post).toHaveBeenCalledWith(
      '/api/vendor/promotions',
      expect.objectContaining({ name: 'Festive sale', fundedBy: 'vendor', vendorId }),
    );
  });

  it('says the vendor pays, and offers its own products, shops and categories', () => {
    const html = renderFields({});
    const page = text(html);
    expect(page).toContain("Funded by: Paid by you (your shop's invoice shows the discount)");
    expect(page).not.toContain('Paid by Haat');
    expect(page).toContain('All your products');
    expect(page).toContain('Your chosen shops');
    expect(page).toContain('Your chosen products');
    // The vendor acted for is sent with the form (the blank form holds it; the server sets it anyway).
    expect(html).toContain('<input type="hidden" name="vendorId"/>');
    expect(text(renderFields({ scope: 'products' }))).toContain('Find your products by name');
    expect(text(renderFields({ scope: 'shops' }))).toContain('Find your shops by name');
  });

  it('shows the server’s refusal of another vendor’s product under the products picker', () => {
    const refused = new ApiError(400, 'VALIDATION_FAILED', promotionRouteMessages.notYourProducts, {
      productIds: promotionRouteMessages.notYourProducts,
    });
    const errors: FieldErrors<PromotionForm> = {};
    const placed = placeFieldErrors<PromotionForm>(refused, promotionFieldNames, (name, error) => {
      (errors as Record<string, unknown>)[name] = error;
    });
    expect(placed).toBe(1);
    const html = renderFields({ scope: 'products' }, errors);
    const group = html.match(/<fieldset aria-describedby="([^"]+)" aria-invalid="true"><legend[^>]*>Your products/);
    expect(group).not.toBeNull();
    expect(html).toMatch(
      new RegExp(`<p id="${group![1]}" role="alert"[^>]*>${promotionRouteMessages.notYourProducts}</p>`),
    );
  });
});
