import { z } from 'zod';
import { vendorProductReviewSchema } from './product-review.contract';
import { isWholePaise } from '../domain/money';
import { orderStatuses } from '../domain/order-status';
import {
  combinationKey,
  MAX_OPTION_VALUES,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_VARIANTS,
  normaliseOption,
  variantLabel,
} from '../domain/variants';
import { MAX_PRODUCT_IMAGES } from './catalog.contract';
import { pageQuerySchema, pageSchema, searchTextSchema } from './common.contract';
import { productHsnCodeSchema } from './settlement-rates.contract';

/** SPEC.md sections 5 and 8: the vendor's product messages, verbatim where SPEC.md has them. */
export const vendorProductMessages = {
  activeChoice: 'Please say whether the product is active (true or false)',
  created: 'Product created successfully!',
  updated: 'Product updated successfully!',
  deleted: 'Product deleted successfully!',
  deactivatedInstead: 'This product is part of past orders, so it was deactivated instead of deleted.',
  activated: 'Product activated successfully',
  deactivated: 'Product deactivated successfully',
  saveFailed: (msg: string) => `Failed to save product: ${msg}`,
  createFailed: 'Failed to create product',
  updateFailed: 'Failed to update product',
  deleteFailed: 'Failed to delete product',
  statusFailed: 'Failed to update product status',
  fetchFailed: 'Failed to fetch products',
  loadDashboardFailed: 'Failed to load dashboard data',
  requiredFields: 'Please fill in all required fields',
  selectShop: 'Please select a shop for this product',
  tooManyImages: 'You can add at most 5 images',
  negativeStock: 'Stock cannot be negative',
  notFound: 'Product not found',
  unknownCategory: 'Please choose a category from the list',
  noShop: 'You need a shop before you can add products.',
  notYourProduct: 'You can only add images to your own products',
  useUploader: 'Please add images with the image uploader',
} as const;

/** SPEC.md section 9: the default reward percentage of a new product. */
export const DEFAULT_REWARD_PERCENTAGE = 5;
/** The highest price a product may have, in rupees (₹1 crore). */
export const MAX_PRICE_RUPEES = 10_000_000;
export const MAX_STOCK = 1_000_000;

const required = vendorProductMessages.requiredFields;
/** Rupees in whole paise; the same test holds a percentage to two decimals (numeric(5,2)). */
const hasAtMostTwoDecimals = isWholePaise;

// A number typed in a form (a string) or sent as JSON (a number); empty means "not given".
const numberish = z
  .union([z.number(), z.string().trim()])
  .nullish()
  .transform((v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'number' ? v : Number(v)));

/** A rupee amount with at most two decimals, above 0 (the price) or at least 0. */
const rupees = (label: string, whenMissing: string) =>
  numberish.pipe(
    z
      .number({ error: (iss) => (iss.input === undefined ? whenMissing : `${label} must be a number`) })
      .positive(`${label} must be more than ₹0`)
      .max(MAX_PRICE_RUPEES, `${label} must be at most ₹1,00,00,000`)
      .refine(hasAtMostTwoDecimals, `${label} can have at most two decimals (paise)`),
  );

/** Units in stock: a whole number from 0 to MAX_STOCK; 0 when not given. */
const stockQuantity = numberish.pipe(
  z
    .number({ error: 'Stock must be a number' })
    .int('Stock must be a whole number')
    .min(0, vendorProductMessages.negativeStock)
    .max(MAX_STOCK, 'Stock must be at most 10,00,000')
    .default(0),
);

/** An image of the product: a picture uploaded through POST /api/media. */
export const productImageUrlSchema = z
  .string({ error: vendorProductMessages.useUploader })
  .regex(/^\/uploads\/[A-Za-z0-9_-]+\.webp$/, vendorProductMessages.useUploader);

/** The longest option name or value ('Size', 'Extra Large'). */
export const MAX_OPTION_TEXT = 30;
const optionText = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(MAX_OPTION_TEXT, `${what} must be at most ${MAX_OPTION_TEXT} characters`);

/** One option of a product (Size) with its values (S, M, L), in the order the customer sees them. */
export const productOptionInputSchema = z.object({
  name: optionText('Option name'),
  values: z
    .array(optionText('Value'), { error: 'Values must be a list' })
    .min(1, 'Add at least one value')
    .max(MAX_OPTION_VALUES, `An option can have at most ${MAX_OPTION_VALUES} values`),
});

/** SKU: letters, digits and - _ . / (what warehouses and labels accept). */
export const SKU_PATTERN = /^[A-Za-z0-9._/-]+$/;

