import { describe, expect, it } from 'vitest';
import type { ProductDetail, ProductDetailVariant } from '../../../contracts/catalog.contract';
import {
  choiceFromParams,
  choiceToParams,
  chooseValue,
  chosenVariant,
  missingChoiceMessage,
  noChoice,
  shownOffer,
  valueState,
} from './variant-choice';

// The product page's size and colour choice.

let n = 0;
const variant = (
  option1Value: string,
  option2Value: string | null,
  over: Partial<ProductDetailVariant> = {},
): ProductDetailVariant => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  option1Value,
  option2Value,
  label: `Size: ${option1Value}${option2Value ? ` · Colour: ${option2Value}` : ''}`,
  sku: `SKU-${n}`,
  pricePaise: 100000,
  originalPricePaise: 150000,
  discountPercent: 33,
  stockQuantity: 5,
  pointsEarned: 50,
  images: [],
  offer: null,
  ...over,
});

const base = {
  pricePaise: 100000,
  originalPricePaise: 150000,
  discountPercent: 33,
  pointsEarned: 50,
  stockQuantity: 0,
  images: ['/uploads/kurta.webp'],
  offer: null,
} as unknown as ProductDetail;

// S: Indigo sold out, no Rust; M: Indigo 3 left, Rust (dearer, own picture); L: everything sold out.
const mIndigo = variant('M', 'Indigo', { stockQuantity: 3 });
const mRust = variant('M', 'Rust', {
  pricePaise: 120000,
  originalPricePaise: null,
  discountPercent: 0,
  pointsEarned: 60,
  stockQuantity: 7,
  images: ['/uploads/rust.webp'],
});
const sIndigo = variant('S', 'Indigo', { stockQuantity: 0 });
const lIndigo = variant('L', 'Indigo', { stockQuantity: 0 });
const lRust = variant('L', 'Rust', { stockQuantity: 0 });
const kurta: ProductDetail = {
  ...base,
  stockQuantity: 10,
  options: [
    { name: 'Size', values: ['S', 'M', 'L'] },
    { name: 'Colour', values: ['Indigo', 'Rust'] },
  ],
  variants: [sIndigo, mIndigo, mRust, lIndigo, lRust],
};
const choice = (option1Value: string | null, option2Value: string | null) => ({ option1Value, option2Value });

describe('which values can be chosen', () => {
  it('marks a value sold out when every variant with it (and the other chosen value) is out of stock', () => {
    expect(['S', 'M', 'L'].map((v) => valueState(kurta, 0, v, noChoice))).toEqual(['soldOut', 'available', 'soldOut']);
    expect(['Indigo', 'Rust'].map((v) => valueState(kurta, 1, v, noChoice))).toEqual(['available', 'available']);
  });

  it('looks only at the combinations with the value chosen for the other option', () => {
    // With Rust chosen: S has no Rust at all, M has it in stock, L's is sold out.
    expect(['S', 'M', 'L'].map((v) => valueState(kurta, 0, v, choice(null, 'Rust')))).toEqual([
      'unavailable',
      'available',
      'soldOut',
    ]);
    // With L chosen, both colours are sold out; with S, Rust does not exist.
    expect(['Indigo', 'Rust'].map((v) => valueState(kurta, 1, v, choice('L', null)))).toEqual(['soldOut', 'soldOut']);
    expect(['Indigo', 'Rust'].map((v) => valueState(kurta, 1, v, choice('S', 'Indigo')))).toEqual([
      'soldOut',
      'unavailable',
    ]);
  });

  it('names the variant of a complete choice only', () => {
    expect(chosenVariant(kurta, choice('M', null))).toBeNull();
    expect(chosenVariant(kurta, choice('M', 'Rust'))?.id).toBe(mRust.id);
    expect(chosenVariant(kurta, choice('S', 'Rust'))).toBeNull();
  });

  it('lets go of the other value when the new one has no variant with it', () => {
    expect(chooseValue(kurta, choice('M', 'Rust'), 0, 'S')).toEqual(choice('S', null));
    expect(chooseValue(kurta, choice('M', 'Rust'), 0, 'L')).toEqual(choice('L', 'Rust'));
  });
});

describe('the missing choice', () => {
  it("asks for what is missing: 'Please choose a size'", () => {
    expect(missingChoiceMessage(kurta, noChoice)).toBe('Please choose a size and a colour');
    expect(missingChoiceMessage(kurta, choice(null, 'Rust'))).toBe('Please choose a size');
    expect(missingChoiceMessage(kurta, choice('M', null))).toBe('Please choose a colour');
    expect(missingChoiceMessage(kurta, choice('M', 'Rust'))).toBeNull();
    const sizes: ProductDetail = {
      ...kurta,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [variant('S', null), variant('M', null)],
    };
    expect(missingChoiceMessage(sizes, noChoice)).toBe('Please choose a size');
    expect(missingChoiceMessage({ ...kurta, options: [], variants: [] }, noChoice)).toBeNull();
  });
});

