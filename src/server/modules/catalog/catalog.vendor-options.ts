import { eq } from 'drizzle-orm';
import { vendorProductMessages, type VendorProductData } from '../../../contracts/vendor-products.contract';
import { toPaise } from '../../../domain/money';
import { AppError } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/db';
import { productVariants } from './catalog.tables';
import type { ProductOptionsInput, ProductVariant } from './catalog.variants';

// The vendor form's options and variants: from the contract's rupees to saveProductVariants' paise,
// back to the answer's option lists, a SKU clash in the database to the field it is about, and the
// check that the product's and its combinations' pictures are the vendor's own.

/** True when the form gives the product options (an empty list or none at all: it has none, or keeps its own). */
export const givesOptions = (input: VendorProductData): boolean => (input.options?.length ?? 0) > 0;

/** What saveProductVariants takes from the form: option names and every combination, money in paise. */
export function toOptionsInput(input: VendorProductData): ProductOptionsInput {
  const [o1, o2] = input.options ?? [];
  return {
    option1Name: o1?.name ?? null,
    option2Name: o2?.name ?? null,
    variants: input.variants.map((v) => ({
      option1Value: v.option1Value,
      option2Value: o2 ? v.option2Value : null,
      sku: v.sku,
      stockQuantity: v.stockQuantity,
      pricePaise: v.price === undefined ? null : toPaise(v.price),
      originalPricePaise: v.price === undefined || v.originalPrice === undefined ? null : toPaise(v.originalPrice),
      images: v.images,
    })),
  };
}

/** The product's options as the vendor reads them: each name with its distinct values in the order of the variants. */
export function optionsOf(
  names: { option1Name: string | null; option2Name: string | null },
  variants: ProductVariant[],
): { name: string; values: string[] }[] {
  const options: { name: string; values: string[] }[] = [];
  const distinct = (values: (string | null)[]) => {
    const seen = new Set<string>();
    return values.filter(
      (v): v is string => v !== null && !seen.has(v.toLowerCase()) && Boolean(seen.add(v.toLowerCase())),
    );
  };
  if (names.option1Name)
    options.push({ name: names.option1Name, values: distinct(variants.map((v) => v.option1Value)) });
  if (names.option1Name && names.option2Name)
    options.push({ name: names.option2Name, values: distinct(variants.map((v) => v.option2Value)) });
  return options;
}

/**
 * A clash on the unique index of SKUs (two combinations saved at once with one SKU) as a 400 on
 * that combination's SKU field; any other error as it is.
 */
export function skuClashAsFieldError(e: unknown, input: VendorProductData): unknown {
  const err = e as {
    code?: string;
    constraint?: string;
    detail?: string;
    cause?: { code?: string; constraint?: string; detail?: string };
  };
  const c = err.cause ?? err;
  if (c.code !== '23505' || c.constraint !== 'product_variants_sku_unique') return e;
  const detail = (c.detail ?? '').toLowerCase();
  const i = input.variants.findIndex((v) => detail.includes(`, ${v.sku.toLowerCase()})`));
  const sku = i >= 0 ? input.variants[i].sku : null;
  const message = sku
    ? `SKU "${sku}" is used by another combination of this product`
    : 'Two combinations of this product have the same SKU';
  return new AppError('VALIDATION_FAILED', message, { [i >= 0 ? `variants.${i}.sku` : 'variants']: message });
}

/** Of the given picture URLs, those the vendor did not upload as product pictures (the media module answers; wired in app.ts). */
export type ForeignImages = (db: DbOrTx, vendorUserId: string, urls: string[]) => Promise<string[]>;

/**
 * 400 on the first picture, of the product's (`images.2`) or of a combination's (`variants.3.images.0`),
 * that is neither the vendor's own upload nor already on the product or one of its combinations.
 */
export async function assertOwnImages(
  tx: DbOrTx,
  vendorUserId: string,
  input: VendorProductData,
  alreadyOn: string[],
  foreignImages?: ForeignImages,
): Promise<void> {
  if (!foreignImages) return;
  const placed = [
    ...input.images.map((url, i) => ({ url, field: `images.${i}` })),
    ...(givesOptions(input)
      ? input.variants.flatMap((v, i) => v.images.map((url, j) => ({ url, field: `variants.${i}.images.${j}` })))
      : []),
  ];
  const foreign = new Set(
    await foreignImages(tx, vendorUserId, [...new Set(placed.map((p) => p.url).filter((u) => !alreadyOn.includes(u)))]),
  );
  const first = placed.find((p) => foreign.has(p.url));
  if (first)
    throw new AppError('VALIDATION_FAILED', vendorProductMessages.useUploader, {
      [first.field]: vendorProductMessages.useUploader,
    });
}

/** Every picture a product shows now: its gallery, its older main image and its combinations' pictures. */
export async function imagesOnProduct(
  tx: DbOrTx,
  productId: string,
  current: { images: string[]; imageUrl: string | null },
): Promise<string[]> {
  const variants = await tx
    .select({ images: productVariants.images })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return [...current.images, ...(current.imageUrl ? [current.imageUrl] : []), ...variants.flatMap((v) => v.images)];
}
