import { z } from 'zod';
import { adminListQuerySchema, cappedPageSchema, stepUpCodeSchema } from './admin-lists.contract';
import { blankToUndefined } from './common.contract';
import { vendorProductInputSchema, vendorProductSchema } from './vendor-products.contract';

// ---- Products tab of the super admin panel

/** A product is 'active' on the storefront or 'disabled' (products.is_active false). */
export const adminProductStatuses = ['active', 'disabled'] as const;
export type AdminProductStatus = (typeof adminProductStatuses)[number];
export const adminProductStatusFilters = ['all', ...adminProductStatuses] as const;
export const adminProductSorts = ['name', 'price', 'stock', 'createdAt'] as const;

export const adminProductsQuerySchema = adminListQuerySchema.extend({
  status: z.preprocess(blankToUndefined, z.enum(adminProductStatusFilters, { error: 'Unknown status' }).default('all')),
  /** A category id. */
  category: z.preprocess(blankToUndefined, z.uuid({ error: 'Unknown category' }).optional()),
});
export type AdminProductsQuery = z.output<typeof adminProductsQuerySchema>;

/** SPEC.md's product row, with the shop's name and the date it was listed. */
export const adminProductSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  /** The business name of the shop's vendor; null when the owner has no vendor record. */
  vendorName: z.string().nullable(),
  shopName: z.string(),
  /** The category's name. */
  category: z.string(),
  pricePaise: z.number().int(),
  originalPricePaise: z.number().int().nullable(),
  stock: z.number().int(),
  status: z.enum(adminProductStatuses),
  /** Its review before going live: 'pending' and 'rejected' products are not on sale whatever their status. */
  review: z.enum(['approved', 'pending', 'rejected']),
  rewardPercentage: z.number(),
  createdAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
/** A page of products, counted up to ADMIN_COUNT_CAP. */
export const adminProductPageSchema = cappedPageSchema(adminProductSchema);
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

/** Disable or enable: only the fresh two-factor code (SPEC.md section 6). */
export const productStepUpSchema = z.object({ code: stepUpCodeSchema });

export const productActionMessages = {
  disabled: 'Product disabled successfully',
  enabled: 'Product enabled successfully',
  disableFailed: 'Failed to disable product',
  enableFailed: 'Failed to enable product',
  detailsUpdated: 'Product details updated',
  detailsFailed: 'Failed to update product details',
} as const;

/** A shop of the product's vendor, which the product may move to (the form's shop choice). */
export const adminProductShopSchema = z.object({ id: z.uuid(), shopName: z.string(), isActive: z.boolean() });
export type AdminProductShop = z.infer<typeof adminProductShopSchema>;

/**
 * `GET /api/admin/products/:id/details`: the product as its vendor's form edits it (the vendor's own
 * GET's shape), with the vendor's shops to choose from.
 */
export const adminProductDetailsSchema = vendorProductSchema.extend({ ownerShops: z.array(adminProductShopSchema) });
export type AdminProductDetails = z.infer<typeof adminProductDetailsSchema>;

/** `PUT /api/admin/products/:id/details`: the vendor's product form, checked by the vendor's own contract, and the fresh code. */
export const adminProductDetailsInputSchema = vendorProductInputSchema.safeExtend({ code: stepUpCodeSchema });

/** The answer of a details edit: the Products tab's row as saved and the message to show. */
export const adminProductDetailsSavedSchema = z.object({ product: adminProductSchema, message: z.string() });
export type AdminProductDetailsSaved = z.infer<typeof adminProductDetailsSavedSchema>;
