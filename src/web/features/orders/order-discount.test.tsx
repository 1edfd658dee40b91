import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.contract';
import { OrderDiscountRows } from './order-details';
import { visibleText as text } from '../../api/test-markup';

// A customer's order shows what promotions took off it, and which ones.

const withDiscount = (fields: object) => ({ id: '00000000-0000-4000-8000-000000000001', ...fields }) as Order;

describe("the order's discount", () => {
  it('shows the discount and each promotion used with what it saved', () => {
    const html = renderToStaticMarkup(
      <dl>
        <OrderDiscountRows
          order={withDiscount({
            discountPaise: 29_000,
            promotions: [
              { name: 'Festive', code: null, savedPaise: 10_000 },
              { name: 'Save ten', code: 'SAVE10', savedPaise: 19_000 },
            ],
          })}
        />
      </dl>,
    );
    expect(text(html)).toBe('Discount −₹290 Festive −₹100 SAVE10 (Save ten) −₹190');
    // Each promotion is a term of the amounts' list with what it saved.
    expect(html).toContain('<dt>SAVE10 (Save ten)</dt><dd>−₹190</dd>');
  });

  it('shows nothing for an order without a discount', () => {
    expect(renderToStaticMarkup(<OrderDiscountRows order={withDiscount({ discountPaise: 0, promotions: [] })} />)).toBe(
      '',
    );
    expect(renderToStaticMarkup(<OrderDiscountRows order={withDiscount({})} />)).toBe('');
  });
});
