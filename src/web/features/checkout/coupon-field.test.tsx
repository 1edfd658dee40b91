import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutSummary } from '../../../contracts/checkout.contract';
import type { CheckoutPromotions } from '../../../contracts/promotions.contract';
import { ApiError } from '../../api/client';
import { visibleText as text } from '../../api/test-markup';
import { SummaryLines } from '../../ui/OrderSummary';
import { couponLimit, couponRefusal } from './checkout-panel';
import { CouponField, discountOf, PromotionLines, promotionsOf, readCouponCode } from './coupon-field';
import { checkoutRequest, fetchCheckoutSummary, startCheckout } from './use-checkout';

// Checkout's coupon: the field, the promotions the server applied or not, and the discount in the totals.

const json = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const calledWith = (fetch: ReturnType<typeof json>) => {
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  return { url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined };
};

const promotionId = '4b0c6a7e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
const festiveId = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const applied: CheckoutPromotions = {
  couponCode: 'SAVE10',
  couponMessage: null,
  applied: [
    {
      promotionId: festiveId,
      name: 'Festive',
      code: null,
      savedPaise: 10_000,
      explanation: 'Festive: ₹100 off, you save ₹100',
    },
    {
      promotionId,
      name: 'Save ten',
      code: 'SAVE10',
      savedPaise: 19_000,
      explanation: 'SAVE10: 10% off on your item, you save ₹190',
    },
  ],
  notApplied: [
    {
      promotionId: null,
      name: 'WELCOME100',
      code: 'WELCOME100',
      explanation: 'WELCOME100 is only for your first order',
    },
  ],
};
const summary = (promotions: CheckoutPromotions, discountPaise: number) =>
  ({
    lines: [],
    amounts: {
      subtotalPaise: 200_000,
      discountPaise,
      shippingPaise: 0,
      pointsUsed: 0,
      totalPaise: 200_000 - discountPaise,
      pointsEarned: 0,
    },
    availablePoints: 0,
    maxPointsUsable: 0,
    promotions,
  }) as unknown as CheckoutSummary;

const field = (props: Partial<Parameters<typeof CouponField>[0]> = {}) =>
  renderToStaticMarkup(
    <CouponField
      applied={null}
      message={null}
      busy={false}
      onApply={() => undefined}
      onRemove={() => undefined}
      {...props}
    />,
  );

describe('the coupon field', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is labelled "Coupon code" with an Apply button, and no Remove until a code is applied', () => {
    const html = field();
    const id = html.match(/<label for="([^"]+)"[^>]*>Coupon code<\/label>/)?.[1];
    expect(html).toMatch(new RegExp(`<input id="${id}"`));
    expect(text(html)).toBe('Coupon code Apply');
    expect(html).not.toContain('role="alert"');
  });

  it('applies a code by reading the summary again with it, normalised as the server does', async () => {
    expect(readCouponCode(' save10 ')).toEqual({ code: 'SAVE10' });
    const fetch = json(200, summary(applied, 29_000));
    vi.stubGlobal('fetch', fetch);
    const read = readCouponCode('save10');
    const answer = await fetchCheckoutSummary(0, 'code' in read ? read.code : null);
    expect(calledWith(fetch)).toMatchObject({ url: '/api/checkout/summary?pointsToUse=0&couponCode=SAVE10' });
    expect(promotionsOf(answer).applied.map((p) => p.code)).toEqual([null, 'SAVE10']);
    expect(discountOf(answer)).toBe(29_000);
    // Removed, the code is not sent.
    vi.stubGlobal('fetch', json(200, summary({ ...applied, couponCode: null, applied: [] }, 0)));
    await fetchCheckoutSummary(150, null);
    expect(calledWith(vi.mocked(globalThis.fetch) as ReturnType<typeof json>).url).toBe(
      '/api/checkout/summary?pointsToUse=150',
    );
  });

  it('shows that an applied code works, with Remove', () => {
    const html = field({ applied: 'SAVE10' });
    expect(text(html)).toBe('Coupon code Apply Remove SAVE10 applied');
    expect(html).not.toContain('role="alert"');
  });

  it("shows the server's refusal as the field's error, linked to the field, with Remove", () => {
    const refusal = 'SAVE10 expired on 7 Dec 2026';
    const html = field({ applied: 'SAVE10', message: refusal });
    const input = html.match(/<input[^>]*>/)?.[0] ?? '';
    expect(input).toContain('aria-invalid="true"');
    const describedBy = input.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(html).toMatch(new RegExp(`<p id="${describedBy}" role="alert"[^>]*>${refusal}</p>`));
    expect(text(html)).not.toContain('SAVE10 applied');
    expect(text(html)).toContain('Remove');
  });

  it('refuses a code that cannot be one before asking the server, with the contract’s message', () => {
    const read = readCouponCode('ab');
    expect(read).toHaveProperty('error');
    expect('error' in read && read.error).toMatch(/6 to 20/);
  });

  it('lists each applied promotion as "SAVE10 · You save ₹190" with its explanation, then why others were not', () => {
    const html = renderToStaticMarkup(<PromotionLines promotions={applied} />);
    const lines = [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((l) => text(l[1]));
    expect(lines).toEqual([
      'Festive · You save ₹100 Festive: ₹100 off, you save ₹100',
      'SAVE10 · You save ₹190 SAVE10: 10% off on your item, you save ₹190',
      'WELCOME100 is only for your first order',
    ]);
    expect(html).toMatch(/<ul aria-label="Offers not applied" class="[^"]*text-xs/);
    expect(renderToStaticMarkup(<PromotionLines promotions={{ ...applied, applied: [], notApplied: [] }} />)).toBe('');
    // A refused coupon's reason is the field's error, not repeated below.
    const refusal = 'There is no coupon with the code NOPE9999: check the spelling';
    const refused: CheckoutPromotions = {
      couponCode: 'NOPE9999',
      couponMessage: refusal,
      applied: [],
      notApplied: [{ promotionId: null, name: 'NOPE9999', code: 'NOPE9999', explanation: refusal }],
    };
    expect(renderToStaticMarkup(<PromotionLines promotions={refused} />)).toBe('');
  });
});

