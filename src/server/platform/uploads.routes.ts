import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from './app-error';
import { IMMUTABLE_CACHE, isSafeKey, LocalDiskStorage, StorageUnavailableError } from './object-storage';

const UNAVAILABLE = 'Pictures cannot be shown right now. Please try again in a few minutes.';

/**
 * The pictures at `/uploads/<file>`, the address the database keeps: static files from
 * DATA_DIR/uploads; or, with a bucket, a permanent redirect to S3_PUBLIC_URL when it is set, else
 * the object streamed from the bucket. Every answer is cached for a year: a file name never changes content.
 */
export async function uploadsRoutes(app: FastifyInstance) {
  const { storage, config } = app.ctx;
  if (storage instanceof LocalDiskStorage) {
    // Created now so that /uploads is served even when the first image arrives after start-up.
    mkdirSync(storage.dir, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.dir,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    });
    return;
  }
  const publicUrl = config.S3_PUBLIC_URL;
  app.get('/uploads/:key', { schema: { hide: true } }, async (req, reply) => {
    const { key } = req.params as { key: string };
    if (!isSafeKey(key)) throw notFound();
    if (publicUrl) return reply.header('cache-control', IMMUTABLE_CACHE).redirect(`${publicUrl}/${key}`, 301);
    const object = await storage.get(key).catch((e: unknown) => {
      throw e instanceof StorageUnavailableError ? new AppError('UNAVAILABLE', UNAVAILABLE) : e;
    });
    if (!object) throw notFound();
    reply.header('content-type', object.contentType).header('cache-control', IMMUTABLE_CACHE);
    if (object.size !== undefined) reply.header('content-length', object.size);
    return reply.send(object.body);
  });
}
