import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
import { createdAt, id, tstz, updatedAt } from '../../platform/columns';
import { users } from '../auth/auth.tables';
import { vendorShops } from '../shops/shops.tables';

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_name_unique').on(t.name), uniqueIndex('categories_slug_unique').on(t.slug)],
);

/** The HSN codes a vendor chooses a product's GST rate from: the list the super admin maintains. */
export const hsnCodes = pgTable(
  'hsn_codes',
  {
    code: text('code').primaryKey(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('hsn_codes_code_check', sql`${t.code} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`)],
);

/** The GST rate of an HSN code, from a date (in India); the row with the latest date on or before the order's day applies. */
export const hsnGstRates = pgTable(
  'hsn_gst_rates',
  {
    id: id(),
    hsnCode: text('hsn_code')
      .notNull()
      .references(() => hsnCodes.code),
    rateBp: integer('rate_bp').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('hsn_gst_rates_code_from_unique').on(t.hsnCode, t.effectiveFrom),
    check('hsn_gst_rates_rate_check', sql`${t.rateBp} >= 0 and ${t.rateBp} <= 10000`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    originalPricePaise: bigint('original_price_paise', { mode: 'number' }),
    imageUrl: text('image_url'),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    rewardPercentage: numeric('reward_percentage', { precision: 5, scale: 2, mode: 'number' }).notNull().default(5),
    isActive: boolean('is_active').notNull().default(true),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => vendorShops.id, { onDelete: 'cascade' }),
    /** Cached from reviews, updated in the transaction that writes a review. */
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Full-text search over name (weight A) and description (weight B), kept by PostgreSQL. */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`,
    ),
    /** Set when the super admin deleted a product that was ever ordered: it stays for the orders, withdrawn from everyone else. */
    withdrawnAt: tstz('withdrawn_at'),
    /** The product's HSN code, from the super admin's list; its GST rate applies (null: the rate for goods not yet classified). */
    hsnCode: text('hsn_code').references(() => hsnCodes.code),
    /**
     * The product's options (up to two, such as Size and Colour), or null. A product with options is
     * sold only as one of its variants (product_variants), and its stock_quantity is then the sum of
     * its variants' stock, kept by a trigger on product_variants.
     */
    option1Name: text('option1_name'),
    option2Name: text('option2_name'),
    /**
     * The option keys ('size=m', 'colour=indigo') of the product's variants on sale (not withdrawn,
     * in stock), or null when it has none (always for a product without options); kept by a trigger
     * on product_variants (migration 0026). What the storefront's filter by an option value reads:
     * on the product's own row, where PostgreSQL keeps statistics of how common each value is
     * (bench/RESULTS.md).
     */
    optionKeys: text('option_keys').array(),
    /**
     * The option values of the product's variants on sale as the vendor spelt them, each once, marked
     * with their option's place: '1=M' (the first option's), '2=Indigo' (the second's); null with
     * option_keys. Kept with option_keys, and as a value is spelt anew (migration 0044). What the
     * filter chips count, from the products' rows alone (catalog.option-facets.ts).
     */
    optionValues: text('option_values').array(),
    /**
     * Whether moderators let the product on sale: 'approved' (every product outside the review's scope,
     * and the default), 'pending' (a new product in scope, waiting in the review queue) or 'rejected'.
     * Shoppers see approved products only; an approved product's edit under review waits in
     * product_revisions while this version stays on sale.
     */
    reviewStatus: text('review_status').notNull().default('approved'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_review_status_check', sql`${t.reviewStatus} in ('approved', 'pending', 'rejected')`),
    check('products_options_check', sql`${t.option2Name} is null or ${t.option1Name} is not null`),
    index('products_search_idx').using('gin', t.searchVector),
    // The admin's product search by name (pg_trgm).
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('products_price_idx').on(t.pricePaise),
    index('products_store_idx').on(t.storeId),
    index('products_category_idx').on(t.categoryId),
    // (products_active_created_idx, on is_active and created_at, was dropped in migration 0026: every
    // newest-first list reads products_created_idx or a listing index below, and PostgreSQL took it
    // over products_options_created_idx for a common word with a size, reading 8 times the rows.)
    // The admin Products tab's default order (newest first, then id), with or without a search.
    index('products_created_idx').on(t.createdAt, t.id),
    // The storefront's sorts, alone and within a category or a shop, over the products shoppers can
    // see (active and approved: visibleToShoppers names both, so these indexes serve it): a page is
    // read in order from the index instead of sorting every match (newest first alone walks
    // products_created_idx backwards).
    index('products_listing_price_idx')
      .on(t.pricePaise, t.id)
      .where(sql`${t.isActive} and ${t.reviewStatus} = 'approved'`),
    index('products_listing_rating_idx')
      .on(
        t.ratingAverage.desc().nullsFirst(),
        t.ratingCount.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.isActive} and ${t.reviewStatus} = 'approved'`),
    index('products_category_created_idx')
      .on(t.categoryId, t.createdAt, t.id)
      .where(sql`${t.isActive} and ${t.reviewStatus} = 'approved'`),
    index('products_category_price_idx')
      .on(t.categoryId, t.pricePaise, t.id)
      .where(sql`${t.isActive} and ${t.reviewStatus} = 'approved'`),
    index('products_category_rating_idx')
      .on(
        t.categoryId,
        t.ratingAverage.desc().nullsFirst(),
        t.ratingCount.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.isActive} and ${t.reviewStatus} = 'approved'`),
    // The storefront's filter by size or colour: only products with a variant on sale can match
    // (option_keys is not null, implied by the filter's @> or &&), so a page of them (newest, or by
    // price within a category) is read from these small indexes, even in a category where no product
    // has the size (bench/RESULTS.md).
    index('products_options_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isActive} and ${t.reviewStatus} = 'approved' and ${t.optionKeys} is not null`),
    index('products_options_category_created_idx')
      .on(t.categoryId, t.createdAt, t.id)
      .where(sql`${t.isActive} and ${t.reviewStatus} = 'approved' and ${t.optionKeys} is not null`),
    index('products_options_category_price_idx')
      .on(t.categoryId, t.pricePaise, t.id)
      .where(sql`${t.isActive} and ${t.reviewStatus} = 'approved' and ${t.optionKeys} is not null`),
    // A rare option value (Size XS) over many products: its products found at once. Not partial: a
    // partial one would also be read whole for "option_keys is not null" (the planner takes it for
    // cheap), where it is only wanted for a value.
    index('products_option_keys_idx').using('gin', t.optionKeys),
    index('products_store_created_idx')
      .on(t.storeId, t.createdAt, t.id)
      .where(sql`${t.isActive} and ${t.reviewStatus} = 'approved'`),
    check('products_price_check', sql`${t.pricePaise} >= 0`),
    check('products_original_price_check', sql`${t.originalPricePaise} is null or ${t.originalPricePaise} >= 0`),
    check('products_stock_check', sql`${t.stockQuantity} >= 0`),
    check('products_reward_percentage_check', sql`${t.rewardPercentage} >= 0 and ${t.rewardPercentage} <= 100`),
    check('products_images_max_5', sql`coalesce(array_length(${t.images}, 1), 0) <= 5`),
  ],
);