describe('the totals with a discount', () => {
  const totals = { subtotalPaise: 200_000, shippingPaise: 0, pointsUsed: 0, totalPaise: 171_000, pointsEarned: 0 };

  it('shows the discount as a line between the subtotal and shipping, and the total after it', () => {
    const lines = text(renderToStaticMarkup(<SummaryLines totals={totals} itemCount={1} discountPaise={29_000} />));
    expect(lines).toMatch(/^Subtotal \(1 item\) ₹2,000 Discount −₹290 Shipping/);
    expect(lines).toContain('Total ₹1,710');
  });

  it('shows no discount line without one, and counts free shipping on the items after the discount', () => {
    const none = text(renderToStaticMarkup(<SummaryLines totals={totals} itemCount={1} />));
    expect(none).not.toContain('Discount −');
    const lines = text(
      renderToStaticMarkup(
        <SummaryLines
          totals={{ ...totals, subtotalPaise: 120_000, shippingPaise: 9_900, totalPaise: 99_900 }}
          itemCount={1}
          discountPaise={30_000}
        />,
      ),
    );
    // ₹1,200 less ₹300 is ₹900: ₹100 more to pass ₹999.
    expect(lines).toContain('Add ₹100 more to get it.');
  });
});

describe('placing the order with a coupon', () => {
  afterEach(() => vi.unstubAllGlobals());
  const addressId = '6f1d9c1e-2b1a-4c55-9a51-0d3f1b2e4a10';

  it('sends the coupon code with the order, and none when no code applies', async () => {
    const fetch = json(409, {
      error: { code: 'CONFLICT', message: 'SAVE10 has been fully claimed by other shoppers' },
    });
    vi.stubGlobal('fetch', fetch);
    const input = checkoutRequest({
      addressId,
      pointsToUse: 0,
      method: 'online',
      totalPaise: 171_000,
      couponCode: 'SAVE10',
    });
    const refused = await startCheckout(input).catch((e: unknown) => e);
    expect(calledWith(fetch).body).toEqual({
      addressId,
      pointsToUse: 0,
      paymentMethod: 'online',
      expectedTotalPaise: 171_000,
      couponCode: 'SAVE10',
    });
    // The 409 about the coupon is shown under the field.
    expect(refused).toBeInstanceOf(ApiError);
    expect(couponRefusal(refused as ApiError, 'SAVE10')).toBe('SAVE10 has been fully claimed by other shoppers');
    expect(couponRefusal(new ApiError(409, 'CONFLICT', 'The total changed: check it and pay again'), 'SAVE10')).toBe(
      null,
    );
    expect(
      checkoutRequest({ addressId, pointsToUse: 0, method: 'online', totalPaise: 200_000, couponCode: null }),
    ).not.toHaveProperty('couponCode');
  });

  it('shows "too many coupon codes" under the field when the server refuses codes for a while', async () => {
    const message = 'Too many coupon codes tried. Try again in 15 minutes.';
    const fetch = json(429, { error: { code: 'RATE_LIMITED', message, fields: { couponCode: message } } });
    vi.stubGlobal('fetch', fetch);
    const refused = await fetchCheckoutSummary(0, 'SAVE10').catch((e: unknown) => e);
    expect(calledWith(fetch).url).toBe('/api/checkout/summary?pointsToUse=0&couponCode=SAVE10');
    expect(refused).toBeInstanceOf(ApiError);
    expect(couponLimit(refused, 'SAVE10')).toBe(message);
    // Not about a code: a 429 with no code sent, or another error.
    expect(couponLimit(refused, null)).toBeNull();
    expect(couponLimit(new ApiError(409, 'CONFLICT', 'The total changed'), 'SAVE10')).toBeNull();
    // The panel prices the order without the code and the field shows the message as its error.
    const html = renderToStaticMarkup(
      <CouponField
        applied={null}
        message={couponLimit(refused, 'SAVE10')}
        busy={false}
        onApply={vi.fn()}
        onRemove={vi.fn()}
      />,
    );
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain(message);
    expect(html).toContain('aria-invalid="true"');
  });
});