/** One combination of option values as the vendor sells it; price and original price in rupees, optional (else the product's). */
/** An optional original price in rupees (struck through beside the price), of a product or of one combination. */
const originalRupees = numberish.pipe(
  z
    .number({ error: 'Original price must be a number' })
    .positive('Original price must be more than ₹0')
    .max(MAX_PRICE_RUPEES, 'Original price must be at most ₹1,00,00,000')
    .refine(hasAtMostTwoDecimals, 'Original price can have at most two decimals (paise)')
    .optional(),
);

export const productVariantInputSchema = z.object({
  option1Value: z.string({ error: 'Value is required' }).trim().min(1, 'Value is required'),
  option2Value: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v === undefined || v === '' ? null : v)),
  sku: z
    .string({ error: 'SKU is required' })
    .trim()
    .min(1, 'SKU is required')
    .max(64, 'SKU must be at most 64 characters')
    .regex(SKU_PATTERN, 'SKU can have letters, digits and - _ . / only'),
  stockQuantity,
  price: numberish.pipe(
    z
      .number({ error: 'Price must be a number' })
      .positive('Price must be more than ₹0')
      .max(MAX_PRICE_RUPEES, 'Price must be at most ₹1,00,00,000')
      .refine(hasAtMostTwoDecimals, 'Price can have at most two decimals (paise)')
      .optional(),
  ),
  originalPrice: originalRupees,
  images: z
    .array(productImageUrlSchema, { error: 'Images must be a list of uploaded pictures' })
    .max(MAX_PRODUCT_IMAGES, vendorProductMessages.tooManyImages)
    .default([]),
});
export type ProductVariantInput = z.input<typeof productVariantInputSchema>;
export type ProductVariantData = z.output<typeof productVariantInputSchema>;

type OptionsCheck = { options?: { name: string; values: string[] }[]; variants: ProductVariantData[] };

/**
 * The rules across options and variants, each issue on the field it is about: distinct names and
 * values (without case), one variant per combination and no other, SKUs distinct within the product.
 */
export function checkProductOptions(v: OptionsCheck, ctx: z.RefinementCtx): void {
  const options = v.options;
  if (options === undefined || options.length === 0) {
    if (v.variants.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['variants'],
        message: 'Add an option (such as Size) before its combinations',
      });
    return;
  }
  const seenNames = new Map<string, number>();
  options.forEach((o, i) => {
    const key = normaliseOption(o.name);
    if (seenNames.has(key))
      ctx.addIssue({ code: 'custom', path: ['options', i, 'name'], message: `The option "${o.name}" is given twice` });
    else seenNames.set(key, i);
    const seenValues = new Set<string>();
    o.values.forEach((value, j) => {
      const vk = normaliseOption(value);
      if (seenValues.has(vk))
        ctx.addIssue({
          code: 'custom',
          path: ['options', i, 'values', j],
          message: `${o.name} "${value}" is given twice`,
        });
      seenValues.add(vk);
    });
  });
  const combinations = options.reduce((n, o) => n * o.values.length, 1);
  if (combinations > MAX_PRODUCT_VARIANTS) {
    ctx.addIssue({
      code: 'custom',
      path: ['options'],
      message: `At most ${MAX_PRODUCT_VARIANTS} combinations: these options make ${combinations}`,
    });
    return;
  }
  const [o1, o2] = options;
  const names = { option1Name: o1.name, option2Name: o2?.name ?? null };
  const values1 = new Set(o1.values.map(normaliseOption));
  const values2 = new Set((o2?.values ?? []).map(normaliseOption));
  const seenCombinations = new Set<string>();
  const seenSkus = new Set<string>();
  v.variants.forEach((variant, i) => {
    if (!values1.has(normaliseOption(variant.option1Value))) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'option1Value'],
        message: `"${variant.option1Value}" is not one of the ${o1.name} values`,
      });
    }
    if (o2 && (variant.option2Value === null || !values2.has(normaliseOption(variant.option2Value)))) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'option2Value'],
        message:
          variant.option2Value === null
            ? `Choose a ${o2.name} value`
            : `"${variant.option2Value}" is not one of the ${o2.name} values`,
      });
    }
    if (!o2 && variant.option2Value !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'option2Value'],
        message: `This product has only one option (${o1.name})`,
      });
    }
    const key = combinationKey(variant);
    if (seenCombinations.has(key))
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'option1Value'],
        message: `${variantLabel(names, variant)} is listed twice`,
      });
    seenCombinations.add(key);
    const sku = variant.sku.toLowerCase();
    if (seenSkus.has(sku))
      ctx.addIssue({ code: 'custom', path: ['variants', i, 'sku'], message: `SKU "${variant.sku}" is used twice` });
    seenSkus.add(sku);
    if (variant.originalPrice !== undefined && variant.price === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'originalPrice'],
        message: 'Give this combination its own price to give it an original price',
      });
    } else if (
      variant.originalPrice !== undefined &&
      variant.price !== undefined &&
      variant.originalPrice < variant.price
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'originalPrice'],
        message: 'Original price cannot be less than the price',
      });
    }
  });
  const missing: string[] = [];
  for (const value1 of o1.values) {
    for (const value2 of o2 ? o2.values : [null]) {
      const values = { option1Value: value1, option2Value: value2 };
      if (!seenCombinations.has(combinationKey(values))) missing.push(variantLabel(names, values));
    }
  }
  if (missing.length > 0) {
    const listed =
      missing.length > 3 ? `${missing.slice(0, 3).join(', ')} and ${missing.length - 3} more` : missing.join(', ');
    ctx.addIssue({
      code: 'custom',
      path: ['variants'],
      message: `Every combination needs a SKU and stock: ${listed} missing`,
    });
  }
}

