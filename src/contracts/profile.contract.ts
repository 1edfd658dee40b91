import { z } from 'zod';
import { INDIA_STATES_AND_UTS } from '../domain/india-states';
import { dateOfBirth, genderSchema, mobile } from './auth.contract';
import { optionalText, PIN_CODE_MESSAGE, PIN_CODE_PATTERN, requiredText, STATE_MESSAGE } from './common.contract';

export const addressTypes = ['home', 'work', 'other'] as const;
export type AddressType = (typeof addressTypes)[number];
export const addressTypeLabels: Record<AddressType, string> = { home: 'Home', work: 'Work', other: 'Other' };
export const DEFAULT_COUNTRY = 'India';

/** SPEC.md section 8 and the profile page's messages. */
export const profileMessages = {
  addressAdded: 'Address added successfully!',
  addressDeleted: 'Address deleted successfully!',
  defaultUpdated: 'Default address updated!',
  profileUpdated: 'Profile updated successfully!',
  addAddressFailed: 'Failed to add address. Please try again.',
  deleteAddressFailed: 'Failed to delete address. Please try again.',
  setDefaultFailed: 'Failed to set default address. Please try again.',
  updateProfileFailed: 'Failed to update profile. Please try again.',
  vendorUpdateProfileFailed: (reason?: string) => `Failed to update profile: ${reason || 'Please try again.'}`,
  updatePictureFailed: 'Failed to update profile picture',
  loadAddressesFailed: 'Failed to load addresses',
  addressNotFound: 'Address not found',
  invalidPin: PIN_CODE_MESSAGE,
  customersOnly: 'Only customers can manage delivery addresses',
} as const;

/** An Indian PIN code: 6 digits, the first 1-9 (spaces are ignored). */
export const pinCodeSchema = z
  .string({ error: 'PIN code is required' })
  .trim()
  .min(1, 'PIN code is required')
  .transform((v) => v.replace(/\s/g, ''))
  .refine((v) => PIN_CODE_PATTERN.test(v), profileMessages.invalidPin);

/** `POST /api/addresses` and the Add Address form. */
export const addressInputSchema = z.object({
  type: z.enum(addressTypes, { error: 'Please choose home, work or other' }).default('home'),
  streetAddress: requiredText('Street address is required', 300),
  city: requiredText('City is required', 100),
  state: z.enum(INDIA_STATES_AND_UTS, { error: STATE_MESSAGE }),
  postalCode: pinCodeSchema,
  country: z.literal(DEFAULT_COUNTRY, { error: 'We deliver only within India' }).default(DEFAULT_COUNTRY),
  landmark: optionalText(200),
  isDefault: z.boolean({ error: 'Default must be true or false' }).default(false),
});
export type AddressInput = z.input<typeof addressInputSchema>;
export type AddressData = z.output<typeof addressInputSchema>;

/** A saved delivery address, as the API answers it. */
export const addressSchema = z.object({
  id: z.uuid(),
  type: z.enum(addressTypes),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  landmark: z.string().nullable(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** `GET /api/addresses`: the user's addresses, the default first. */
export const addressListSchema = z.object({ items: z.array(addressSchema) });

/** `PATCH /api/me/profile`: the personal information of the signed-in user (empty optional fields are cleared). */
export const profileUpdateSchema = z.object({
  firstName: requiredText('First name is required', 60),
  lastName: requiredText('Last name is required', 60),
  phoneNumber: mobile('Phone number is required'),
  dateOfBirth,
  gender: genderSchema,
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdateData = z.output<typeof profileUpdateSchema>;
