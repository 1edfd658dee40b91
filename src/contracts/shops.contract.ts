import { z } from 'zod';
import { isWholePaise, toPaise, toRupees } from '../domain/money';
import { chosenPassword, messages as authMessages } from './auth.contract';
import {
  emailSchema,
  optionalIndianState,
  optionalPinCode,
  optionalText,
  PIN_CODE_MESSAGE,
  PIN_CODE_PATTERN,
  STATE_MESSAGE,
} from './common.contract';

export const shopTypes = ['online', 'physical', 'both'] as const;
export type ShopType = (typeof shopTypes)[number];
export const shopTypeLabels: Record<ShopType, string> = {
  online: 'Online',
  physical: 'Physical store',
  both: 'Online and physical',
};

/** SPEC.md section 9: delivery distance 10 km, fee 0, free delivery above 999 rupees. */
export const SHOP_DEFAULTS = {
  deliveryDistanceKm: 10,
  deliveryFeePaise: 0,
  freeDeliveryThresholdPaise: 99_900,
} as const;

/** SPEC.md sections 4 and 8, and the shop form's own messages. */
export const shopMessages = {
  activeChoice: 'Active must be true or false',
  created: 'Shop created successfully!',
  updated: 'Shop updated successfully!',
  activated: 'Shop activated successfully',
  deactivated: 'Shop deactivated successfully',
  createFailed: 'Failed to create shop. Please try again.',
  updateFailed: 'Failed to update shop. Please try again.',
  statusFailed: 'Failed to update shop status',
  loadFailed: 'Failed to load shops',
  notFound: 'Shop not found',
  vendorsOnly: 'Only vendors can manage shops',
  notYourShop: 'You can only change the images of your own shops',
  nameRequired: 'Shop name is required',
  addressRequired: 'Address is required for physical shops',
  cityRequired: 'City is required for physical shops',
  stateRequired: 'State is required for physical shops',
  postalCodeRequired: 'Postal code is required for physical shops',
  invalidPin: PIN_CODE_MESSAGE,
  invalidState: STATE_MESSAGE,
  distance: 'Delivery distance must be a whole number of at least 1 km',
  fee: 'Delivery fee cannot be negative',
  threshold: 'Free delivery threshold cannot be negative',
  paise: 'Use at most two decimal places',
  codChoice: 'Cash on delivery must be true or false',
  codHint: 'Customers pay in cash when the order is delivered. You record the cash received.',
  logoUploaded: 'Shop logo updated',
  bannerUploaded: 'Shop banner updated',
} as const;

/** Shop types that have a counter to walk into, and so need an address. */
export const needsAddress = (t: ShopType) => t !== 'online';

const MAX_PAISE = 10_000_000_00; // ₹1 crore: far above any sane delivery fee or threshold.
const paise = (message: string) => z.number({ error: message }).int(message).min(0, message).max(MAX_PAISE, message);

/**
 * `POST /api/vendor/shops` and `PUT /api/vendor/shops/:id`. Address, city, state and PIN code are
 * required only for physical shops (physical or both). Delivery numbers and cash on delivery left
 * out keep their defaults on create (cash on delivery off) and their stored values on edit.
 */
