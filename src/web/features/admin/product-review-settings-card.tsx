import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import {
  MAX_NEW_VENDOR_DAYS,
  productReviewMessages as m,
  productReviewSettingsSchema,
  type ProductReviewSettings,
  type ProductReviewSettingsView,
} from '../../../contracts/product-review.contract';
import { api } from '../../api/client';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { Card, NotLoaded } from './settings-card';
import { StepUpDialog } from './step-up-dialog';
import { useStepUpSettings } from './use-step-up-settings';

const key = ['admin', 'settings', 'product-review'] as const;
type Draft = { allNewProducts: boolean; newVendorDays: string; categoryIds: string[] };

const box = 'h-5 w-5 shrink-0 rounded border-slate-300 text-violet-700 focus:ring-violet-600';
const row = 'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-slate-800 hover:bg-slate-50';

/**
 * The Settings tab's product review: which vendor products wait for a moderator before they go on
 * sale (all off: none).
 */
export function ProductReviewSettingsCard() {
  const settings = useQuery({
    queryKey: key,
    queryFn: () => api.get<ProductReviewSettingsView>('/api/admin/settings/product-review'),
  });
  const form = useStepUpSettings<Draft, ProductReviewSettings>({
    queryKey: key,
    path: '/api/admin/settings/product-review',
    schema: productReviewSettingsSchema,
    messages: { saved: m.saved, failed: m.saveFailed },
    action: 'product-review-settings',
  });
  const { errors, setDraft } = form;
  const categoriesId = useId();
  const card = (body: ReactNode) => (
    <Card
      title="Product review"
      lead={
        'Products in scope wait in the Review tab, off the storefront, until a moderator approves them; ' +
        'a change to their title, description, pictures, category or HSN code waits too while the approved ' +
        'version stays on sale. Price, stock and variants always apply at once.'
      }
    >
      {body}
    </Card>
  );
  if (!settings.isSuccess) return card(<NotLoaded settings={settings} label="Loading product review settings" />);
  const s = settings.data;
  const values: Draft = form.draft ?? {
    allNewProducts: s.allNewProducts,
    newVendorDays: s.newVendorDays === null ? '' : String(s.newVendorDays),
    categoryIds: s.categoryIds,
  };
  const toggle = (id: string, on: boolean) =>
    setDraft({
      ...values,
      categoryIds: on
        ? [...values.categoryIds.filter((c) => c !== id), id]
        : values.categoryIds.filter((c) => c !== id),
    });
  const names = s.categories.filter((c) => values.categoryIds.includes(c.id)).map((c) => c.name);
  const rules = [
    values.allNewProducts && 'every new product',
    values.newVendorDays && `products of vendors approved fewer than ${values.newVendorDays} days ago`,
    names.length > 0 && `products in ${names.join(', ')}`,
  ].filter(Boolean);

  return card(
    <>
      <form onSubmit={form.review(values)} noValidate className="space-y-4">
        <label className={row}>
          <input
            type="checkbox"
            className={box}
            checked={values.allNewProducts}
            onChange={(e) => setDraft({ ...values, allNewProducts: e.target.checked })}
          />
          <span>Review every new product (and later changes to its reviewed fields)</span>
        </label>
        <Input
          label="Review products of vendors approved fewer than this many days ago"
          type="number"
          min={1}
          max={MAX_NEW_VENDOR_DAYS}
          step={1}
          inputMode="numeric"
          value={values.newVendorDays}
          onChange={(e) => setDraft({ ...values, newVendorDays: e.target.value })}
          error={errors.newVendorDays}
          hint="Leave empty for no such rule"
        />
        <fieldset aria-describedby={`${categoriesId}-hint`}>
          <legend className="text-sm font-medium text-slate-700">Reviewed categories</legend>
          <p id={`${categoriesId}-hint`} className="mt-1 text-xs text-slate-500">
            Products in (or moving to) a ticked category are reviewed.
          </p>
          <div className="mt-2 grid gap-1 sm:grid-cols-2">
            {s.categories.map((c) => (
              <label key={c.id} className={row}>
                <input
                  type="checkbox"
                  className={box}
                  checked={values.categoryIds.includes(c.id)}
                  onChange={(e) => toggle(c.id, e.target.checked)}
                />
                <span className="min-w-0 break-words">{c.name}</span>
              </label>
            ))}
          </div>
          {errors.categoryIds && (
            <p role="alert" className="mt-1 text-sm text-red-600">
              {errors.categoryIds}
            </p>
          )}
        </fieldset>
        <Button type="submit">Save product review settings</Button>
      </form>
      <StepUpDialog
        open={form.confirming}
        title="Update product review settings"
        actionLabel="Update product review settings"
        description={
          <p>
            {rules.length === 0
              ? 'From now on no product is reviewed: new products and changes go on sale at once.'
              : `From now on these are reviewed before they go on sale: ${rules.join('; ')}.`}
          </p>
        }
        onCancel={form.cancel}
        onConfirm={form.save(values)}
      />
    </>,
  );
}
