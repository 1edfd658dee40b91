import { z } from 'zod';
import { isIsoDate } from '../domain/age';
import { chosenPassword, messages as authMessages, optionalMobile } from './auth.contract';
import { emailSchema, optionalText, requiredText } from './common.contract';
import { totpCodeField } from './two-factor.contract';

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
  twoFaNotSetup: '2FA not setup for this employee',
  twoFaAlreadyOn: 'Two-factor authentication is already on',
  twoFaOff: 'Two-factor authentication is not on',
  twoFaEnabled: 'Two-factor authentication is on. You will be asked for a code when you sign in.',
  twoFaDisabled: 'Two-factor authentication is off',
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  profileSaved: 'Profile updated successfully!',
} as const;

const newPassword = chosenPassword();

/** SPEC.md section 3: the departments an employee belongs to. */
export const departments = ['Engineering', 'Design', 'Marketing', 'Sales', 'Support', 'HR', 'Finance'] as const;

/** The fields of SPEC.md's registration form, each checked once: registration and the super admin's edit of an employee use them. */
export const erpRegisterFields = {
  firstName: requiredText('First name is required', 60),
  lastName: requiredText('Last name is required', 60),
  email: emailSchema,
  phone: optionalMobile,
  password: newPassword,
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
};

/** `POST /api/erp/register`: SPEC.md's registration form; the account waits for the super admin's approval. */
export const erpRegisterSchema = z.object(erpRegisterFields).refine((v) => v.password === v.confirmPassword, {
  path: ['confirmPassword'],
  message: authMessages.passwordsDoNotMatch,
});
export type ErpRegisterInput = z.input<typeof erpRegisterSchema>;
export type ErpRegisterData = z.output<typeof erpRegisterSchema>;

/** `POST /api/erp/login`: the code is sent on the second step, when the server asked for it. */
export const erpLoginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .transform((v) => v.toLowerCase()),
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

export const erpRecentTaskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  projectName: z.string().nullable(),
  status: z.string(),
});
export const erpDashboardSchema = z.object({ stats: erpStatsSchema, recentTasks: z.array(erpRecentTaskSchema) });
export type ErpDashboard = z.infer<typeof erpDashboardSchema>;

/** The settings dialog's record (`GET /api/erp/settings`): contact details and whether two-factor is on. */
export const erpSettingsSchema = z.object({
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  emergencyContact: z.string().nullable(),
  emergencyPhone: z.string().nullable(),
  twoFaEnabled: z.boolean(),
});
export type ErpSettings = z.infer<typeof erpSettingsSchema>;

/** `PUT /api/erp/settings/profile`: the contact details an employee edits; empty clears a field. */
export const erpProfileSchema = z.object({
  phone: optionalMobile,
  address: optionalText(300),
  emergencyContact: optionalText(120),
  emergencyPhone: optionalMobile,
});
export type ErpProfileInput = z.input<typeof erpProfileSchema>;
export type ErpProfileData = z.output<typeof erpProfileSchema>;

/**
 * The super admin's edit of an employee: the registration fields it manages (name, department,
 * designation, employee ID) and the contact details the employee edits; empty optional fields are cleared.
 */
export const erpEmployeeDetailsSchema = z.object({
  firstName: erpRegisterFields.firstName,
  lastName: erpRegisterFields.lastName,
  department: erpRegisterFields.department,
  designation: erpRegisterFields.designation,
  employeeId: erpRegisterFields.employeeId,
  ...erpProfileSchema.shape,
});
export type ErpEmployeeDetailsInput = z.input<typeof erpEmployeeDetailsSchema>;
export type ErpEmployeeDetailsData = z.output<typeof erpEmployeeDetailsSchema>;

/** An employee's record as the super admin edits it: the sign-in email (shown, not edited) and the fields of erpEmployeeDetailsSchema. */
export const erpEmployeeRecordSchema = employeeSchema
  .pick({ email: true, firstName: true, lastName: true, department: true, designation: true, employeeId: true })
  .extend(erpSettingsSchema.pick({ phone: true, address: true, emergencyContact: true, emergencyPhone: true }).shape);
export type ErpEmployeeRecord = z.infer<typeof erpEmployeeRecordSchema>;

/** A 6-digit code from the authenticator app (enable and turn off two-factor). */
export const erpCodeSchema = z.object({
  code: totpCodeField(erpMessages.codeFormat),
});

/** `POST /api/erp/settings/2fa/setup`: a new secret to scan, not yet in use. */
export const erpTwoFaSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type ErpTwoFaSetup = z.infer<typeof erpTwoFaSetupSchema>;

/** `POST /api/erp/settings/password`: the current password, then the new one twice. */
export const erpPasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(128),
    password: newPassword,
    confirmPassword: z.string({ error: authMessages.passwordsDoNotMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: authMessages.passwordsDoNotMatch,
  });
export type ErpPasswordInput = z.input<typeof erpPasswordSchema>;
