import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutSchema, type CheckoutSummary } from '../../../contracts/checkout.contract';
import { codMessages } from '../../../domain/cod';
import { codFallback, codLostMessage, payButtonLabel, PaymentMethodChoice } from './payment-method';
import { checkoutRequest, startCheckout } from './use-checkout';
import { visibleText as text } from '../../api/test-markup';

// Checkout's payment method: pay online, or cash on delivery when the cart allows it.

type Cod = CheckoutSummary['cod'];
const available: Cod = { available: true, reasons: [], limitPaise: 1_000_000 };
const refused: Cod = {
  available: false,
  reasons: ['Kala Crafts does not offer cash on delivery', codMessages.aboveLimit(1_000_000)],
  limitPaise: 1_000_000,
};
const render = (props: Partial<Parameters<typeof PaymentMethodChoice>[0]> = {}) =>
  renderToStaticMarkup(
    <PaymentMethodChoice method="online" onChange={() => undefined} totalPaise={129_950} cod={available} {...props} />,
  );
/** The <input> of a radio button by its value. */
const radio = (html: string, value: string) => html.match(new RegExp(`<input[^>]*value="${value}"[^>]*>`))?.[0] ?? '';

describe('PaymentMethodChoice', () => {
  it('offers Pay online and Cash on delivery as radio buttons of one group under the legend, with the cash to pay after points', () => {
    const html = render();
    expect(html).toMatch(/^<fieldset[^>]*><legend[^>]*>Payment method<\/legend>/);
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    const name = radio(html, 'online').match(/name="([^"]+)"/)?.[1];
    expect(radio(html, 'cod')).toContain(`name="${name}"`);
    expect(radio(html, 'online')).toContain('checked=""');
    expect(radio(html, 'cod')).not.toContain('disabled');
    expect(text(html)).toContain('Cash on delivery Pay ₹1,299.50 in cash when it is delivered');
    // Each option is a 44 px row.
    expect(html.match(/<label class="[^"]*min-h-11/g)).toHaveLength(2);
  });

  it('shows cash on delivery chosen', () => {
    const html = render({ method: 'cod' });
    expect(radio(html, 'cod')).toContain('checked=""');
    expect(radio(html, 'online')).not.toContain('checked=""');
  });

  it('disables cash on delivery when the cart may not be paid so, listing every reason under it as its description', () => {
    const html = render({ cod: refused });
    const cod = radio(html, 'cod');
    expect(cod).toContain('disabled=""');
    expect(radio(html, 'online')).not.toContain('disabled');
    const describedBy = cod.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(describedBy).toBeTruthy();
    const list = html.match(new RegExp(`<ul id="${describedBy}"[^>]*>(.*?)</ul>`))?.[1] ?? '';
    expect(text(list.replace(/<\/li>/g, ' |'))).toBe(
      'Kala Crafts does not offer cash on delivery | Cash on delivery is available for orders up to ₹10,000 |',
    );
  });

  it('says that cash on delivery is unavailable when the server gives no reason', () => {
    expect(text(render({ cod: { ...refused, reasons: [] } }))).toContain(codMessages.unavailable);
  });

  it("shows the server's refusal and the fallback to online as alerts describing the group", () => {
    const html = render({
      error: 'Kala Crafts does not offer cash on delivery',
      lost: ['Kala Crafts does not offer cash on delivery'],
    });
    const ids = html.match(/^<fieldset[^>]* aria-describedby="([^"]+)"/)?.[1].split(' ') ?? [];
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(html).toMatch(new RegExp(`<p id="${id}" role="alert"`));
    expect(text(html)).toContain(
      'Cash on delivery is no longer available for this order (Kala Crafts does not offer cash on delivery), so Pay online is chosen instead.',
    );
  });

  it('disables both options while the checkout is busy', () => {
    const html = render({ disabled: true });
    expect(radio(html, 'online')).toContain('disabled=""');
    expect(radio(html, 'cod')).toContain('disabled=""');
  });
});

describe('payButtonLabel', () => {
  it("reads 'Pay ₹X' online and 'Place Order' for cash on delivery or when points cover everything", () => {
    expect(payButtonLabel('online', 129_950)).toBe('Pay ₹1,299.50');
    expect(payButtonLabel('cod', 129_950)).toBe('Place Order');
    expect(payButtonLabel('online', 0)).toBe('Place Order');
  });
});

describe('codFallback', () => {
  it('falls back to online, with the reasons, only when cash on delivery is chosen and no longer available', () => {
    expect(codFallback('cod', refused)).toEqual(refused.reasons);
    expect(codFallback('cod', { ...refused, reasons: [] })).toEqual([codMessages.unavailable]);
    expect(codFallback('cod', available)).toBeNull();
    expect(codFallback('online', refused)).toBeNull();
    // The summary is not loaded yet: nothing to say.
    expect(codFallback('cod', undefined)).toBeNull();
    expect(codLostMessage(['A', 'B'])).toBe(
      'Cash on delivery is no longer available for this order (A; B), so Pay online is chosen instead.',
    );
  });
});

describe('checkoutRequest and startCheckout', () => {
  afterEach(() => vi.unstubAllGlobals());
  const addressId = '6f1d9c1e-2b1a-4c55-9a51-0d3f1b2e4a10';
  const orderId = '0b6f4c1a-8d7e-4f5a-9c3b-2e1d0f9a8b7c';

  it("sends paymentMethod 'cod' with the address and points, and answers the placed order with the server's message", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ status: 'placed', orderId, message: codMessages.placed }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const input = checkoutRequest({ addressId, pointsToUse: 50, method: 'cod', totalPaise: 129_950 });
    expect(checkoutSchema.parse(input)).toEqual({
      addressId,
      pointsToUse: 50,
      paymentMethod: 'cod',
      expectedTotalPaise: 129_950,
    });
    const placed = await startCheckout(input);
    expect(placed).toEqual({ status: 'placed', orderId, message: codMessages.placed });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/checkout');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      addressId,
      pointsToUse: 50,
      paymentMethod: 'cod',
      expectedTotalPaise: 129_950,
    });
  });

  it('sends the total the page shows, the amount the server will charge or refuse', () => {
    expect(
      checkoutRequest({ addressId, pointsToUse: 0, method: 'online', totalPaise: 69_800 }).expectedTotalPaise,
    ).toBe(69_800);
    expect(checkoutRequest({ addressId, pointsToUse: 1300, method: 'online', totalPaise: 0 }).expectedTotalPaise).toBe(
      0,
    );
  });

  it("sends 'online' when paying online, and when points leave nothing to pay", () => {
    expect(checkoutRequest({ addressId, pointsToUse: 0, method: 'online', totalPaise: 129_950 }).paymentMethod).toBe(
      'online',
    );
    expect(checkoutRequest({ addressId, pointsToUse: 1300, method: 'cod', totalPaise: 0 }).paymentMethod).toBe(
      'online',
    );
  });

  it("rejects with the server's refusal of cash on delivery, its reasons on the paymentMethod field", async () => {
    const reasons = 'Kala Crafts does not offer cash on delivery';
    const body = { error: { code: 'VALIDATION_FAILED', message: reasons, fields: { paymentMethod: reasons } } };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } }),
      ),
    );
    await expect(
      startCheckout(checkoutRequest({ addressId, pointsToUse: 0, method: 'cod', totalPaise: 129_950 })),
    ).rejects.toMatchObject({ status: 400, message: reasons, fields: { paymentMethod: reasons } });
  });
});