/**
 * The product form (`POST /api/vendor/products`, `PUT /api/vendor/products/:id` and the add/edit
 * modal). Prices are in rupees with at most two decimals; the server stores paise. The first image
 * is the main one.
 */
export const vendorProductInputSchema = z
  .object({
    name: z.string({ error: required }).trim().min(1, required).max(200, 'Name must be at most 200 characters'),
    description: z
      .string()
      .trim()
      .max(5000, 'Description must be at most 5000 characters')
      .nullish()
      .transform((v) => v ?? ''),
    price: rupees('Price', required),
    originalPrice: originalRupees,
    stockQuantity,
    rewardPercentage: numberish.pipe(
      z
        .number({ error: 'Reward percentage must be a number' })
        .min(0, 'Reward percentage must be between 0 and 100')
        .max(100, 'Reward percentage must be between 0 and 100')
        .refine(hasAtMostTwoDecimals, 'Reward percentage can have at most two decimals')
        .default(DEFAULT_REWARD_PERCENTAGE),
    ),
    categoryId: z
      .string({ error: required })
      .trim()
      .min(1, required)
      .pipe(z.uuid(vendorProductMessages.unknownCategory)),
    storeId: z
      .string({ error: vendorProductMessages.selectShop })
      .trim()
      .min(1, vendorProductMessages.selectShop)
      .pipe(z.uuid(vendorProductMessages.selectShop)),
    images: z
      .array(productImageUrlSchema, { error: 'Images must be a list of uploaded pictures' })
      .max(MAX_PRODUCT_IMAGES, vendorProductMessages.tooManyImages)
      .default([]),
    /** The product's HSN code from the super admin's list (its GST rate applies); null or blank: none chosen; left out on an edit: unchanged. */
    hsnCode: productHsnCodeSchema,
    /**
     * Up to two options (Size, Colour) with their values; left out on an edit (an older client): the
     * product keeps its options and variants; empty: the product has none (its own stock applies).
     */
    options: z
      .array(productOptionInputSchema, { error: 'Options must be a list' })
      .max(MAX_PRODUCT_OPTIONS, `A product can have at most ${MAX_PRODUCT_OPTIONS} options`)
      .optional(),
    /** One per combination of the option values; with options, the product's stock is their sum (`stockQuantity` above is ignored). */
    variants: z.array(productVariantInputSchema, { error: 'Combinations must be a list' }).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.originalPrice !== undefined && v.originalPrice < v.price) {
      ctx.addIssue({
        code: 'custom',
        path: ['originalPrice'],
        message: 'Original price cannot be less than the price',
      });
    }
    checkProductOptions(v, ctx);
  });
export type VendorProductInput = z.input<typeof vendorProductInputSchema>;
export type VendorProductData = z.output<typeof vendorProductInputSchema>;
/** The product as the web form saves it: every field, with the final ordered list of image URLs. */
export type ProductPayload = Omit<VendorProductData, 'images'> & { images: string[] };

/** `PATCH /api/vendor/products/:id/status`. */
export const vendorProductStatusSchema = z.object({
  isActive: z.boolean({ error: vendorProductMessages.activeChoice }),
});

