import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { ImageType, UploadedImage } from '../../../contracts/media.contract';
import { MAX_IMAGE_SIDE, MAX_INPUT_PIXELS, mediaMessages, THUMB_SIZE } from '../../../contracts/media.contract';
import { shopMessages } from '../../../contracts/shops.contract';
import { vendorProductMessages } from '../../../contracts/vendor-products.contract';
import { AppError } from '../../platform/app-error';
import type { SessionUser } from '../../platform/auth-guards';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { JobQueue } from '../../platform/job-queue';
import { StorageUnavailableError, type ObjectStorage } from '../../platform/object-storage';
import { getProfileImageUrl, setProfileImageUrl } from '../auth';
import { isImageOnVendorProduct, isOwnProduct, removeProductImage } from '../catalog';
import { partCustomer } from '../orders';
import { getOwnShop, setShopImage } from '../shops';
import { images } from './media.tables';

type Uploader = Pick<SessionUser, 'id' | 'role'>;

// sharp (libvips) takes a third of a second to load: the first image processed loads it, not every start
// of the API. One libvips thread per image: together with the image job queue, decoding never takes every core.
let sharpLoaded: Promise<typeof import('sharp').default> | undefined;
const loadSharp = () =>
  (sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  }));

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
  return: ownOrderPart,
};

/** Photos of a return: only for a part of one of the caller's own orders (the return request then names them). */
async function ownOrderPart(db: DbOrTx, user: Uploader, entityId: string): Promise<void> {
  if ((await partCustomer(db, entityId)) !== user.id) throw new AppError('FORBIDDEN', mediaMessages.notYourOrder);
}

/** Shop logos and banners: only for a shop of the calling vendor. */
async function ownShop(db: DbOrTx, user: Uploader, entityId: string): Promise<void> {
  if (!(await getOwnShop(db, user.id, entityId))) throw new AppError('FORBIDDEN', shopMessages.notYourShop);
}

/** Product images: only for a product in one of the calling vendor's shops (the product keeps its image list through its own PUT). */
async function ownProduct(db: DbOrTx, user: Uploader, entityId: string): Promise<void> {
  if (!(await isOwnProduct(db, user.id, entityId)))
    throw new AppError('FORBIDDEN', vendorProductMessages.notYourProduct);
}

/** What happens in the upload's transaction once the image row is written, per type. */
const afterUpload: Partial<
  Record<ImageType, (tx: Tx, user: Uploader, entityId: string, url: string) => Promise<void>>
> = {
  profile: (tx, user, _entityId, url) => setProfileImageUrl(tx, user.id, url),
  shop_logo: (tx, user, shopId, url) => setShopImage(tx, user.id, shopId, 'logo', url),
  shop_banner: (tx, user, shopId, url) => setShopImage(tx, user.id, shopId, 'banner', url),
};

const invalid = () =>
  new AppError('VALIDATION_FAILED', mediaMessages.invalidImage, { file: mediaMessages.invalidImage });
// Formats as sharp names them; AVIF is 'heif' with AV1 compression.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

type Processed = { picture: Buffer; thumbnail: Buffer; width: number; height: number };

/**
 * Decodes the bytes as an image (whatever the file's name or declared type), bounds its size,
 * auto-rotates it and re-encodes it to WebP without metadata, plus a square thumbnail.
 */
export async function processImage(bytes: Buffer): Promise<Processed> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format) || (meta.format === 'heif' && meta.compression !== 'av1'))
    throw invalid();
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
    const thumbnail = await sharp(data)
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
    return { picture: data, thumbnail, width: info.width, height: info.height };
  } catch {
    throw invalid();
  }
}

export type UploadImageArgs = {
  db: Db;
  storage: ObjectStorage;
  user: Uploader;
  imageType: ImageType;
  entityId: string;
  altText?: string;
  bytes: Buffer;
  /** Where the decoding waits its turn. */
  jobs: JobQueue;
};

/** Removes objects after the fact (a failed upload, a committed delete): a failure is already logged by the store, and changes no answer. */
const removeObjects = (storage: ObjectStorage, keys: string[]) => storage.delete(keys).catch(() => {});

/** Writes the picture and its thumbnail, both or neither: a store that cannot take them answers 503. */
async function putObjects(storage: ObjectStorage, objects: [key: string, bytes: Buffer][]): Promise<void> {
  try {
    await Promise.all(objects.map(([key, bytes]) => storage.put(key, bytes, 'image/webp')));
  } catch (e) {
    await removeObjects(
      storage,
      objects.map(([key]) => key),
    );
    throw e instanceof StorageUnavailableError ? new AppError('UNAVAILABLE', mediaMessages.storageUnavailable) : e;
  }
}

/**
 * Stores an uploaded image for an entity the caller may change: checked and re-encoded, written
 * under server-made names to the store, then recorded in `images`; a profile picture also becomes
 * the profile's picture in the same transaction (the previous one is retired).
 */
