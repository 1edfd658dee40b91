import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './common.contract';

export const catalogMessages = {
  productNotFound: 'Product not found',
  alreadyReviewed: 'You have already reviewed this product',
  priceOrder: 'The minimum price cannot be more than the maximum price',
  pastBrowsable: 'Only the first 500 results can be shown. Add words, a category or a price range to narrow them.',
} as const;

/**
 * How far a product list can be paged, and how far its matches are counted exactly. A marketplace
 * at a million products has lists of hundreds of thousands; nobody pages through them, and counting
 * or ranking them all would make every search as slow as the biggest. Past this, `total` is the
 * database's estimate (`totalEstimated`, shown as "About 83,000"), pages stop at this many results,
 * and a relevance ranking orders the first this many matches the index yields.
 */
export const BROWSABLE_RESULTS = 500;

/** SPEC section 9: the search price range, in rupees, defaults to 0 to 50000. */
export const PRICE_RANGE_MIN = 0;
export const PRICE_RANGE_MAX = 50000;
/** SPEC section 9: at most 5 images per product. */
export const MAX_PRODUCT_IMAGES = 5;
/** The product page says 'Only N left' at or below this stock. */
export const LOW_STOCK_AT = 5;
/** Where a product without an image points. */
export const PRODUCT_PLACEHOLDER_IMAGE = '/placeholder-product.svg';

export const categorySchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.object({ items: z.array(categorySchema) });

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
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** The product page: the card plus description, up to 5 images, the shop and the category. */
export const productDetailSchema = productCardSchema.extend({
  description: z.string(),
  images: z.array(z.string()).max(MAX_PRODUCT_IMAGES),
  store: z.object({ id: z.uuid(), name: z.string(), city: z.string().nullable(), logoUrl: z.string().nullable() }),
  category: z.object({ id: z.uuid(), name: z.string() }),
  createdAt: z.string(),
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

export const productSorts = ['relevance', 'price-low', 'price-high', 'rating', 'newest'] as const;
export type ProductSort = (typeof productSorts)[number];
export const productSortLabels: Record<ProductSort, string> = {
  relevance: 'Relevance',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  rating: 'Customer Rating',
  newest: 'Newest First',
};
export const productViews = ['grid', 'list'] as const;
export type ProductView = (typeof productViews)[number];

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

/**
 * The product search of /search and `GET /api/products`. Prices are in rupees; a maximum at the top
 * of the range (₹50,000) means "₹50,000 and above", so the default range hides nothing.
 * `category` is a category id, name or slug. `view` is only for the web page's URL.
 */
export const productSearchQuerySchema = pageQuerySchema
  .extend({
    q: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Search text must be at most 100 characters').optional()),
    category: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    /** One shop's products (the shop page). */
    shop: z.preprocess(blankToUndefined, z.uuid({ error: 'Shop must be a shop id' }).optional()),
    minPrice: rupees(PRICE_RANGE_MIN, 'Minimum price'),
    maxPrice: rupees(PRICE_RANGE_MAX, 'Maximum price'),
    minRating: z.preprocess(blankToUndefined, z.coerce.number({ error: 'Rating must be a number' }).min(0, 'Rating must be between 0 and 5').max(5, 'Rating must be between 0 and 5').default(0)),
    sort: z.preprocess(blankToUndefined, z.enum(productSorts).default('relevance')),
    view: z.preprocess(blankToUndefined, z.enum(productViews).optional()),
  })
  .refine((v) => v.minPrice <= v.maxPrice, { message: catalogMessages.priceOrder, path: ['maxPrice'] })
  .refine((v) => (v.page - 1) * v.pageSize < BROWSABLE_RESULTS, { message: catalogMessages.pastBrowsable, path: ['page'] });
export type ProductSearchQuery = z.output<typeof productSearchQuerySchema>;
export type ProductSearchInput = z.input<typeof productSearchQuerySchema>;

export const productPageSchema = pageSchema(productCardSchema).extend({ totalEstimated: z.boolean() });
export type ProductPage = z.infer<typeof productPageSchema>;
export const reviewPageSchema = pageSchema(reviewItemSchema);
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const productIdParamsSchema = z.object({ id: z.string().max(100) });