export const vendorProductStatusFilters = ['all', 'active', 'inactive'] as const;
export type VendorProductStatusFilter = (typeof vendorProductStatusFilters)[number];

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** `GET /api/vendor/products`: the caller's products over all their shops, newest first. */
export const vendorProductListQuerySchema = pageQuerySchema.extend({
  q: searchTextSchema,
  categoryId: z.preprocess(blankToUndefined, z.uuid(vendorProductMessages.unknownCategory).optional()),
  status: z.preprocess(
    blankToUndefined,
    z.enum(vendorProductStatusFilters, { error: 'Status must be all, active or inactive' }).default('all'),
  ),
});
export type VendorProductListQuery = z.output<typeof vendorProductListQuerySchema>;
export type VendorProductListInput = z.input<typeof vendorProductListQuerySchema>;

/** One combination of a vendor's product: 'Size: M · Colour: Indigo', its SKU, stock, own price (or null) and pictures. */
export const vendorProductVariantSchema = z.object({
  id: z.uuid(),
  option1Value: z.string(),
  option2Value: z.string().nullable(),
  label: z.string(),
  sku: z.string(),
  stockQuantity: z.number().int(),
  pricePaise: z.number().int().nullable(),
  originalPricePaise: z.number().int().nullable(),
  images: z.array(z.string()),
});
export type VendorProductVariant = z.infer<typeof vendorProductVariantSchema>;

/** A product as its vendor manages it: money in paise, every field of the form, its shop and category. */
export const vendorProductSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  pricePaise: z.number().int(),
  originalPricePaise: z.number().int().nullable(),
  stockQuantity: z.number().int(),
  rewardPercentage: z.number(),
  isActive: z.boolean(),
  categoryId: z.uuid(),
  categoryName: z.string(),
  /** The HSN code chosen from the list, or null (the GST rate of unclassified goods applies). */
  hsnCode: z.string().nullable(),
  storeId: z.uuid(),
  storeName: z.string(),
  storeIsActive: z.boolean(),
  /** The main image (the first of `images`), or null: the placeholder shows. */
  imageUrl: z.string().nullable(),
  images: z.array(z.string()),
  /** The product's options (none, one or two), each with its values in the order of the variants. */
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  /** The combinations on sale (withdrawn ones are not listed); prices null: the product's apply. */
  variants: z.array(vendorProductVariantSchema),
  /** Its review before it goes on sale (or its change goes live): waiting, rejected with a reason, or nothing. */
  review: vendorProductReviewSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VendorProduct = z.infer<typeof vendorProductSchema>;
export const vendorProductPageSchema = pageSchema(vendorProductSchema);
export type VendorProductPage = z.infer<typeof vendorProductPageSchema>;

/** The answer of create, update and status changes: the product as saved and the message to show. */
export const vendorProductSavedSchema = z.object({ product: vendorProductSchema, message: z.string() });
export type VendorProductSaved = z.infer<typeof vendorProductSavedSchema>;

/** The answer of a delete: removed, or deactivated instead because past orders refer to it. */
export const vendorProductDeletedSchema = z.object({
  deleted: z.boolean(),
  deactivated: z.boolean(),
  message: z.string(),
});
export type VendorProductDeleted = z.infer<typeof vendorProductDeletedSchema>;

export const vendorProductIdParamsSchema = z.object({ id: z.string().max(100) });

/** SPEC.md section 9: the dashboard shows the 5 most recent orders. */
export const RECENT_VENDOR_ORDERS = 5;

/** One recent shop part of an order, as the vendor's overview lists it. */
export const vendorRecentOrderSchema = z.object({
  orderId: z.uuid(),
  orderPartId: z.uuid(),
  customerName: z.string(),
  storeName: z.string(),
  /** The vendor's items of the order (the part's subtotal). */
  amountPaise: z.number().int(),
  status: z.enum(orderStatuses),
  createdAt: z.string(),
});
export type VendorRecentOrder = z.infer<typeof vendorRecentOrderSchema>;

/**
 * `GET /api/vendor/overview`: product counts over the vendor's shops; orders and revenue of the
 * vendor's own parts only (revenue leaves cancelled parts out).
 */
export const vendorOverviewSchema = z.object({
  totalProducts: z.number().int(),
  activeProducts: z.number().int(),
  totalOrders: z.number().int(),
  revenuePaise: z.number().int(),
  recentOrders: z.array(vendorRecentOrderSchema),
  /** Set while the super admin has rejected the vendor: why, so the dashboard can say it (the shops are off the storefront meanwhile). */
  rejectionReason: z.string().nullable(),
});
export type VendorOverview = z.infer<typeof vendorOverviewSchema>;