export const shopInputSchema = z
  .object({
    shopName: z
      .string({ error: shopMessages.nameRequired })
      .trim()
      .min(1, shopMessages.nameRequired)
      .max(120, 'Must be at most 120 characters'),
    shopDescription: optionalText(2000),
    shopType: z.enum(shopTypes, { error: 'Please choose online, physical or both' }),
    address: optionalText(300),
    city: optionalText(100),
    state: optionalIndianState(shopMessages.invalidState),
    postalCode: optionalPinCode().refine((v) => v === undefined || PIN_CODE_PATTERN.test(v), shopMessages.invalidPin),
    // A shop on an online marketplace delivers unless its vendor says otherwise (then its products cannot be ordered).
    deliveryAvailable: z.boolean({ error: 'Delivery must be true or false' }).default(true),
    deliveryDistanceKm: z
      .number({ error: shopMessages.distance })
      .int(shopMessages.distance)
      .min(1, shopMessages.distance)
      .max(1000, 'Delivery distance can be at most 1000 km')
      .optional(),
    deliveryFeePaise: paise(shopMessages.fee).optional(),
    freeDeliveryThresholdPaise: paise(shopMessages.threshold).optional(),
    /** The shop offers cash on delivery (meaningful only when it delivers; the super admin's limit and excluded categories apply too). */
    codEnabled: z.boolean({ error: shopMessages.codChoice }).optional(),
    enableReviews: z.boolean({ error: 'Reviews must be true or false' }).default(true),
    googleReviewsEnabled: z.boolean({ error: 'Google reviews must be true or false' }).default(false),
  })
  .superRefine((v, ctx) => {
    if (!needsAddress(v.shopType)) return;
    const required = [
      ['address', shopMessages.addressRequired],
      ['city', shopMessages.cityRequired],
      ['state', shopMessages.stateRequired],
      ['postalCode', shopMessages.postalCodeRequired],
    ] as const;
    for (const [key, message] of required) if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message });
  });
export type ShopInput = z.input<typeof shopInputSchema>;
export type ShopData = z.output<typeof shopInputSchema>;

/** A shop as the vendor's API answers it; money in paise. */
/** `GET /api/shops/:id`: what shoppers see of an open shop (its page, linked from 'Sold by'). */
export const publicShopSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  shopType: z.enum(shopTypes),
  city: z.string().nullable(),
  state: z.string().nullable(),
  logoUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  /** False when the shop does not deliver: its products cannot be ordered online. */
  delivers: z.boolean(),
});
export type PublicShop = z.infer<typeof publicShopSchema>;

