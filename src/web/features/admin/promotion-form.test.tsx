import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { useForm, type FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  promotionMessages as m,
  type PromotionDefinition,
  type PromotionForm,
} from '../../../contracts/promotions.contract';
import { blankPromotion, PromotionFields, promotionResolver } from './promotion-form-dialog';
import { visibleText as text } from '../../api/test-markup';

// The super admin's promotion form: checked with the server's own contract (promotionInputSchema),
// each message under the field it is about.

/** The form's check of these values: the first message of each field, as react-hook-form keeps them. */
async function check(values: Partial<PromotionForm>) {
  const result = await promotionResolver({ ...blankPromotion(), ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const errors = result.errors as FieldErrors<PromotionForm>;
  const messages = Object.fromEntries(
    Object.entries(errors).map(([field, e]) => [field, (e as { message?: string }).message]),
  );
  return { errors, messages, values: result.values as PromotionDefinition | Record<string, never> };
}

function Fields({ values, errors }: { values: PromotionForm; errors: FieldErrors<PromotionForm> }) {
  const form = useForm<PromotionForm, unknown, PromotionDefinition>({ defaultValues: values });
  return (
    <PromotionFields
      register={form.register}
      control={form.control}
      errors={errors}
      known={{}}
      onKnown={() => undefined}
    />
  );
}

/** The fields as the dialog shows them for these values and errors. */
const render = (values: Partial<PromotionForm>, errors: FieldErrors<PromotionForm> = {}) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <Fields values={{ ...blankPromotion(), ...values }} errors={errors} />
    </QueryClientProvider>,
  );

/** The text of the alert that describes the control labelled `label`. */
function errorUnder(html: string, label: string): string | null {
  const id = html.match(new RegExp(`<label for="([^"]+)"[^>]*>${label}`))?.[1];
  if (!id) throw new Error(`no field labelled ${label}`);
  const control = html.match(new RegExp(`<(?:input|select)[^>]*id="${id}"[^>]*>`))?.[0] ?? '';
  const describedBy = control.match(/aria-describedby="([^"]+)"/)?.[1];
  if (!describedBy || !control.includes('aria-invalid="true"')) return null;
  const alert = html.match(new RegExp(`<p id="${describedBy}" role="alert"[^>]*>(.*?)</p>`))?.[1];
  return alert ? text(alert) : null;
}

describe('the promotion form', () => {
  it('refuses an empty coupon with the contract’s messages, each under its field', async () => {
    const { errors, messages } = await check({});
    expect(messages).toEqual({ name: m.name, couponCode: m.codeRequired, percent: m.percent });
    const html = render({}, errors);
    expect(errorUnder(html, 'Name')).toBe(m.name);
    expect(errorUnder(html, 'Coupon code')).toBe(m.codeRequired);
    expect(errorUnder(html, 'Percentage off')).toBe(m.percent);
    expect(errorUnder(html, 'Most it takes off')).toBeNull();
  });

  it('asks for the amount of a fixed discount, a last day not before the first, and the budget chosen', async () => {
    const { errors, messages } = await check({
      name: 'Diwali flat 100',
      kind: 'automatic',
      benefitType: 'fixed',
      startsOn: '2026-12-10',
      endsOn: '2026-12-01',
      budgetType: 'rupees',
    });
    expect(messages).toEqual({ amount: m.amount, endsOn: m.endsBeforeStart, budgetRupees: m.budgetRupees });
    const html = render(
      { kind: 'automatic', benefitType: 'fixed', startsOn: '2026-12-10', endsOn: '2026-12-01', budgetType: 'rupees' },
      errors,
    );
    expect(errorUnder(html, 'Amount off')).toBe(m.amount);
    expect(errorUnder(html, 'Last day')).toBe(m.endsBeforeStart);
    expect(errorUnder(html, 'Budget \\(₹\\)')).toBe(m.budgetRupees);
  });

  it('refuses a malformed code, a percentage out of range and a category scope with none chosen', async () => {
    const { errors, messages } = await check({
      name: 'Save ten',
      couponCode: 'AB',
      percent: '150',
      scope: 'categories',
      budgetType: 'uses',
      budgetUses: '0',
    });
    expect(messages.couponCode).toMatch(/6 to 20/);
    expect(messages.percent).toBe(m.percent);
    expect(messages.categoryIds).toBe(m.chooseCategories);
    expect(messages.budgetUses).toBe(m.budgetUses);
    const html = render({ scope: 'categories', budgetType: 'uses' }, errors);
    expect(errorUnder(html, 'Budget \\(uses\\)')).toBe(m.budgetUses);
    // The categories' ticks are one group, its message linked to it.
    const group = html.match(/<fieldset aria-describedby="([^"]+)" aria-invalid="true"><legend[^>]*>Categories/);
    expect(group).not.toBeNull();
    expect(html).toContain(`<p id="${group![1]}" role="alert" class="mt-1 text-sm text-red-600">${m.chooseCategories}`);
  });

  it('accepts a filled coupon and reads it as the rules do: code in capitals, paise, basis points', async () => {
    const { messages, values } = await check({
      name: 'Save ten',
      couponCode: ' save10 ',
      percent: '10',
      maxDiscount: '300',
      minimumCart: '1,500',
      startsOn: '2026-12-01',
      endsOn: '2026-12-07',
      perCustomerLimit: '1',
    });
    expect(messages).toEqual({});
    expect(values).toMatchObject({
      code: 'SAVE10',
      benefit: { type: 'percent', bp: 1000, capPaise: 30_000 },
      minimumPaise: 150_000,
      funder: { by: 'haat' },
      perCustomerLimit: 1,
    });
  });

  it('shows the code for a coupon only, combining for an automatic promotion only, and Haat as the payer', () => {
    const coupon = text(render({ kind: 'coupon' }));
    // The code's field (required, marked *), not the kind's choice 'Coupon code (the shopper types it)'.
    expect(coupon).toContain('Coupon code *');
    expect(coupon).not.toContain('Combines with other offers');
    expect(coupon).toContain('Funded by: Paid by Haat');
    const automatic = text(render({ kind: 'automatic' }));
    expect(automatic).not.toContain('Coupon code *');
    expect(automatic).toContain('Combines with other offers');
    // A percentage has a cap; a fixed amount has only its amount.
    expect(text(render({ benefitType: 'fixed' }))).not.toContain('Most it takes off');
  });
});
