import { saveProductVariants, type ProductOptionsInput, type VariantInput } from '../modules/catalog';
import type { Tx } from '../platform/db';
import { DEMO_PRODUCTS } from './demo-products';

// The sizes and colours of the demo's clothing, footwear and one yoga mat, as their vendors would
// list them: kurtas, shirts and jackets S to XXL (XXL ₹50 more), juttis by UK size, a girls' lehenga
// by age; a kurta and a dupatta in colours. Sarees, stoles and earrings are free size: no options.

type Spec = {
  /** SKU prefix: shop and product, 'JHH-KUR'. */
  sku: string;
  option1Name: string;
  option2Name?: string;
  /** Values of the first option, with their stock per value of the second (or alone). */
  values: string[];
  colours?: string[];
  /** stock[i][j]: the first option's value i in the second's value j (one column without a second option). */
  stock: number[][];
  /** Extra paise on a value of the first option ('XXL': 5000). */
  extra?: Record<string, number>;
};

const GARMENT_SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const BIGGER_COSTS_MORE = { XXL: 5000 };

/** The options of the demo products that have some, by product name. */
export const DEMO_OPTIONS: Record<string, Spec> = {
  'Hand Block Printed Cotton Kurta for Women': {
    sku: 'JHH-KUR',
    option1Name: 'Size',
    option2Name: 'Colour',
    values: GARMENT_SIZES,
    colours: ['Indigo', 'Rust'],
    stock: [
      [8, 6],
      [12, 10],
      [14, 12],
      [9, 7],
      [4, 3],
    ],
    extra: BIGGER_COSTS_MORE,
  },
  "Men's Linen Nehru Jacket": {
    sku: 'JHH-NEH',
    option1Name: 'Size',
    values: GARMENT_SIZES,
    stock: [[4], [10], [12], [9], [5]],
    extra: BIGGER_COSTS_MORE,
  },
  'Leheriya Cotton Dupatta': {
    sku: 'JHH-DUP',
    option1Name: 'Colour',
    values: ['Pink', 'Yellow', 'Green'],
    stock: [[60], [50], [40]],
  },
  'Embroidered Leather Mojari Juttis': {
    sku: 'JHH-JUT',
    option1Name: 'Size',
    values: ['UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10'],
    stock: [[1], [1], [2], [1], [0]],
  },
  "Men's Cotton Kurta Pyjama Set": {
    sku: 'JHH-KPS',
    option1Name: 'Size',
    values: GARMENT_SIZES,
    stock: [[8], [15], [18], [12], [7]],
    extra: BIGGER_COSTS_MORE,
  },
  'Chanderi Silk Anarkali Suit Set': {
    sku: 'JHH-ANK',
    option1Name: 'Size',
    values: ['S', 'M', 'L', 'XL'],
    stock: [[0], [0], [0], [0]],
  },
  "Indigo Dabu Print Men's Shirt": {
    sku: 'JHH-SHI',
    option1Name: 'Size',
    values: GARMENT_SIZES,
    stock: [[10], [18], [20], [14], [8]],
    extra: BIGGER_COSTS_MORE,
  },
  "Girls' Ethnic Lehenga Choli": {
    sku: 'JHH-LEH',
    option1Name: 'Age',
    values: ['4-5 Y', '6-7 Y', '8-9 Y', '10-11 Y'],
    stock: [[7], [8], [7], [6]],
  },
  'Anti-Slip Yoga Mat, 6 mm': {
    sku: 'KWC-YOG',
    option1Name: 'Colour',
    values: ['Purple', 'Teal', 'Black'],
    stock: [[50], [40], [40]],
  },
};

const code = (value: string) => value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/** A demo product's options and variants as saveProductVariants takes them. */
export function demoOptionsOf(name: string): ProductOptionsInput | null {
  const spec = DEMO_OPTIONS[name];
  const product = DEMO_PRODUCTS.find((p) => p.name === name);
  if (!spec || !product) return null;
  const variants: VariantInput[] = [];
  spec.values.forEach((value, i) => {
    const extra = spec.extra?.[value] ?? 0;
    const priced = {
      pricePaise: extra ? product.pricePaise + extra : null,
      originalPricePaise:
        extra && product.originalPricePaise !== null && product.originalPricePaise > product.pricePaise
          ? product.originalPricePaise + extra
          : null,
    };
    for (const [j, colour] of (spec.colours ?? [null]).entries()) {
      const sku = [spec.sku, colour ? code(colour).slice(0, 3) : null, code(value)].filter(Boolean).join('-');
      variants.push({
        option1Value: value,
        option2Value: colour,
        sku,
        stockQuantity: spec.stock[i][j],
        ...priced,
        images: [],
      });
    }
  });
  return { option1Name: spec.option1Name, option2Name: spec.option2Name ?? null, variants };
}

/** Writes the options of every demo product that has some, through the one writer of variants. */
export async function seedDemoVariants(tx: Tx, productIdNamed: (name: string) => string): Promise<void> {
  for (const name of Object.keys(DEMO_OPTIONS)) {
    const options = demoOptionsOf(name);
    if (!options) throw new Error(`Demo options for an unknown product: ${name}`);
    await saveProductVariants(tx, productIdNamed(name), options);
  }
}
