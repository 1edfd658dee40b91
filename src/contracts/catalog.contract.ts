import { z } from 'zod';
import {
  MAX_OPTION_FILTERS,
  optionFilterMessages,
  optionFilterParam,
  parseOptionFilter,
} from '../domain/option-filters';
import { pageQuerySchema, pageSchema } from './common.contract';
import {
  BROWSABLE_RESULTS,
  catalogMessages,
  MAX_PRODUCT_IMAGES,
  PRICE_RANGE_MAX,
  PRICE_RANGE_MIN,
  productSorts,
  productViews,
  RATING_FILTER,
  SEARCH_TEXT_MAX,
} from './catalog.constants';

// The constants the browser needs without zod (catalog.constants.ts), here too for the server and forms.
export * from './catalog.constants';

export const categorySchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.object({ items: z.array(categorySchema) });

/**
 * The promotion offer on one unit bought alone (docs/promotions.md): the price after it, the
 * promotion's name ('Festive + Diwali Sale' when several combine) and its last day (India date, null
 * for none).
 */
export const cardOfferSchema = z.object({
  pricePaise: z.number().int(),
  name: z.string(),
  endsOn: z.string().nullable(),
  /** The points one unit earns at the offer price: points are earned on what is paid after promotions. */
  pointsEarned: z.number().int(),
});
export type CardOfferData = z.infer<typeof cardOfferSchema>;

