import { z } from 'zod';
import { adminListQuerySchema, cappedPageSchema, stepUpCodeSchema } from './admin-lists.contract';
import { blankToUndefined } from './common.contract';

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
} as const;
