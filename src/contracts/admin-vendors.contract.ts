import { z } from 'zod';
import { adminListQuerySchema, adminReasonSchema, stepUpCodeSchema } from './admin-lists.contract';
import { blankToUndefined, pageSchema } from './common.contract';
import { payoutDetailsSchema } from './payout-details.contract';

// The super admin panel's Vendors tab (SPEC.md's vendor row): the list, approving and rejecting.

export const vendorApprovalFilters = ['all', 'approved', 'rejected'] as const;
export type VendorApprovalFilter = (typeof vendorApprovalFilters)[number];
export const adminVendorSorts = ['businessName', 'email', 'registeredAt', 'totalRevenue'] as const;

export const adminVendorsQuerySchema = adminListQuerySchema.extend({
  approval: z.preprocess(
    blankToUndefined,
    z.enum(vendorApprovalFilters, { error: 'Unknown approval filter' }).default('all'),
  ),
});
export type AdminVendorsQuery = z.output<typeof adminVendorsQuerySchema>;

/** SPEC.md's vendor row; the totals count the vendor's own shop parts of orders only. */
export const adminVendorSchema = z.object({
  /** The vendor's user id. */
  id: z.uuid(),
  businessName: z.string(),
  address: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  isApproved: z.boolean(),
  rejectionReason: z.string().nullable(),
  /** Products in the vendor's shops, active or not. */
  totalProducts: z.number().int(),
  /** Order parts of the vendor's shops, cancelled ones included. */
  totalOrders: z.number().int(),
  /** Subtotals of the vendor's order parts that are not cancelled. */
  totalRevenuePaise: z.number().int(),
  registeredAt: z.string(),
  /** Where Haat pays the vendor, its PAN and GSTIN and when it last changed them (account number masked); null until it gives them. */
  payout: payoutDetailsSchema.nullable(),
});
export type AdminVendor = z.infer<typeof adminVendorSchema>;
export const adminVendorPageSchema = pageSchema(adminVendorSchema);
export type AdminVendorPage = z.infer<typeof adminVendorPageSchema>;

export const vendorActionMessages = {
  approved: 'Vendor approved successfully',
  rejected: 'Vendor rejected successfully',
  approveFailed: 'Failed to approve vendor',
  rejectFailed: 'Failed to reject vendor',
  notFound: 'Vendor not found',
  alreadyApproved: 'This vendor is already approved',
  alreadyRejected: 'This vendor is already rejected',
  reasonRequired: 'Please give a reason (at least 3 characters)',
} as const;

export const approveVendorSchema = z.object({ code: stepUpCodeSchema });
export const rejectVendorSchema = z.object({
  reason: adminReasonSchema(vendorActionMessages.reasonRequired),
  code: stepUpCodeSchema,
});
