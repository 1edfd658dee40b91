import { describe, expect, it } from 'vitest';
import { vendorProductInputSchema } from '../../../contracts/vendor-products.contract';
import { combinationRows, newValues, optionsSummary, stockSum, suggestSkus } from './product-options';

describe('the combinations table of the product form', () => {
  it('makes one row per combination and keeps what was typed for those that remain', () => {
    const first = combinationRows(
      [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Indigo'] },
      ],
      [],
    );
    expect(first.map((r) => `${r.option1Value}/${r.option2Value}`)).toEqual(['S/Indigo', 'M/Indigo']);
    const typed = first.map((r, i) => ({ ...r, sku: `K-${i}`, stockQuantity: String(i + 3), price: '999' }));
    const next = combinationRows(
      [
        { name: 'Size', values: ['m', 'L'] },
        { name: 'Colour', values: ['Indigo', 'Maroon'] },
      ],
      typed,
    );
    expect(next.map((r) => [r.option1Value, r.option2Value, r.sku, r.stockQuantity, r.price])).toEqual([
      ['m', 'Indigo', 'K-1', '4', '999'],
      ['m', 'Maroon', '', '0', ''],
      ['L', 'Indigo', '', '0', ''],
      ['L', 'Maroon', '', '0', ''],
    ]);
    expect(stockSum(next)).toBe(4);
    expect(combinationRows([], typed)).toEqual([]);
  });

  it('reads values typed with commas, without blanks or repeats', () => {
    expect(newValues(' S, m ,, M, Extra   Large', ['s'])).toEqual(['m', 'Extra Large']);
  });

  it('suggests SKUs the contract accepts, distinct, keeping those typed', () => {
    const rows = combinationRows(
      [
        { name: 'Size', values: ['M', 'Extra Large'] },
        { name: 'Colour', values: ['Indigo'] },
      ],
      [],
    );
    rows[1] = { ...rows[1], sku: 'HCK-M-INDIGO' };
    const filled = suggestSkus('Handloom Cotton Kurta', rows);
    expect(filled.map((r) => r.sku)).toEqual(['HCK-M-INDIGO-2', 'HCK-M-INDIGO']);
    const options = [
      { name: 'Size', values: ['M', 'Extra Large'] },
      { name: 'Colour', values: ['Indigo'] },
    ];
    const again = suggestSkus('Kurta', combinationRows(options, []));
    expect(again.map((r) => r.sku)).toEqual(['KURTA-M-INDIGO', 'KURTA-EXTRA-LARGE-INDIGO']);
    expect(
      vendorProductInputSchema.safeParse({
        name: 'Kurta',
        price: '10',
        categoryId: crypto.randomUUID(),
        storeId: crypto.randomUUID(),
        options,
        variants: again,
      }).success,
    ).toBe(true);
  });

  it('sums up the options for the product card', () => {
    expect(
      optionsSummary([
        { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
        { name: 'Colour', values: ['Indigo', 'Maroon'] },
      ]),
    ).toBe('4 sizes · 2 colours');
    expect(optionsSummary([{ name: 'Box', values: ['Small'] }])).toBe('1 box');
  });
});
