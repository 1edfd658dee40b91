import { z } from 'zod';
import { ageOn, isIsoDate, MINIMUM_AGE } from '../domain/age';
import {
  emailSchema,
  linkTokenSchema,
  optionalIndianState,
  optionalPinCode,
  optionalText,
  PIN_CODE_MESSAGE,
  PIN_CODE_PATTERN,
  STATE_MESSAGE,
  requiredText,
} from './common.contract';
import { messages, PASSWORD_MIN } from './auth.messages';

export const roles = ['customer', 'vendor', 'merchant', 'admin'] as const;
export type Role = (typeof roles)[number];
export const genders = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export const genderLabels: Record<(typeof genders)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  prefer_not_to_say: 'Prefer not to say',
};

// The messages the browser needs without zod (auth.messages.ts), here too for the server and forms.
export * from './auth.messages';

// Indian mobile numbers: 10 digits starting 6-9, optionally written with +91 or 0.
export const INDIAN_MOBILE_PATTERN = /^(\+91|91|0)?[6-9]\d{9}$/;
const MOBILE_MESSAGE = 'Please enter a valid 10-digit mobile number';
export const mobile = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => INDIAN_MOBILE_PATTERN.test(v), MOBILE_MESSAGE)
    .transform((v) => v.slice(-10));

export const optionalMobile = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v.replace(/[\s-]/g, '') : undefined))
  .refine((v) => v === undefined || INDIAN_MOBILE_PATTERN.test(v), MOBILE_MESSAGE)
  .transform((v) => v?.slice(-10));

/** A password someone chooses: required (with `requiredMessage`), from PASSWORD_MIN to 128 characters. */
export const chosenPassword = (requiredMessage = 'Password is required') =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN, messages.passwordTooShort)
    .max(128, 'Password must be at most 128 characters long');

const password = chosenPassword();

const referralCode = z
  .string()
  .trim()
  .max(20, messages.referralUnknown)
  .optional()
  .transform((v) => (v ? v.toUpperCase() : undefined));

export const dateOfBirth = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || isIsoDate(v), { message: 'Please enter a valid date', abort: true })
  .refine(
    (v) => v === undefined || ageOn(v, new Date()) >= MINIMUM_AGE,
    `You must be at least ${MINIMUM_AGE} years old to register`,
  )
  .refine((v) => v === undefined || ageOn(v, new Date()) <= 120, 'Please enter a valid date of birth');

/** An optional gender from the list; empty becomes undefined. */
export const genderSchema = z
  .string()
  .optional()
  .transform((v) => v || undefined)
  .pipe(z.enum(genders, { error: 'Please choose a gender from the list' }).optional());

const matching = <T extends { password: string; confirmPassword: string }>(v: T) => v.password === v.confirmPassword;
const mismatch = { message: messages.passwordsDoNotMatch, path: ['confirmPassword'] };

/** Forgot password: the request, the reset, and what they say. */
export const passwordResetMessages = {
  requested:
    'If an account exists for that email, we have sent it a link to reset the password. Please check your inbox (and spam folder).',
  linkInvalid: 'This reset link has expired or has already been used. Please ask for a new one.',
  done: 'Your password has been reset. Please sign in with your new password.',
  tooMany: 'Too many reset requests for this email. Please wait a while and try again.',
} as const;

/** `POST /api/auth/password-reset`. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

const newPasswordPair = z.object({ password, confirmPassword: z.string({ error: messages.passwordsDoNotMatch }) });

/** The reset page's form: the new password twice. */
export const newPasswordSchema = newPasswordPair.refine(matching, mismatch);
export type NewPasswordInput = z.input<typeof newPasswordSchema>;

/** The token of a reset link: 64 hex digits. */
export const resetTokenSchema = linkTokenSchema(passwordResetMessages.linkInvalid);

/** `POST /api/auth/password-reset/confirm`: the token from the link and the new password twice. */
export const passwordResetSchema = newPasswordPair.extend({ token: resetTokenSchema }).refine(matching, mismatch);
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** The sign-up address: optional, but a street given needs its city, state and PIN (it becomes the first saved address). */
export const signUpAddressMessages = {
  street: 'Please enter the street address too, or leave the address empty',
  city: 'City is required with an address',
  state: STATE_MESSAGE,
  pin: PIN_CODE_MESSAGE,
} as const;