/** A product as cards show it (home, search): money in paise, points for one unit. */
export const productCardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  pricePaise: z.number().int(),
  originalPricePaise: z.number().int().nullable(),
  /** SPEC section 9: round((original - price) / original x 100); 0 without a higher original price. */
  discountPercent: z.number().int(),
  rewardPercentage: z.number(),
  /** Points earned when buying one unit. */
  pointsEarned: z.number().int(),
  imageUrl: z.string().nullable(),
  storeId: z.uuid(),
  storeName: z.string(),
  categoryId: z.uuid(),
  categoryName: z.string(),
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
  stockQuantity: z.number().int(),
  /** False when the product's shop does not deliver: it cannot be ordered online. */
  delivers: z.boolean(),
  /** The product has sizes or colours: a card sends the shopper to its page to choose one. */
  hasOptions: z.boolean(),
  /** The lowest price of its sizes or colours on sale, when they do not all cost the same ('From ₹X'); null otherwise. */
  priceFromPaise: z.number().int().nullable(),
  /** The automatic promotions' offer on the price shown ('From' price included); null for none. */
  offer: cardOfferSchema.nullable(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** One option of a product (Size, Colour) with its values in the vendor's order. */
export const productOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof productOptionSchema>;

/**
 * One variant on sale as the product page offers it: its effective price (its own, else the
 * product's), its stock (0 when sold out), the points one unit earns and its own pictures ([] when none).
 */
export const productDetailVariantSchema = z.object({
  id: z.uuid(),
  option1Value: z.string(),
  option2Value: z.string().nullable(),
  /** 'Size: M · Colour: Indigo'. */
  label: z.string(),
  sku: z.string(),
  pricePaise: z.number().int(),
  originalPricePaise: z.number().int().nullable(),
  discountPercent: z.number().int(),
  stockQuantity: z.number().int(),
  pointsEarned: z.number().int(),
  images: z.array(z.string()).max(MAX_PRODUCT_IMAGES),
  /** The automatic promotions' offer on this variant; null for none. */
  offer: cardOfferSchema.nullable(),
});
export type ProductDetailVariant = z.infer<typeof productDetailVariantSchema>;

/**
 * The product page: the card plus description, up to 5 images, the shop and the category; for a
 * product with options (Size, Colour) the options and the variants on sale ([] and [] otherwise).
 */
export const productDetailSchema = productCardSchema.extend({
  description: z.string(),
  images: z.array(z.string()).max(MAX_PRODUCT_IMAGES),
  store: z.object({ id: z.uuid(), name: z.string(), city: z.string().nullable(), logoUrl: z.string().nullable() }),
  category: z.object({ id: z.uuid(), name: z.string() }),
  createdAt: z.string(),
  options: z.array(productOptionSchema),
  variants: z.array(productDetailVariantSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** One review as the product page lists it; the reviewer is shown as first name and last initial. */
export const reviewItemSchema = z.object({
  id: z.uuid(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  reviewerName: z.string(),
  createdAt: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

// An empty query parameter (`?minPrice=`) means "not given", never 0.
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const rupees = (fallback: number, label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} must be a number` })
      .min(PRICE_RANGE_MIN, `${label} must be between ₹0 and ₹50,000`)
      .max(PRICE_RANGE_MAX, `${label} must be between ₹0 and ₹50,000`)
      .default(fallback),
  );

const ratingRange = `Rating must be between ${RATING_FILTER.min} and ${RATING_FILTER.max}`;

/** `option=size:m` once or repeated (a query string gives one value as a string, several as a list); blanks ignored. */
const optionFilters = z.preprocess(
  (v) =>
    v === undefined ? [] : (Array.isArray(v) ? v : [v]).filter((x) => !(typeof x === 'string' && x.trim() === '')),
  z
    .array(
      z
        .string({ error: optionFilterMessages.shape })
        .refine((s) => parseOptionFilter(s) !== null, optionFilterMessages.shape)
        // Written one way whatever the case and spaces: 'Size: M' is 'size:m'.
        .transform((s) => optionFilterParam(parseOptionFilter(s)!.name, parseOptionFilter(s)!.value)),
    )
    .max(MAX_OPTION_FILTERS, optionFilterMessages.tooMany),
);

/**
 * The product search of /search and `GET /api/products`. Prices are in rupees; a maximum at the top
 * of the range (₹50,000) means "₹50,000 and above", so the default range hides nothing.
 * `category` is a category id, name or slug. `view` is only for the web page's URL.
 */
export const productSearchQuerySchema = pageQuerySchema
  .extend({
    q: z.preprocess(
      blankToUndefined,
      z.string().trim().max(SEARCH_TEXT_MAX, `Search text must be at most ${SEARCH_TEXT_MAX} characters`).optional(),
    ),
    category: z.preprocess(blankToUndefined, z.string().trim().max(SEARCH_TEXT_MAX).optional()),
    /** One shop's products (the shop page). */
    shop: z.preprocess(blankToUndefined, z.uuid({ error: 'Shop must be a shop id' }).optional()),
    minPrice: rupees(PRICE_RANGE_MIN, 'Minimum price'),
    maxPrice: rupees(PRICE_RANGE_MAX, 'Maximum price'),
    minRating: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Rating must be a number' })
        .min(RATING_FILTER.min, ratingRange)
        .max(RATING_FILTER.max, ratingRange)
        .default(RATING_FILTER.min),
    ),
    sort: z.preprocess(
      blankToUndefined,
      z.enum(productSorts, { error: catalogMessages.sortChoice }).default('relevance'),
    ),
    view: z.preprocess(blankToUndefined, z.enum(productViews, { error: catalogMessages.viewChoice }).optional()),
    /**
     * Option values, `option=size:m&option=colour:indigo` (name and value, any case): a product is
     * listed once when one of its variants on sale (in stock, not withdrawn) has them all; several
     * values of one option are alternatives (`option=size:m&option=size:l`: M or L).
     */
    option: optionFilters,
  })
  .refine((v) => v.minPrice <= v.maxPrice, { message: catalogMessages.priceOrder, path: ['maxPrice'] })
  .refine((v) => (v.page - 1) * v.pageSize < BROWSABLE_RESULTS, {
    message: catalogMessages.pastBrowsable,
    path: ['page'],
  });
export type ProductSearchQuery = z.output<typeof productSearchQuerySchema>;
export type ProductSearchInput = z.input<typeof productSearchQuerySchema>;

/**
 * `GET /api/products/options`: the option names and values (Size: S, M, L; Colour: ...) of variants
 * in stock among the products a search without option filters matches, for the filter chips. Read
 * from the variants of the first OPTION_FACET_PRODUCTS matching products (`complete` false when
 * there were more); `param` is the value as `option=` takes it.
 */
export const productOptionFacetsSchema = z.object({
  options: z.array(
    z.object({
      name: z.string(),
      values: z.array(z.object({ value: z.string(), param: z.string(), products: z.number().int() })),
    }),
  ),
  complete: z.boolean(),
});
export type ProductOptionFacets = z.infer<typeof productOptionFacetsSchema>;

export const productPageSchema = pageSchema(productCardSchema).extend({ totalEstimated: z.boolean() });
export type ProductPage = z.infer<typeof productPageSchema>;
export const reviewPageSchema = pageSchema(reviewItemSchema);
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const productIdParamsSchema = z.object({ id: z.string().max(100) });
