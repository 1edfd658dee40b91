import { z } from 'zod';
import { adminListQuerySchema, cappedPageSchema, stepUpCodeSchema } from './admin-lists.contract';
import { roles } from './auth.contract';
import { blankToUndefined, pageSchema } from './common.contract';

// ---- Users

export const userStatuses = ['active', 'suspended'] as const;
export const adminUserSorts = ['name', 'email', 'role', 'status', 'registeredAt'] as const;
export const adminUsersQuerySchema = adminListQuerySchema.extend({
  role: z.preprocess(blankToUndefined, z.enum(roles, { error: 'Unknown role' }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(userStatuses, { error: 'Unknown status' }).optional()),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

/** SPEC.md's user row. */
export const adminUserSchema = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  registeredAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = cappedPageSchema(adminUserSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const userActionMessages = {
  suspended: 'User suspended successfully',
  reactivated: 'User reactivated successfully',
  suspendFailed: 'Failed to suspend user',
  reactivateFailed: 'Failed to reactivate user',
} as const;
export const stepUpBodySchema = z.object({ code: stepUpCodeSchema });

// ---- Employees

export const adminEmployeeSorts = ['name', 'email', 'department', 'dateOfJoining', 'registeredAt'] as const;
export const employeeStatuses = ['active', 'inactive'] as const;
export const adminEmployeesQuerySchema = adminListQuerySchema.extend({
  approval: z.preprocess(
    blankToUndefined,
    z.enum(['all', 'pending', 'approved'], { error: 'Unknown approval filter' }).default('all'),
  ),
  status: z.preprocess(blankToUndefined, z.enum(employeeStatuses, { error: 'Unknown status' }).optional()),
});
export type AdminEmployeesQuery = z.output<typeof adminEmployeesQuerySchema>;

/** SPEC.md's employee row. */
export const adminEmployeeSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  employeeId: z.string().nullable(),
  email: z.string(),
  department: z.string(),
  designation: z.string(),
  isApproved: z.boolean(),
  /** Marked inactive by the super admin: no sign-in, not offered as a manager or an assignee. */
  isActive: z.boolean(),
  dateOfJoining: z.string(),
  registeredAt: z.string(),
});
export type AdminEmployee = z.infer<typeof adminEmployeeSchema>;
export const adminEmployeePageSchema = pageSchema(adminEmployeeSchema);
export type AdminEmployeePage = z.infer<typeof adminEmployeePageSchema>;

export const employeeActionMessages = {
  approved: 'Employee approved successfully',
  approveFailed: 'Failed to approve employee',
  deactivated: 'Employee marked inactive',
  activated: 'Employee marked active',
  deactivateFailed: 'Failed to mark the employee inactive',
  activateFailed: 'Failed to mark the employee active',
  alreadyInactive: 'This employee is already inactive',
  alreadyActive: 'This employee is already active',
  deleted: 'This employee was deleted and cannot be changed',
} as const;