export const shopSchema = z.object({
  id: z.uuid(),
  shopName: z.string(),
  shopDescription: z.string().nullable(),
  shopType: z.enum(shopTypes),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  isActive: z.boolean(),
  deliveryAvailable: z.boolean(),
  deliveryDistanceKm: z.number().int(),
  deliveryFeePaise: z.number().int(),
  freeDeliveryThresholdPaise: z.number().int(),
  /** The shop offers cash on delivery (off by default). */
  codEnabled: z.boolean(),
  enableReviews: z.boolean(),
  googleReviewsEnabled: z.boolean(),
  logoUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Shop = z.infer<typeof shopSchema>;

/** `PATCH /api/vendor/shops/:id/status`. */
export const shopStatusSchema = z.object({ isActive: z.boolean({ error: shopMessages.activeChoice }) });
/** The answer of a status change: the shop and the message to show. */
export const shopStatusResultSchema = z.object({ shop: shopSchema, message: z.string() });

// ---- The Create/Edit Shop form: what the inputs hold (strings for numbers, rupees for money). ----

/** Empty numbers fall back to 0 (SPEC.md section 5); anything else must be a number. */
const formNumber = z.union([z.string(), z.number()]).transform((v, ctx) => {
  if (typeof v === 'number') return Number.isNaN(v) ? 0 : v;
  const s = v.trim();
  if (s === '') return 0;
  const n = Number(s);
  if (Number.isNaN(n)) {
    ctx.addIssue({ code: 'custom', message: 'Please enter a number' });
    return z.NEVER;
  }
  return n;
});

/** Rupees with at most two decimals (step 0.01), at least 0. */
const rupees = (message: string) =>
  formNumber.pipe(
    z.number().min(0, message).max(toRupees(MAX_PAISE), message).refine(isWholePaise, shopMessages.paise),
  );

/** The Create/Edit Shop form; its output is the API body (rupees become paise). */
export const shopFormSchema = z
  .object({
    shopName: z.string(),
    shopDescription: z.string(),
    shopType: z.enum(shopTypes, { error: 'Please choose online, physical or both' }),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    deliveryAvailable: z.boolean(),
    deliveryDistanceKm: formNumber.pipe(
      z
        .number()
        .int(shopMessages.distance)
        .min(1, shopMessages.distance)
        .max(1000, 'Delivery distance can be at most 1000 km'),
    ),
    deliveryFee: rupees(shopMessages.fee),
    freeDeliveryThreshold: rupees(shopMessages.threshold),
    codEnabled: z.boolean(),
    enableReviews: z.boolean(),
    googleReviewsEnabled: z.boolean(),
  })
  .transform((f): ShopInput => {
    const physical = needsAddress(f.shopType);
    return {
      shopName: f.shopName,
      shopDescription: f.shopDescription,
      shopType: f.shopType,
      address: physical ? f.address : undefined,
      city: physical ? f.city : undefined,
      state: physical ? f.state : undefined,
      postalCode: physical ? f.postalCode : undefined,
      deliveryAvailable: f.deliveryAvailable,
      enableReviews: f.enableReviews,
      googleReviewsEnabled: f.googleReviewsEnabled,
      ...(f.deliveryAvailable
        ? {
            deliveryDistanceKm: f.deliveryDistanceKm,
            deliveryFeePaise: toPaise(f.deliveryFee),
            freeDeliveryThresholdPaise: toPaise(f.freeDeliveryThreshold),
            codEnabled: f.codEnabled,
          }
        : {}),
    };
  })
  .pipe(shopInputSchema);
export type ShopFormValues = z.input<typeof shopFormSchema>;

/** The form's starting values: SPEC.md's defaults for a new shop, or the shop being edited. */
export function shopFormValues(shop?: Shop | null): ShopFormValues {
  return {
    shopName: shop?.shopName ?? '',
    shopDescription: shop?.shopDescription ?? '',
    shopType: shop?.shopType ?? 'online',
    address: shop?.address ?? '',
    city: shop?.city ?? '',
    state: shop?.state ?? '',
    postalCode: shop?.postalCode ?? '',
    deliveryAvailable: shop?.deliveryAvailable ?? true,
    deliveryDistanceKm: String(shop?.deliveryDistanceKm ?? SHOP_DEFAULTS.deliveryDistanceKm),
    deliveryFee: String(toRupees(shop?.deliveryFeePaise ?? SHOP_DEFAULTS.deliveryFeePaise)),
    freeDeliveryThreshold: String(
      toRupees(shop?.freeDeliveryThresholdPaise ?? SHOP_DEFAULTS.freeDeliveryThresholdPaise),
    ),
    codEnabled: shop?.codEnabled ?? false,
    enableReviews: shop?.enableReviews ?? true,
    googleReviewsEnabled: shop?.googleReviewsEnabled ?? false,
  };
}

// ---- Account settings (any signed-in user): change email, change password. ----

export const settingsMessages = {
  emailChanged: 'Email updated successfully!',
  passwordChanged: 'Password changed successfully! You have been signed out on your other devices.',
  currentPasswordRequired: 'Current password is required',
  wrongPassword: 'Current password is incorrect',
  sameEmail: 'This is already your email',
  samePassword: 'New password must be different from the current password',
  emailFailed: 'Failed to update email. Please try again.',
  passwordFailed: 'Failed to change password. Please try again.',
} as const;

const currentPassword = z
  .string({ error: settingsMessages.currentPasswordRequired })
  .min(1, settingsMessages.currentPasswordRequired)
  .max(128);

/** `PUT /api/me/email`. */
export const changeEmailSchema = z.object({ newEmail: emailSchema, currentPassword });
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** `PUT /api/me/password`: the new password twice, and the current one. */
export const changePasswordSchema = z
  .object({
    currentPassword,
    newPassword: chosenPassword('New password is required'),
    confirmPassword: z.string({ error: authMessages.passwordsDoNotMatch }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The answer of a password change. */
export const passwordChangedSchema = z.object({ message: z.string(), otherSessionsEnded: z.number().int() });
