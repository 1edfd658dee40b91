import { z } from 'zod';
import { isIsoDate } from '../domain/age';
import { messages as authMessages, optionalMobile, PASSWORD_MIN } from './auth.contract';
import { emailSchema, optionalText, requiredText } from './common.contract';

// ---- The employees' ERP: accounts (/erp-register, /erp) and the signed-in employee

export const erpMessages = {
  registered: 'Registration successful! Please wait for admin approval to access your account.',
  invalidLogin: 'Invalid credentials or account not approved',
  codeRequired: '2FA code required',
  enterCode: 'Please enter your 2FA code',
  invalidCode: 'Invalid 2FA code',
  loginFailed: 'Login failed. Please try again.',
  registrationFailed: 'Registration failed.',
  notAuthenticated: 'Not authenticated',
  emailTaken: 'An employee account with this email already exists',
  employeeIdTaken: 'This employee ID is already taken',
  dashboardFailed: 'Failed to load dashboard data',
} as const;

/** SPEC.md section 3: the departments an employee belongs to. */
export const departments = ['Engineering', 'Design', 'Marketing', 'Sales', 'Support', 'HR', 'Finance'] as const;

/** `POST /api/erp/register`: SPEC.md's registration form; the account waits for the super admin's approval. */
export const erpRegisterSchema = z
  .object({
    firstName: requiredText('First name is required', 60),
    lastName: requiredText('Last name is required', 60),
    email: emailSchema,
    phone: optionalMobile,
    password: z
      .string({ error: 'Password is required' })
      .min(1, 'Password is required')
      .min(PASSWORD_MIN, 'Password must be at least 6 characters long')
      .max(128, 'Password must be at most 128 characters long'),
    confirmPassword: z.string({ error: authMessages.passwordsDoNotMatch }),
    department: z.enum(departments, { error: 'Please choose a department' }),
    designation: optionalText(80),
    employeeId: optionalText(40),
    address: optionalText(300),
    emergencyContact: optionalText(120),
    emergencyPhone: optionalMobile,
    dateOfJoining: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || isIsoDate(v), 'Please enter a valid date'),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: authMessages.passwordsDoNotMatch });
export type ErpRegisterInput = z.input<typeof erpRegisterSchema>;
export type ErpRegisterData = z.output<typeof erpRegisterSchema>;

/** `POST /api/erp/login`: the code is sent on the second step, when the server asked for it. */
export const erpLoginSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254).transform((v) => v.toLowerCase()),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  code: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
});
export type ErpLoginInput = z.input<typeof erpLoginSchema>;

/** The signed-in employee. */
export const employeeSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  department: z.string(),
  designation: z.string(),
  employeeId: z.string().nullable(),
  twoFaEnabled: z.boolean(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** SPEC.md's ERP dashboard counters, computed on the server. */
export const erpStatsSchema = z.object({
  totalEmployees: z.number().int(),
  activeProjects: z.number().int(),
  completedTasks: z.number().int(),
  pendingTasks: z.number().int(),
  /** Approved hours of the employee's entries in the week starting Sunday (India time). */
  totalHoursThisWeek: z.number(),
});
export type ErpStats = z.infer<typeof erpStatsSchema>;

export const erpRecentTaskSchema = z.object({ id: z.uuid(), title: z.string(), projectName: z.string().nullable(), status: z.string() });
export const erpDashboardSchema = z.object({ stats: erpStatsSchema, recentTasks: z.array(erpRecentTaskSchema) });
export type ErpDashboard = z.infer<typeof erpDashboardSchema>;
