// The catalog's plain constants, apart from its zod schemas (catalog.contract.ts re-exports them):
// pages that need only these do not carry zod into the browser's first download.

export const catalogMessages = {
  productNotFound: 'Product not found',
  alreadyReviewed: 'You have already reviewed this product',
  priceOrder: 'The minimum price cannot be more than the maximum price',
  pastBrowsable: 'Only the first 200 results can be shown. Add words, a category or a price range to narrow them.',
  sortChoice: 'Please choose relevance, price-low, price-high, rating or newest',
  viewChoice: 'Please choose grid or list',
} as const;

/**
 * How far a product list can be paged, and how far its matches are counted exactly. A marketplace
 * at a million products has lists of hundreds of thousands; nobody pages through them, and counting
 * or ranking them all would make every search as slow as the biggest. Past this, `total` is the
 * database's estimate (`totalEstimated`, shown as "About 83,000"), pages stop at this many results,
 * and a relevance ranking orders the first this many matches the index yields.
 */
export const BROWSABLE_RESULTS = 200;

/** SPEC section 9: the search price range, in rupees, defaults to 0 to 50000. */
export const PRICE_RANGE_MIN = 0;
export const PRICE_RANGE_MAX = 50000;
/** The longest search text and category of a product search. */
export const SEARCH_TEXT_MAX = 100;
/** The minimum-rating filter goes from 0 to 5 stars. */
export const RATING_FILTER = { min: 0, max: 5 } as const;
/** SPEC section 9: at most 5 images per product. */
export const MAX_PRODUCT_IMAGES = 5;
/** The product page says 'Only N left' at or below this stock. */
export const LOW_STOCK_AT = 5;
/** Where a product without an image points. */
export const PRODUCT_PLACEHOLDER_IMAGE = '/placeholder-product.svg';

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

/**
 * The option filter chips are read from the variants of the first this many products a search
 * matches (`GET /api/products/options`), so that their cost does not grow with the catalog.
 */
export const OPTION_FACET_PRODUCTS = 1000;
/** The most options, and values per option, the filter chips offer. */
export const OPTION_FACET_NAMES = 4;
export const OPTION_FACET_VALUES = 30;
