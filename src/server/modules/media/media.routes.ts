import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_UPLOAD_BYTES,
  mediaMessages,
  uploadedImageSchema,
  uploadFieldsSchema,
} from '../../../contracts/media.contract';
import { AppError } from '../../platform/app-error';
import { requireUser, type SessionUser } from '../../platform/auth-guards';
import { requireVendorAccess } from '../auth';
import { deleteImage, uploadImage } from './media.service';
import { errorResponses } from '../../platform/error-responses';

const badFile = (message: string) => new AppError('VALIDATION_FAILED', message, { file: message });

/** Reads the multipart form: its text fields and the one file, refusing anything over the size limit. */
async function readUpload(req: FastifyRequest): Promise<{ fields: Record<string, string>; bytes: Buffer | null }> {
  if (!req.isMultipart()) throw badFile(mediaMessages.invalidImage);
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') bytes = await part.toBuffer();
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badFile(mediaMessages.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw badFile(mediaMessages.oneFile);
    // A broken or truncated form is the sender's problem, never a 500.
    throw badFile(mediaMessages.invalidImage);
  }
  return { fields, bytes };
}

/** Checks the form fields against the contract, with per-field messages. */
function parseFields(fields: Record<string, string>) {
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const messages: Record<string, string> = {};
  for (const issue of parsed.error.issues) messages[issue.path.join('.') || 'body'] ??= issue.message;
  throw new AppError('VALIDATION_FAILED', Object.values(messages)[0], messages);
}

const errors = errorResponses(400, 401, 403, 404, 503);

/** Whether a request names a vendor it acts for (a member of the vendor's team). */
const actsForVendor = (req: FastifyRequest) => Boolean(req.headers['x-haat-vendor']);

/**
 * Who an image is uploaded as: the caller, or for a member of a vendor's team uploading a product's
 * picture or a shop's logo or banner, the vendor it acts for (its role checked by the vendor guard),
 * so the picture is the vendor's own, as if the owner had uploaded it.
 */
async function uploader(req: FastifyRequest, imageType: string): Promise<{ id: string; role: 'vendor' } | SessionUser> {
  const user = requireUser(req);
  if (!actsForVendor(req)) return user;
  if (imageType === 'product') return { id: await requireVendorAccess(req, 'catalog'), role: 'vendor' };
  if (imageType === 'shop_logo' || imageType === 'shop_banner')
    return { id: await requireVendorAccess(req, 'shops.manage'), role: 'vendor' };
  return user;
}

/** Image uploads: checked by content, re-encoded to WebP, stored under DATA_DIR/uploads or in the S3 bucket. */
export async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app.ctx;
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
  });
  // A guest gets 401 before anything is read.
  app.addHook('onRequest', async (req) => {
    requireUser(req);
  });

  app.post(
    '/api/media',
    {
      schema: {
        tags: ['media'],
        summary: 'Upload an image (multipart: imageType, entityId, file; JPEG, PNG, WebP, GIF or AVIF up to 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: uploadedImageSchema, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const { fields, bytes } = await readUpload(req);
      const input = parseFields(fields);
      const user = await uploader(req, input.imageType);
      if (!bytes || bytes.length === 0) throw badFile(mediaMessages.invalidImage);
      const image = await uploadImage({ db, storage, user, ...input, bytes, jobs: app.ctx.imageJobs });
      return reply.status(201).send(image);
    },
  );

  app.delete(
    '/api/media/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'Remove one of your images (soft delete; its files leave the store)',
        params: z.object({ id: z.uuid({ error: mediaMessages.imageNotFound }) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const userId = actsForVendor(req) ? await requireVendorAccess(req, 'catalog') : requireUser(req).id;
      await deleteImage({ db, storage, userId, imageId: req.params.id });
      return reply.status(204).send(null);
    },
  );
}
