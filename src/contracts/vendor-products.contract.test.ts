import { describe, expect, it } from 'vitest';
import { MAX_OPTION_VALUES, MAX_PRODUCT_VARIANTS } from '../domain/variants';
import { vendorProductInputSchema, type VendorProductInput } from './vendor-products.contract';

const base: VendorProductInput = {
  name: 'Handloom Cotton Kurta',
  price: '1299',
  categoryId: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f',
  storeId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
};

/** The per-field messages of a form, as the server answers them (`variants.3.sku`). */
function fieldErrors(over: Partial<VendorProductInput>): Record<string, string> {
  const r = vendorProductInputSchema.safeParse({ ...base, ...over });
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const sizes = { name: 'Size', values: ['S', 'M'] };
const colours = { name: 'Colour', values: ['Indigo', 'Maroon'] };
const all = () => [
  { option1Value: 'S', option2Value: 'Indigo', sku: 'K-S-I', stockQuantity: 1 },
  { option1Value: 'S', option2Value: 'Maroon', sku: 'K-S-M', stockQuantity: 2 },
  { option1Value: 'M', option2Value: 'Indigo', sku: 'K-M-I', stockQuantity: 3 },
  { option1Value: 'M', option2Value: 'Maroon', sku: 'K-M-M', stockQuantity: 4 },
];

describe('product options and combinations', () => {
  it('accepts every combination once, whatever the case of the values, with prices in rupees', () => {
    const variants = all();
    variants[0] = {
      ...variants[0],
      option1Value: 's',
      option2Value: 'INDIGO',
      price: '1399.50',
      originalPrice: '1999',
    } as (typeof variants)[number];
    const r = vendorProductInputSchema.parse({ ...base, options: [sizes, colours], variants });
    expect(r.variants[0]).toMatchObject({
      option1Value: 's',
      option2Value: 'INDIGO',
      price: 1399.5,
      originalPrice: 1999,
      images: [],
    });
    expect(r.options).toEqual([sizes, colours]);
  });

  it('keeps a product without options as it was: options left out, none, and no combinations', () => {
    const older = vendorProductInputSchema.parse(base);
    expect(older.options).toBeUndefined();
    expect(older.variants).toEqual([]);
    expect(vendorProductInputSchema.parse({ ...base, options: [] })).toMatchObject({ options: [], variants: [] });
    expect(fieldErrors({ options: [], variants: all() })).toEqual({
      variants: 'Add an option (such as Size) before its combinations',
    });
  });

  it('refuses option names and values that are blank, too long or given twice without case', () => {
    expect(fieldErrors({ options: [{ name: ' ', values: ['M'] }], variants: [] })['options.0.name']).toBe(
      'Option name is required',
    );
    expect(fieldErrors({ options: [{ name: 'x'.repeat(31), values: ['M'] }], variants: [] })['options.0.name']).toBe(
      'Option name must be at most 30 characters',
    );
    expect(fieldErrors({ options: [{ name: 'Size', values: [] }], variants: [] })['options.0.values']).toBe(
      'Add at least one value',
    );
    expect(fieldErrors({ options: [sizes, { name: 'size', values: ['Red'] }], variants: [] })['options.1.name']).toBe(
      'The option "size" is given twice',
    );
    expect(fieldErrors({ options: [{ name: 'Size', values: ['M', ' m '] }], variants: [] })['options.0.values.1']).toBe(
      'Size "m" is given twice',
    );
    const many = Array.from({ length: MAX_OPTION_VALUES + 1 }, (_, i) => `V${i}`);
    expect(fieldErrors({ options: [{ name: 'Size', values: many }], variants: [] })['options.0.values']).toBe(
      `An option can have at most ${MAX_OPTION_VALUES} values`,
    );
    expect(fieldErrors({ options: [sizes, colours, { name: 'Fit', values: ['Slim'] }], variants: [] }).options).toBe(
      'A product can have at most 2 options',
    );
  });

  it(`refuses more than ${MAX_PRODUCT_VARIANTS} combinations`, () => {
    const eleven = (p: string) => Array.from({ length: 11 }, (_, i) => `${p}${i}`);
    expect(
      fieldErrors({
        options: [
          { name: 'Size', values: eleven('S') },
          { name: 'Colour', values: eleven('C') },
        ],
        variants: [],
      }).options,
    ).toBe(`At most ${MAX_PRODUCT_VARIANTS} combinations: these options make 121`);
  });

  it('puts each combination problem on its field', () => {
    const twice = all();
    twice[3] = { ...twice[3], sku: 'k-s-i' };
    expect(fieldErrors({ options: [sizes, colours], variants: twice })).toEqual({
      'variants.3.sku': 'SKU "k-s-i" is used twice',
    });

    const missing = all().slice(0, 2);
    expect(fieldErrors({ options: [sizes, colours], variants: missing })).toEqual({
      variants: 'Every combination needs a SKU and stock: Size: M · Colour: Indigo, Size: M · Colour: Maroon missing',
    });

    const repeated = [...all(), { option1Value: 'm', option2Value: 'maroon', sku: 'K-M-M2', stockQuantity: 1 }];
    expect(fieldErrors({ options: [sizes, colours], variants: repeated })).toEqual({
      'variants.4.option1Value': 'Size: m · Colour: maroon is listed twice',
    });

    const stranger = all();
    stranger[1] = { ...stranger[1], option2Value: 'Teal' };
    expect(fieldErrors({ options: [sizes, colours], variants: stranger })).toMatchObject({
      'variants.1.option2Value': '"Teal" is not one of the Colour values',
    });

    const noColour = all();
    noColour[2] = { ...noColour[2], option2Value: null as unknown as string };
    expect(fieldErrors({ options: [sizes, colours], variants: noColour })['variants.2.option2Value']).toBe(
      'Choose a Colour value',
    );
  });

  it('checks SKU characters, stock and prices of a combination', () => {
    const bad = all();
    bad[0] = { ...bad[0], sku: 'K S I' };
    bad[1] = { ...bad[1], stockQuantity: -1 };
    bad[2] = { ...bad[2], price: '500', originalPrice: '400' } as (typeof bad)[number];
    bad[3] = { ...bad[3], originalPrice: '400' } as (typeof bad)[number];
    expect(fieldErrors({ options: [sizes, colours], variants: bad })).toEqual({
      'variants.0.sku': 'SKU can have letters, digits and - _ . / only',
      'variants.1.stockQuantity': 'Stock cannot be negative',
      'variants.2.originalPrice': 'Original price cannot be less than the price',
      'variants.3.originalPrice': 'Give this combination its own price to give it an original price',
    });
    const ok = all();
    ok[0] = { ...ok[0], sku: 'KUR/2025_S.1-A' };
    expect(fieldErrors({ options: [sizes, colours], variants: ok })).toEqual({});
  });

  it('ignores the product stock when there are options, but still reads it', () => {
    const r = vendorProductInputSchema.parse({
      ...base,
      stockQuantity: '12',
      options: [{ name: 'Size', values: ['M'] }],
      variants: [{ option1Value: 'M', sku: 'M1', stockQuantity: '' }],
    });
    expect(r.variants[0].stockQuantity).toBe(0);
    expect(r.variants[0].option2Value).toBeNull();
  });
});