describe('what the page shows', () => {
  it("shows the chosen variant's price, stock, points and pictures (its own first)", () => {
    expect(shownOffer(kurta, choice('M', 'Rust'))).toMatchObject({
      variant: { id: mRust.id },
      pricePaise: 120000,
      originalPricePaise: null,
      discountPercent: 0,
      fromPrice: false,
      stockQuantity: 7,
      pointsPerUnit: 60,
      images: ['/uploads/rust.webp', '/uploads/kurta.webp'],
    });
    expect(shownOffer(kurta, choice('M', 'Indigo'))).toMatchObject({
      pricePaise: 100000,
      originalPricePaise: 150000,
      discountPercent: 33,
      stockQuantity: 3,
      images: ['/uploads/kurta.webp'],
    });
  });

  it('before a complete choice, shows the lowest price in stock as "from" and the stock of what is still open', () => {
    expect(shownOffer(kurta, noChoice)).toMatchObject({
      variant: null,
      pricePaise: 100000,
      fromPrice: true,
      originalPricePaise: null,
      stockQuantity: 10,
    });
    // Rust chosen: its picture comes first, even before a size.
    expect(shownOffer(kurta, choice(null, 'Rust'))).toMatchObject({
      pricePaise: 120000,
      fromPrice: true,
      stockQuantity: 7,
      images: ['/uploads/rust.webp', '/uploads/kurta.webp'],
    });
    expect(shownOffer(kurta, choice('L', null))).toMatchObject({ stockQuantity: 0 });
  });

  it('shows a product without options as it is', () => {
    const plain: ProductDetail = { ...base, stockQuantity: 4, options: [], variants: [] };
    expect(shownOffer(plain, noChoice)).toEqual({
      variant: null,
      pricePaise: 100000,
      originalPricePaise: 150000,
      discountPercent: 33,
      fromPrice: false,
      promotion: null,
      stockQuantity: 4,
      pointsPerUnit: 50,
      images: ['/uploads/kurta.webp'],
    });
  });

  it("shows the promotion's offer of the product, of the chosen variant, or of the cheapest one still open", () => {
    // At 5 %: ₹850 earns 42 points a unit (₹1,000: 50), ₹1,000 earns 50 (₹1,200: 60).
    const festive = { pricePaise: 85_000, name: 'Festive', endsOn: '2026-12-05', pointsEarned: 42 };
    const plain: ProductDetail = { ...base, offer: festive, stockQuantity: 4, options: [], variants: [] };
    expect(shownOffer(plain, noChoice).promotion).toEqual(festive);
    expect(shownOffer(plain, noChoice).pointsPerUnit).toBe(42);
    const rustWeek = { pricePaise: 100_000, name: 'Rust week', endsOn: null, pointsEarned: 50 };
    const rust = { ...mRust, offer: rustWeek };
    const offered: ProductDetail = { ...kurta, variants: [sIndigo, mIndigo, rust, lIndigo, lRust] };
    expect(shownOffer(offered, choice('M', 'Rust')).promotion).toEqual(rustWeek);
    expect(shownOffer(offered, choice('M', 'Rust')).pointsPerUnit).toBe(50);
    expect(shownOffer(offered, choice('M', 'Indigo')).promotion).toBeNull();
    expect(shownOffer(offered, choice('M', 'Indigo')).pointsPerUnit).toBe(50);
    // Only Rust open: the cheapest open variant in stock is M Rust.
    expect(shownOffer(offered, choice(null, 'Rust')).promotion).toEqual(rustWeek);
    expect(shownOffer(offered, noChoice).promotion).toBeNull();
  });
});

describe('the choice in the address', () => {
  it('reads ?size=M&colour=Indigo in any case and writes it back, keeping other parameters', () => {
    expect(choiceFromParams(kurta, new URLSearchParams('size=m&colour=INDIGO'))).toEqual(choice('M', 'Indigo'));
    expect(choiceFromParams(kurta, new URLSearchParams('size=XXL&colour=Rust'))).toEqual(choice(null, 'Rust'));
    expect(choiceToParams(kurta, choice('M', 'Rust'), new URLSearchParams('ref=home')).toString()).toBe(
      'ref=home&size=M&colour=Rust',
    );
    expect(choiceToParams(kurta, choice('S', null), new URLSearchParams('size=M&colour=Rust')).toString()).toBe(
      'size=S',
    );
  });

  it('reads ?variant=<id>', () => {
    expect(choiceFromParams(kurta, new URLSearchParams(`variant=${mRust.id}`))).toEqual(choice('M', 'Rust'));
    expect(choiceToParams(kurta, choice('M', 'Rust'), new URLSearchParams(`variant=${mRust.id}`)).toString()).toBe(
      'size=M&colour=Rust',
    );
  });
});
