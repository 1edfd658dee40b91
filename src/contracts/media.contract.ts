import { z } from 'zod';

export const imageTypes = ['profile', 'shop_logo', 'shop_banner', 'product', 'return'] as const;
export type ImageType = (typeof imageTypes)[number];

/** SPEC.md section 9: upload limit 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/**
 * Larger pictures are refused before decoding (a guard against decompression bombs, and a bound on
 * the CPU one upload may take): 24 megapixels is 6000 x 4000, more than a phone's usual 12 MP photo.
 */
export const MAX_INPUT_PIXELS = 24_000_000;
/** Stored images fit within this box; thumbnails are squares of THUMB_SIZE. */
export const MAX_IMAGE_SIDE = 2000;
export const THUMB_SIZE = 400;
/** What the file picker offers; the server checks the content, whatever the name or declared type. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

export const mediaMessages = {
  invalidImage: 'Please select a valid image file',
  tooLarge: 'File size must be less than 5MB',
  tooManyPixels: 'This image is too large. Please choose one under 24 megapixels.',
  oneFile: 'Please upload one image at a time',
  uploadFailed: 'Upload failed',
  notYourProfile: 'You can only change your own profile picture',
  notYourOrder: 'You can only add photos to your own orders',
  typeNotYet: 'Shop and product images cannot be uploaded yet',
  imageNotFound: 'Image not found',
  imageTypeChoice: 'Please choose profile, shop_logo, shop_banner, product or return',
  entityId: 'Please give the id of what the image belongs to',
  storageUnavailable: 'Pictures cannot be stored right now. Please try again in a few minutes.',
} as const;

/** The form fields of `POST /api/media` (multipart, with the file). */
export const uploadFieldsSchema = z.object({
  imageType: z.enum(imageTypes, { error: mediaMessages.imageTypeChoice }),
  entityId: z.uuid({ error: mediaMessages.entityId }),
  altText: z
    .string()
    .trim()
    .max(200, 'Must be at most 200 characters')
    .optional()
    .transform((v) => v || undefined),
});
export type UploadFields = z.output<typeof uploadFieldsSchema>;

/** The answer of an upload: the stored WebP picture and its 400x400 thumbnail. */
export const uploadedImageSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
