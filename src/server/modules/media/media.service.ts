import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, ne } from 'drizzle-orm';
import sharp from 'sharp';
import type { ImageType, UploadedImage } from '../../../contracts/media.contract';
import { MAX_IMAGE_SIDE, MAX_INPUT_PIXELS, mediaMessages, THUMB_SIZE } from '../../../contracts/media.contract';
import { shopMessages } from '../../../contracts/shops.contract';
import { vendorProductMessages } from '../../../contracts/vendor-products.contract';
import { AppError } from '../../platform/app-error';
import type { SessionUser } from '../../platform/auth-guards';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { JobQueue } from '../../platform/job-queue';
import { getProfileImageUrl, setProfileImageUrl } from '../auth';
import { isOwnProduct, removeProductImage } from '../catalog';
import { getOwnShop, setShopImage } from '../shops';
import { images } from './media.tables';

type Uploader = Pick<SessionUser, 'id' | 'role'>;

// One libvips thread per image: together with the image job queue, decoding never takes every core.
sharp.concurrency(1);

/**
 * Who may attach an image of each type to an entity: throws FORBIDDEN otherwise. One small function
 * per type, so shop and product images can be added by the vendor issue.
 */
const ownershipChecks: Record<ImageType, (db: DbOrTx, user: Uploader, entityId: string) => Promise<void>> = {
  profile: async (_db, user, entityId) => {
    if (entityId !== user.id) throw new AppError('FORBIDDEN', mediaMessages.notYourProfile);
  },
  shop_logo: ownShop,
  shop_banner: ownShop,
  product: ownProduct,
};

/** Shop logos and banners: only for a shop of the calling vendor. */
async function ownShop(db: DbOrTx, user: Uploader, entityId: string): Promise<void> {
  if (!(await getOwnShop(db, user.id, entityId))) throw new AppError('FORBIDDEN', shopMessages.notYourShop);
}

/** Product images: only for a product in one of the calling vendor's shops (the product keeps its image list through its own PUT). */
async function ownProduct(db: DbOrTx, user: Uploader, entityId: string): Promise<void> {
  if (!(await isOwnProduct(db, user.id, entityId))) throw new AppError('FORBIDDEN', vendorProductMessages.notYourProduct);
}

/** What happens in the upload's transaction once the image row is written, per type. */
const afterUpload: Partial<Record<ImageType, (tx: Tx, user: Uploader, entityId: string, url: string) => Promise<void>>> = {
  profile: (tx, user, _entityId, url) => setProfileImageUrl(tx, user.id, url),
  shop_logo: (tx, user, shopId, url) => setShopImage(tx, user.id, shopId, 'logo', url),
  shop_banner: (tx, user, shopId, url) => setShopImage(tx, user.id, shopId, 'banner', url),
};

const invalid = () => new AppError('VALIDATION_FAILED', mediaMessages.invalidImage, { file: mediaMessages.invalidImage });
// Formats as sharp names them; AVIF is 'heif' with AV1 compression.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

type Processed = { picture: Buffer; thumbnail: Buffer; width: number; height: number };

/**
 * Decodes the bytes as an image (whatever the file's name or declared type), bounds its size,
 * auto-rotates it and re-encodes it to WebP without metadata, plus a square thumbnail.
 */
export async function processImage(bytes: Buffer): Promise<Processed> {
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format) || (meta.format === 'heif' && meta.compression !== 'av1')) throw invalid();
  if (!meta.width || !meta.height) throw invalid();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new AppError('VALIDATION_FAILED', mediaMessages.tooManyPixels, { file: mediaMessages.tooManyPixels });
  }
  try {
    // sharp writes no metadata unless asked (withMetadata is never called): EXIF, GPS and ICC are dropped.
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(data).resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
    return { picture: data, thumbnail, width: info.width, height: info.height };
  } catch {
    throw invalid();
  }
}

export type UploadImageArgs = {
  db: Db;
  uploadsDir: string;
  user: Uploader;
  imageType: ImageType;
  entityId: string;
  altText?: string;
  bytes: Buffer;
  /** Where the decoding waits its turn. */
  jobs: JobQueue;
};