/**
 * One combination of a product's option values (Size M, Colour Indigo), with its own SKU and stock,
 * and optionally its own price, original price and pictures (else the product's apply). A variant
 * that is in an order is never deleted: it is withdrawn (withdrawn_at), off sale, kept for the order.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    option1Value: text('option1_value').notNull(),
    option2Value: text('option2_value'),
    sku: text('sku').notNull(),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    pricePaise: bigint('price_paise', { mode: 'number' }),
    originalPricePaise: bigint('original_price_paise', { mode: 'number' }),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 'size=m', 'colour=indigo' (domain/variants.ts optionKeys): what the storefront's option filter matches. */
    optionKeys: text('option_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The order the vendor listed the combinations in. */
    position: integer('position').notNull().default(0),
    withdrawnAt: tstz('withdrawn_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    uniqueIndex('product_variants_combination_unique')
      .on(t.productId, sql`lower(${t.option1Value})`, sql`lower(coalesce(${t.option2Value}, ''))`)
      .where(sql`${t.withdrawnAt} is null`),
    uniqueIndex('product_variants_sku_unique')
      .on(t.productId, sql`lower(${t.sku})`)
      .where(sql`${t.withdrawnAt} is null`),
    // The storefront's filter by an option value, over variants on sale.
    index('product_variants_option_keys_idx')
      .using('gin', t.optionKeys)
      .where(sql`${t.withdrawnAt} is null`),
    check('product_variants_stock_check', sql`${t.stockQuantity} >= 0`),
    check('product_variants_price_check', sql`${t.pricePaise} is null or ${t.pricePaise} >= 0`),
    check(
      'product_variants_original_price_check',
      sql`${t.originalPricePaise} is null or ${t.originalPricePaise} >= 0`,
    ),
    check('product_variants_images_max_5', sql`coalesce(array_length(${t.images}, 1), 0) <= 5`),
    check('product_variants_sku_check', sql`length(${t.sku}) between 1 and 64`),
  ],
);