export const customerRegisterSchema = z
  .object({
    role: z.literal('customer'),
    firstName: requiredText('First name is required', 60),
    lastName: requiredText('Last name is required', 60),
    phoneNumber: mobile('Phone number is required'),
    dateOfBirth,
    gender: genderSchema,
    email: emailSchema,
    address: optionalText(300),
    city: optionalText(100),
    state: optionalIndianState(signUpAddressMessages.state),
    postalCode: optionalPinCode(),
    password,
    confirmPassword: z.string({ error: messages.passwordsDoNotMatch }),
    referralCode,
  })
  .refine(matching, mismatch)
  .superRefine((v, ctx) => {
    if (!v.address && !v.city && !v.state && !v.postalCode) return;
    if (!v.address) ctx.addIssue({ code: 'custom', path: ['address'], message: signUpAddressMessages.street });
    if (!v.city) ctx.addIssue({ code: 'custom', path: ['city'], message: signUpAddressMessages.city });
    if (!v.state) ctx.addIssue({ code: 'custom', path: ['state'], message: signUpAddressMessages.state });
    if (!v.postalCode || !PIN_CODE_PATTERN.test(v.postalCode))
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: signUpAddressMessages.pin });
  });

export const vendorRegisterSchema = z
  .object({
    role: z.literal('vendor'),
    firstName: optionalText(60),
    lastName: optionalText(60),
    businessName: requiredText('Business name is required', 120),
    email: emailSchema,
    phone: mobile('Phone number is required'),
    businessAddress: requiredText('Business address is required', 300),
    password,
    confirmPassword: z.string({ error: messages.passwordsDoNotMatch }),
    referralCode,
  })
  .refine(matching, mismatch);

/** A UPI ID such as name@okbank: merchant registration and withdrawals check it the same way. */
export const upiIdSchema = z
  .string({ error: 'UPI ID is required' })
  .trim()
  .min(1, 'UPI ID is required')
  .regex(/^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/, 'Please enter a valid UPI ID (for example name@okbank)');

export const CASHBACK_DEFAULT = 2;
/** A cashback percentage has at most one decimal place. */
export const CASHBACK_DECIMALS = 1;

// A web address over http(s) with a real domain name (browsers' URL parsers accept spaces in hosts).
const websiteUrl = z.url({
  protocol: /^https?$/,
  hostname: /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i,
});
/** The business fields a merchant gives at sign-up and edits on their dashboard (SPEC.md section 5). */
export const merchantBusinessFields = {
  businessName: requiredText('Business name is required', 120),
  mobileNumber: mobile('Mobile number is required'),
  upiId: upiIdSchema,
  whatsappNumber: optionalMobile,
  website: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? (/^https?:\/\//i.test(v) ? v : `https://${v}`) : undefined))
    .refine((v) => v === undefined || websiteUrl.safeParse(v).success, 'Please enter a valid website address'),
  cashbackPercentage: z
    .union([z.number(), z.string()], { error: 'Cashback must be a number' })
    .optional()
    .transform((v) => {
      if (v === undefined || (typeof v === 'number' && Number.isNaN(v))) return CASHBACK_DEFAULT;
      if (typeof v === 'number') return v;
      const text = v.trim();
      // Only plain decimals such as '2', '3.5' or '.5': not '0x10', '1e1' or 'Infinity'.
      return text === '' ? CASHBACK_DEFAULT : /^-?\d*\.?\d+$/.test(text) ? Number(text) : Number.NaN;
    })
    .pipe(
      z
        .number({ error: 'Cashback must be a number' })
        .min(0, 'Cashback must be between 0 and 100')
        .max(100, 'Cashback must be between 0 and 100')
        .refine(
          (v) => Math.abs(v * 10 ** CASHBACK_DECIMALS - Math.round(v * 10 ** CASHBACK_DECIMALS)) < 1e-9,
          'Cashback can have at most one decimal place',
        ),
    ),
};

export const merchantRegisterSchema = z
  .object({
    role: z.literal('merchant'),
    ...merchantBusinessFields,
    email: emailSchema,
    referralCode,
    password,
    confirmPassword: z.string({ error: messages.passwordsDoNotMatch }),
  })
  .refine(matching, mismatch);

/** `POST /api/auth/register`: one of the three account kinds, chosen by `role`. */
export const registerSchema = z.discriminatedUnion('role', [
  customerRegisterSchema,
  vendorRegisterSchema,
  merchantRegisterSchema,
]);
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(128, 'Password must be at most 128 characters long'),
});
export type LoginInput = z.input<typeof loginSchema>;

/** The signed-in user: `GET /api/me`, and the answer of login and register. */
export const meSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(roles),
  referralCode: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string(),
  phoneNumber: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  profileImageUrl: z.string().nullable(),
  businessName: z.string().nullable(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof meSchema>;

/** A new password twice, for forms that add fields (the team invitation's new account); refine with passwordsMatch. */
export const newPasswordFields = newPasswordPair;
export const passwordsMatch = [matching, mismatch] as const;
