import { z } from 'zod';
import { stepUpCodeSchema } from './admin-lists.contract';
import { meSchema } from './auth.contract';
import { erpEmployeeDetailsSchema, erpEmployeeRecordSchema } from './erp.contract';
import { merchantProfileSchema, merchantProfileUpdateSchema } from './merchant.contract';
import { profileUpdateSchema } from './profile.contract';

// The super admin edits the details of users, vendors, merchants and employees (SPEC.md section 6),
// each with the owner's own form (its contract) and a fresh code.

export const detailsKinds = ['user', 'vendor', 'merchant', 'employee'] as const;
export type DetailsKind = (typeof detailsKinds)[number];

export const detailsMessages: Record<DetailsKind, { updated: string; failed: string; notFound: string }> = {
  user: { updated: 'User details updated', failed: 'Failed to update user details', notFound: 'User not found' },
  vendor: {
    updated: 'Vendor details updated',
    failed: 'Failed to update vendor details',
    notFound: 'Vendor not found',
  },
  merchant: {
    updated: 'Merchant details updated',
    failed: 'Failed to update merchant details',
    notFound: 'Merchant not found',
  },
  employee: {
    updated: 'Employee details updated',
    failed: 'Failed to update employee details',
    notFound: 'Employee not found',
  },
};

/** A user's or vendor's personal information, as their own profile form edits it (and the sign-in email, shown). */
export const accountDetailsSchema = meSchema.pick({
  email: true,
  firstName: true,
  lastName: true,
  phoneNumber: true,
  dateOfBirth: true,
  gender: true,
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;
/** `PUT /api/admin/users|vendors/:id/details`: the owner's PATCH /api/me/profile, with a fresh code. */
export const accountDetailsUpdateSchema = profileUpdateSchema.extend({ code: stepUpCodeSchema });

/** A merchant's business details, as its dashboard shows them. */
export const merchantDetailsSchema = merchantProfileSchema;
export type MerchantDetails = z.infer<typeof merchantDetailsSchema>;
/** `PUT /api/admin/merchants/:id/details`: the merchant's PUT /api/merchant/profile, with a fresh code. */
export const merchantDetailsUpdateSchema = merchantProfileUpdateSchema.extend({ code: stepUpCodeSchema });

/** An employee's record: registration fields and contact details. */
export const employeeDetailsSchema = erpEmployeeRecordSchema;
export type EmployeeDetails = z.infer<typeof employeeDetailsSchema>;
/** `PUT /api/admin/employees/:id/details`: the registration fields the admin manages and the employee's own contact form, with a fresh code. */
export const employeeDetailsUpdateSchema = erpEmployeeDetailsSchema.extend({ code: stepUpCodeSchema });

/** A saved edit's answer: the message and the details as they are now. */
export const detailsSavedSchema = <T extends z.ZodType>(details: T) => z.object({ message: z.string(), details });
export type DetailsSaved<T> = { message: string; details: T };