/**
 * Every word of product, shop and category names, lower case (kept by database triggers), so that a
 * misspelt search word can be matched to a real one through the trigram index.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * Stock reserved for a checkout that is being paid (`ref` is the payment's id): the units leave
 * products.stock_quantity when the hold is made, and come back when it is released (the payment
 * failed, was cancelled or replaced, or the hold expired); a confirmed payment turns it into the sale.
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    id: id(),
    ref: uuid('ref').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The variant held, for a product with options (its units left the variant's stock). */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    status: text('status').notNull().default('held'),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stock_holds_ref_idx').on(t.ref),
    // The expiry job looks only at holds still held.
    index('stock_holds_held_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'held'`),
    check('stock_holds_quantity_check', sql`${t.quantity} > 0`),
    check('stock_holds_status_check', sql`${t.status} in ('held', 'sold', 'released')`),
  ],
);

/** One review per customer per product, on a delivered order item. */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerUserId: uuid('customer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id'),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_one_per_customer_product').on(t.customerUserId, t.productId),
    index('reviews_product_idx').on(t.productId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Which vendor products moderators review before they go on sale (one row, id 1; none: no review,
 * the default). A product is in scope when any rule holds: every new product, a product of a vendor
 * approved fewer than new_vendor_days days ago, or a product in one of category_ids.
 */
export const productReviewSettings = pgTable(
  'product_review_settings',
  {
    id: smallint('id').primaryKey().default(1),
    allNewProducts: boolean('all_new_products').notNull().default(false),
    newVendorDays: integer('new_vendor_days'),
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('product_review_settings_single_row', sql`${t.id} = 1`),
    check(
      'product_review_settings_days_check',
      sql`${t.newVendorDays} is null or ${t.newVendorDays} between 1 and 3650`,
    ),
  ],
);

/**
 * One submission to the review queue: a new product ('new': the product row itself is what is
 * proposed) or an edit of an approved product ('edit': the proposed title, description, pictures,
 * category or HSN code, as JSON, while the approved version stays on sale). At most one pending per
 * product; a decision keeps the row, with the rejection's reason that the vendor sees.
 */
export const productRevisions = pgTable(
  'product_revisions',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    proposed: jsonb('proposed').$type<Record<string, unknown>>(),
    reason: text('reason'),
    decidedAt: tstz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('product_revisions_kind_check', sql`${t.kind} in ('new', 'edit')`),
    check('product_revisions_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('product_revisions_reason_check', sql`${t.status} <> 'rejected' or ${t.reason} is not null`),
    uniqueIndex('product_revisions_pending_unique')
      .on(t.productId)
      .where(sql`${t.status} = 'pending'`),
    // The queue: the pending ones, oldest first.
    index('product_revisions_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    // A product's latest submission (the vendor's badge).
    index('product_revisions_product_idx').on(t.productId, t.createdAt),
  ],
);
