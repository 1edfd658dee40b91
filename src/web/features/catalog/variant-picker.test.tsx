import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProductDetailVariant } from '../../../contracts/catalog.contract';
import { VariantPicker } from './variant-picker';
import { visibleText as text } from '../../api/test-markup';

// The product page's size buttons: a sold-out size says so and stays choosable.

const variant = (id: string, option1Value: string, stockQuantity: number): ProductDetailVariant => ({
  id,
  option1Value,
  option2Value: null,
  label: `Size: ${option1Value}`,
  sku: option1Value,
  pricePaise: 100000,
  originalPricePaise: null,
  discountPercent: 0,
  stockQuantity,
  pointsEarned: 0,
  images: [],
  offer: null,
});
const product = {
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [variant('v1', 'S', 0), variant('v2', 'M', 4)],
};

describe('VariantPicker', () => {
  it('offers each size as a radio button in a group named by the option, a sold-out one struck through and named so', () => {
    const html = renderToStaticMarkup(
      <VariantPicker
        product={product}
        choice={{ option1Value: 'M', option2Value: null }}
        onChoose={() => undefined}
        message={null}
        messageId="m"
      />,
    );
    expect(text(html)).toBe('Size : M S (sold out) M');
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    expect(html).not.toContain('disabled');
    expect(html).toMatch(/checked="" value="M"/);
    expect(html).not.toContain('role="alert"');
  });

  it("shows 'Please choose a size' under the buttons, describing the group", () => {
    const html = renderToStaticMarkup(
      <VariantPicker
        product={product}
        choice={{ option1Value: null, option2Value: null }}
        onChoose={() => undefined}
        message="Please choose a size"
        messageId="m"
      />,
    );
    expect(html).toContain('<fieldset aria-describedby="m">');
    expect(html).toContain('<p id="m" role="alert" class="text-sm font-medium text-red-700">Please choose a size</p>');
  });
});
