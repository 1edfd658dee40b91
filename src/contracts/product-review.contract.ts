import { z } from 'zod';
import { adminReasonSchema, stepUpCodeSchema } from './admin-lists.contract';
import { blankToUndefined, pageQuerySchema } from './common.contract';

// The catalog's review before products go on sale: which vendor products moderators review (the
// Settings tab), what the vendor sees of a review, and the moderators' queue (the Review tab).

export const productReviewMessages = {
  daysNumber: 'Enter the number of days as a whole number from 1 to 3650',
  unknownCategory: 'Choose the reviewed categories from the list',
  saved: 'Product review settings saved',
  saveFailed: 'Failed to save the product review settings',
  notFound: 'This submission is not in the review queue',
  reasonRequired: 'Give the vendor a reason for the rejection',
  approved: 'Approved: the product is on sale',
  changeApproved: 'Approved: the change is on sale',
  rejected: 'Rejected: the vendor sees the reason',
} as const;

/** The fields whose change a moderator reviews (price, stock and variants apply at once). */
export const reviewedFields = ['name', 'description', 'images', 'categoryId', 'hsnCode'] as const;
export type ReviewedField = (typeof reviewedFields)[number];
export const reviewedFieldLabels: Record<ReviewedField, string> = {
  name: 'Title',
  description: 'Description',
  images: 'Pictures',
  categoryId: 'Category',
  hsnCode: 'HSN code',
};

export const MAX_NEW_VENDOR_DAYS = 3650;

/** Which products are reviewed: any rule that holds puts a product in scope (all off: no review). */
export const productReviewSettingsSchema = z.object({
  /** Every new product waits for a moderator. */
  allNewProducts: z.boolean().default(false),
  /** New products of a vendor approved fewer than this many days ago (null: no such rule). */
  newVendorDays: z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: productReviewMessages.daysNumber })
      .int(productReviewMessages.daysNumber)
      .min(1, productReviewMessages.daysNumber)
      .max(MAX_NEW_VENDOR_DAYS, productReviewMessages.daysNumber)
      .nullable(),
  ),
  /** New products in these categories, and edits of their title, description, pictures, category or HSN code. */
  categoryIds: z
    .array(z.string({ error: productReviewMessages.unknownCategory }))
    .max(500, productReviewMessages.unknownCategory)
    .refine((ids) => ids.every((id) => z.uuid().safeParse(id).success), productReviewMessages.unknownCategory)
    .default([]),
});
export type ProductReviewSettingsInput = z.input<typeof productReviewSettingsSchema>;
export type ProductReviewSettings = z.output<typeof productReviewSettingsSchema>;
export const saveProductReviewSettingsSchema = productReviewSettingsSchema.extend({ code: stepUpCodeSchema });

/** `GET /api/admin/settings/product-review`: the rules and the categories to choose from. */
export const productReviewSettingsViewSchema = z.object({
  allNewProducts: z.boolean(),
  newVendorDays: z.number().int().nullable(),
  categoryIds: z.array(z.string()),
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ProductReviewSettingsView = z.infer<typeof productReviewSettingsViewSchema>;

/** The proposed values of the reviewed fields that an edit changes. */
export const proposedFieldsSchema = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  images: z.array(z.string()).optional(),
  categoryId: z.string().optional(),
  hsnCode: z.string().nullable().optional(),
});
export type ProposedFields = z.infer<typeof proposedFieldsSchema>;

export const reviewStatuses = ['approved', 'pending', 'rejected'] as const;
export const reviewKinds = ['new', 'edit'] as const;
export type ReviewKind = (typeof reviewKinds)[number];

/**
 * What the vendor sees of a product's review: its latest submission's state ('approved' with no kind
 * when none or approved), the rejection's reason, and an edit's proposed fields while it waits.
 */
export const vendorProductReviewSchema = z.object({
  status: z.enum(reviewStatuses),
  kind: z.enum(reviewKinds).nullable(),
  reason: z.string().nullable(),
  proposed: proposedFieldsSchema.nullable(),
});
export type VendorProductReview = z.infer<typeof vendorProductReviewSchema>;

/** The badge of a product in the vendor's list and editor: null when there is nothing to say. */
export function reviewBadge(review: VendorProductReview): string | null {
  if (review.status === 'pending') return review.kind === 'edit' ? 'Change pending review' : 'Pending review';
  if (review.status === 'rejected')
    return `${review.kind === 'edit' ? 'Change rejected' : 'Rejected'}: ${review.reason ?? ''}`;
  return null;
}

// ---- The moderators' queue

export const reviewQueueQuerySchema = pageQuerySchema.extend({
  kind: z.preprocess(blankToUndefined, z.enum(['all', ...reviewKinds], { error: 'Unknown kind' }).default('all')),
  categoryId: z.preprocess(blankToUndefined, z.uuid({ error: 'Unknown category' }).optional()),
  vendorId: z.preprocess(blankToUndefined, z.uuid({ error: 'Unknown vendor' }).optional()),
});
export type ReviewQueueQuery = z.output<typeof reviewQueueQuerySchema>;
export type ReviewQueueInput = z.input<typeof reviewQueueQuerySchema>;

export const reviewQueueItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(reviewKinds),
  productId: z.uuid(),
  productName: z.string(),
  imageUrl: z.string().nullable(),
  categoryId: z.uuid(),
  categoryName: z.string(),
  vendorId: z.uuid(),
  vendorName: z.string(),
  shopName: z.string(),
  /** The reviewed fields an edit changes (every one for a new product). */
  changedFields: z.array(z.enum(reviewedFields)),
  submittedAt: z.string(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

/**
 * One page of the queue (oldest first), with the counts of all pending submissions under the
 * filters other than kind, and the vendors waiting under the filters other than vendor.
 */
export const reviewQueuePageSchema = z.object({
  items: z.array(reviewQueueItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.object({ all: z.number().int(), new: z.number().int(), edit: z.number().int() }),
  /** Every vendor with a waiting submission under the kind and category filters (the vendor filter's choices). */
  vendors: z.array(z.object({ vendorId: z.uuid(), vendorName: z.string(), waiting: z.number().int() })),
});
export type ReviewQueuePage = z.infer<typeof reviewQueuePageSchema>;

/** A field's value as the side-by-side view shows it: text, pictures' addresses, or null (none). */
const fieldValueSchema = z.union([z.string(), z.array(z.string())]).nullable();
export const reviewFieldChangeSchema = z.object({
  field: z.enum(reviewedFields),
  label: z.string(),
  /** On sale now (null for a new product: nothing is). */
  current: fieldValueSchema,
  proposed: fieldValueSchema,
});
export type ReviewFieldChange = z.infer<typeof reviewFieldChangeSchema>;

/** `GET /api/admin/product-review/:id`: the submission and, per changed field, the current and proposed value. */
export const reviewDiffSchema = z.object({
  id: z.uuid(),
  kind: z.enum(reviewKinds),
  productId: z.uuid(),
  productName: z.string(),
  vendorName: z.string(),
  shopName: z.string(),
  submittedAt: z.string(),
  changes: z.array(reviewFieldChangeSchema),
});
export type ReviewDiff = z.infer<typeof reviewDiffSchema>;

export const reviewIdParamsSchema = z.object({ id: z.uuid({ error: productReviewMessages.notFound }) });
export const rejectReviewSchema = z.object({ reason: adminReasonSchema(productReviewMessages.reasonRequired) });
export const reviewDecisionSchema = z.object({ message: z.string() });