export async function uploadImage({
  db,
  storage,
  user,
  imageType,
  entityId,
  altText,
  bytes,
  jobs,
}: UploadImageArgs): Promise<UploadedImage> {
  await ownershipChecks[imageType](db, user, entityId);
  const { picture, thumbnail, width, height } = await jobs.run(() => processImage(bytes));
  const id = randomUUID();
  const filename = `${id}.webp`;
  const thumbnailFilename = `${id}-thumb.webp`;
  const url = `/uploads/${filename}`;
  // Objects first, then the row: a row never names a missing file, and a failed transaction takes its objects back.
  await putObjects(storage, [
    [filename, picture],
    [thumbnailFilename, thumbnail],
  ]);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(images).values({
        id,
        filename,
        thumbnailFilename,
        imageType,
        entityId,
        ownerUserId: user.id,
        altText: altText ?? null,
        width,
        height,
        sizeBytes: picture.length,
      });
      if (imageType === 'profile' || imageType === 'shop_logo' || imageType === 'shop_banner') {
        // One current profile picture (shop logo, shop banner): the earlier ones are retired (soft, like every image delete).
        await tx
          .update(images)
          .set({ isActive: false })
          .where(
            and(
              eq(images.entityId, entityId),
              eq(images.imageType, imageType),
              eq(images.isActive, true),
              ne(images.id, id),
            ),
          );
      }
      await afterUpload[imageType]?.(tx, user, entityId, url);
    });
  } catch (e) {
    await removeObjects(storage, [filename, thumbnailFilename]);
    throw e;
  }
  return { id, url, thumbnailUrl: `/uploads/${thumbnailFilename}`, width, height };
}

export type DeleteImageArgs = { db: Db; storage: ObjectStorage; userId: string; imageId: string };

/** What happens in the delete's transaction once an image is retired, per type: it leaves what showed it. */
const afterDelete: Record<ImageType, (tx: Tx, userId: string, entityId: string, url: string) => Promise<void>> = {
  profile: async (tx, _userId, entityId, url) => {
    if ((await getProfileImageUrl(tx, entityId)) === url) await setProfileImageUrl(tx, entityId, null);
  },
  shop_logo: async (tx, userId, shopId, url) => {
    if ((await getOwnShop(tx, userId, shopId))?.logoUrl === url) await setShopImage(tx, userId, shopId, 'logo', null);
  },
  shop_banner: async (tx, userId, shopId, url) => {
    if ((await getOwnShop(tx, userId, shopId))?.bannerUrl === url)
      await setShopImage(tx, userId, shopId, 'banner', null);
  },
  product: (tx, userId, productId, url) => removeProductImage(tx, userId, productId, url),
  // A return keeps its copy of the photo's URL; the request that names it is already made.
  return: async () => {},
};

/**
 * Retires one of the caller's own images (soft delete: the row stays with is_active false); a retired
 * profile picture, shop logo or banner, or product picture stops showing. Once that is committed, its
 * picture and thumbnail leave the store, unless a product still shows it (see isImageOnVendorProduct).
 */
export async function deleteImage({ db, storage, userId, imageId }: DeleteImageArgs): Promise<void> {
  const unused = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(images)
      .set({ isActive: false })
      .where(and(eq(images.id, imageId), eq(images.ownerUserId, userId), eq(images.isActive, true)))
      .returning({
        filename: images.filename,
        thumbnailFilename: images.thumbnailFilename,
        imageType: images.imageType,
        entityId: images.entityId,
      });
    if (!row) throw new AppError('NOT_FOUND', mediaMessages.imageNotFound);
    const url = `/uploads/${row.filename}`;
    // The database checks the type (one of imageTypes).
    await afterDelete[row.imageType as ImageType](tx, userId, row.entityId, url);
    if (row.imageType === 'product' && (await isImageOnVendorProduct(tx, userId, url))) return [];
    // A return request keeps showing the photos it was made with.
    if (row.imageType === 'return') return [];
    return [row.filename, ...(row.thumbnailFilename ? [row.thumbnailFilename] : [])];
  });
  // After the commit: a rolled-back delete never loses its files. A store that fails now leaves them behind (logged).
  await removeObjects(storage, unused);
}

/**
 * Of the picture URLs a vendor puts on a product, those that are not active product pictures the
 * vendor uploaded (someone else's picture, a retired one, or none at all).
 */
export async function foreignProductImages(db: DbOrTx, ownerUserId: string, urls: string[]): Promise<string[]> {
  return foreignImages(db, ownerUserId, 'product', urls);
}

/** Of these picture URLs, those that are not active pictures of this type the user uploaded. */
export async function foreignImages(
  db: DbOrTx,
  ownerUserId: string,
  imageType: ImageType,
  urls: string[],
): Promise<string[]> {
  if (urls.length === 0) return [];
  const filenames = urls.map((u) => u.replace(/^\/uploads\//, ''));
  const rows = await db
    .select({ filename: images.filename })
    .from(images)
    .where(
      and(
        inArray(images.filename, filenames),
        eq(images.ownerUserId, ownerUserId),
        eq(images.imageType, imageType),
        eq(images.isActive, true),
      ),
    );
  const own = new Set(rows.map((r) => `/uploads/${r.filename}`));
  return urls.filter((u) => !own.has(u));
}