/**
 * Stores an uploaded image for an entity the caller may change: checked and re-encoded, written
 * under server-made names, recorded in `images`; a profile picture also becomes the profile's
 * picture in the same transaction (the previous one is retired).
 */
export async function uploadImage({ db, uploadsDir, user, imageType, entityId, altText, bytes, jobs }: UploadImageArgs): Promise<UploadedImage> {
  await ownershipChecks[imageType](db, user, entityId);
  const { picture, thumbnail, width, height } = await jobs.run(() => processImage(bytes));
  const id = randomUUID();
  const filename = `${id}.webp`;
  const thumbnailFilename = `${id}-thumb.webp`;
  const url = `/uploads/${filename}`;
  await mkdir(uploadsDir, { recursive: true });
  await writeFile(join(uploadsDir, filename), picture);
  await writeFile(join(uploadsDir, thumbnailFilename), thumbnail);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(images).values({ id, filename, thumbnailFilename, imageType, entityId, ownerUserId: user.id, altText: altText ?? null, width, height, sizeBytes: picture.length });
      if (imageType === 'profile' || imageType === 'shop_logo' || imageType === 'shop_banner') {
        // One current profile picture (shop logo, shop banner): the earlier ones are retired (soft, like every image delete).
        await tx
          .update(images)
          .set({ isActive: false })
          .where(and(eq(images.entityId, entityId), eq(images.imageType, imageType), eq(images.isActive, true), ne(images.id, id)));
      }
      await afterUpload[imageType]?.(tx, user, entityId, url);
    });
  } catch (e) {
    await Promise.all([rm(join(uploadsDir, filename), { force: true }), rm(join(uploadsDir, thumbnailFilename), { force: true })]);
    throw e;
  }
  return { id, url, thumbnailUrl: `/uploads/${thumbnailFilename}`, width, height };
}

export type DeleteImageArgs = { db: Db; userId: string; imageId: string };

/** What happens in the delete's transaction once an image is retired, per type: it leaves what showed it. */
const afterDelete: Record<ImageType, (tx: Tx, userId: string, entityId: string, url: string) => Promise<void>> = {
  profile: async (tx, _userId, entityId, url) => {
    if ((await getProfileImageUrl(tx, entityId)) === url) await setProfileImageUrl(tx, entityId, null);
  },
  shop_logo: async (tx, userId, shopId, url) => {
    if ((await getOwnShop(tx, userId, shopId))?.logoUrl === url) await setShopImage(tx, userId, shopId, 'logo', null);
  },
  shop_banner: async (tx, userId, shopId, url) => {
    if ((await getOwnShop(tx, userId, shopId))?.bannerUrl === url) await setShopImage(tx, userId, shopId, 'banner', null);
  },
  product: (tx, userId, productId, url) => removeProductImage(tx, userId, productId, url),
};

/**
 * Retires one of the caller's own images (soft delete: the row stays with is_active false, the file
 * stays on disk); a retired profile picture, shop logo or banner, or product picture stops showing.
 */
export async function deleteImage({ db, userId, imageId }: DeleteImageArgs): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(images)
      .set({ isActive: false })
      .where(and(eq(images.id, imageId), eq(images.ownerUserId, userId), eq(images.isActive, true)))
      .returning({ filename: images.filename, imageType: images.imageType, entityId: images.entityId });
    if (!row) throw new AppError('NOT_FOUND', mediaMessages.imageNotFound);
    // The database checks the type (one of imageTypes).
    await afterDelete[row.imageType as ImageType](tx, userId, row.entityId, `/uploads/${row.filename}`);
  });
}

/**
 * Of the picture URLs a vendor puts on a product, those that are not active product pictures the
 * vendor uploaded (someone else's picture, a retired one, or none at all).
 */
export async function foreignProductImages(db: DbOrTx, ownerUserId: string, urls: string[]): Promise<string[]> {
  if (urls.length === 0) return [];
  const filenames = urls.map((u) => u.replace(/^\/uploads\//, ''));
  const rows = await db
    .select({ filename: images.filename })
    .from(images)
    .where(and(inArray(images.filename, filenames), eq(images.ownerUserId, ownerUserId), eq(images.imageType, 'product'), eq(images.isActive, true)));
  const own = new Set(rows.map((r) => `/uploads/${r.filename}`));
  return urls.filter((u) => !own.has(u));
}

