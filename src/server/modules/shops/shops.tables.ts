import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/columns';
import { users } from '../auth/auth.tables';

/** A vendor's shop; products are listed through shops. */
export const vendorShops = pgTable(
  'vendor_shops',
  {
    id: id(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopName: text('shop_name').notNull(),
    shopDescription: text('shop_description'),
    shopType: text('shop_type').notNull().default('online'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    isActive: boolean('is_active').notNull().default(true),
    /** A copy of vendors.is_approved, so storefront queries hide a rejected vendor's products without another join. */
    vendorApproved: boolean('vendor_approved').notNull().default(true),
    deliveryAvailable: boolean('delivery_available').notNull().default(true),
    deliveryDistanceKm: integer('delivery_distance_km').notNull().default(10),
    deliveryFeePaise: bigint('delivery_fee_paise', { mode: 'number' }).notNull().default(0),
    freeDeliveryThresholdPaise: bigint('free_delivery_threshold_paise', { mode: 'number' }).notNull().default(99900),
    /** The shop offers cash on delivery (the vendor's setting; the super admin's limit and excluded categories apply too). */
    codEnabled: boolean('cod_enabled').notNull().default(false),
    enableReviews: boolean('enable_reviews').notNull().default(true),
    googleReviewsEnabled: boolean('google_reviews_enabled').notNull().default(false),
    storeWideRewardPercentage: numeric('store_wide_reward_percentage', { precision: 5, scale: 2, mode: 'number' }),
    logoUrl: text('logo_url'),
    bannerUrl: text('banner_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vendor_shops_vendor_idx').on(t.vendorId),
    check('vendor_shops_type_check', sql`${t.shopType} in ('online', 'physical', 'both')`),
    check(
      'vendor_shops_delivery_check',
      sql`${t.deliveryDistanceKm} >= 0 and ${t.deliveryFeePaise} >= 0 and ${t.freeDeliveryThresholdPaise} >= 0`,
    ),
    check(
      'vendor_shops_physical_address',
      sql`${t.shopType} = 'online' or (${t.address} is not null and ${t.city} is not null and ${t.state} is not null and ${t.postalCode} is not null)`,
    ),
  ],
);

export const shopContacts = pgTable(
  'shop_contacts',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => vendorShops.id, { onDelete: 'cascade' }),
    contactType: text('contact_type').notNull(),
    value: text('value').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('shop_contacts_shop_idx').on(t.shopId)],
);

export const shopImages = pgTable(
  'shop_images',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => vendorShops.id, { onDelete: 'cascade' }),
    imageUrl: text('image_url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('shop_images_shop_idx').on(t.shopId)],
);
