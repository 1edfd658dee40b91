import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from './config';

/** One stored object, read as a stream. */
export type StoredObject = { body: Readable; contentType: string; size?: number };

/**
 * Where uploaded pictures live: a folder on this machine, or a bucket of an S3-compatible store.
 * Keys are the server-made file names (`<uuid>.webp`, `<uuid>-thumb.webp`).
 */
export interface ObjectStorage {
  /** Writes an object, replacing one of the same key. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Reads an object; null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Whether an object exists. */
  has(key: string): Promise<boolean>;
  /** Removes objects (at most 1000 at once); missing ones are no error. */
  delete(keys: string[]): Promise<void>;
  /** Lets go of connections (at the app's close). */
  close(): void;
}

/** The store could not be reached or refused the call: callers answer 503 (never a half-written upload). */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('object storage unavailable', { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** The one year, immutable cache every picture is served with: a key never changes content. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The content type of a stored file by its extension (pictures are stored as WebP). */
export const contentTypeOf = (key: string): string =>
  CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/** A key as the server makes them: one file name, no folders, nothing that walks out of the store. */
export const isSafeKey = (key: string): boolean => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(key) && !key.includes('..');

/** Pictures in a folder (DATA_DIR/uploads): the default. */
export class LocalDiskStorage implements ObjectStorage {
  constructor(readonly dir: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, key), bytes);
  }

  async get(key: string): Promise<StoredObject | null> {
    const size = await this.sizeOf(key);
    return size === null
      ? null
      : { body: createReadStream(join(this.dir, key)), contentType: contentTypeOf(key), size };
  }

  async has(key: string): Promise<boolean> {
    return (await this.sizeOf(key)) !== null;
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.filter(isSafeKey).map((k) => rm(join(this.dir, k), { force: true })));
  }

  close(): void {}

  /** The stored files' keys (the folder may not exist yet: none). */
  async list(): Promise<string[]> {
    const entries = await readdir(this.dir, { withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile() && isSafeKey(e.name)).map((e) => e.name);
  }

  private async sizeOf(key: string): Promise<number | null> {
    if (!isSafeKey(key)) return null;
    const s = await stat(join(this.dir, key)).catch(() => null);
    return s?.isFile() ? s.size : null;
  }
}

type S3Settings = Pick<
  Config,
  'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
> & { S3_BUCKET: string };
type WarnLog = { warn: (obj: object, msg: string) => void };
type Sdk = typeof import('@aws-sdk/client-s3');

const isNotFound = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** Pictures in a bucket of an S3-compatible store, through the AWS SDK v3. */
export class S3Storage implements ObjectStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  /** `prefix` puts every key under a folder of the bucket (the documents'); `cacheControl` is stored with each object. */
  constructor(
    private readonly sdk: Sdk,
    settings: S3Settings,
    private readonly log?: WarnLog,
    private readonly place: { prefix: string; cacheControl: string } = { prefix: '', cacheControl: IMMUTABLE_CACHE },
  ) {
    this.bucket = settings.S3_BUCKET;
    this.client = new sdk.S3Client({
      region: settings.S3_REGION,
      endpoint: settings.S3_ENDPOINT,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
      credentials:
        settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
          : undefined,
      // An outage answers within seconds (one retry, short timeouts) instead of holding the upload for a minute.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 1000, requestTimeout: 5000, throwOnRequestTimeout: true },
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    // The cache header is stored with the object, so a public address (S3_PUBLIC_URL) serves it too.
    await this.call(key, () =>
      this.client.send(
        new this.sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: this.place.prefix + key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: this.place.cacheControl,
        }),
      ),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isSafeKey(key)) return null;
    const res = await this.callOrNull(key, () =>
      this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.place.prefix + key })),
    );
    if (!res?.Body) return null;
    return { body: res.Body as Readable, contentType: res.ContentType ?? contentTypeOf(key), size: res.ContentLength };
  }

  async has(key: string): Promise<boolean> {
    return (
      (await this.callOrNull(key, () =>
        this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.place.prefix + key })),
      )) !== null
    );
  }

  async delete(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const res = await this.call(keys.join(','), () =>
      this.client.send(
        new this.sdk.DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.map((key) => ({ Key: this.place.prefix + key })), Quiet: true },
        }),
      ),
    );
    if (res.Errors?.length) this.fail(keys.join(','), res.Errors);
  }

  close(): void {
    this.client.destroy();
  }

  /** Runs one SDK call; a failure is logged and becomes StorageUnavailableError. */
  private async call<T>(key: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (e) {
      return this.fail(key, e);
    }
  }

  /** As call, but a missing object (404) answers null. */
  private async callOrNull<T>(key: string, send: () => Promise<T>): Promise<T | null> {
    try {
      return await send();
    } catch (e) {
      if (isNotFound(e)) return null;
      return this.fail(key, e);
    }
  }

  private fail(key: string, err: unknown): never {
    this.log?.warn({ err, key, bucket: this.bucket }, 'object storage call failed');
    throw new StorageUnavailableError(err);
  }
}

/** The pictures' store for this configuration: the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export async function createObjectStorage(config: Config, log?: WarnLog): Promise<ObjectStorage> {
  // The AWS SDK takes about 0.2 s to load: only when a bucket is configured (a dynamic import stays one in the build).
  if (config.S3_BUCKET)
    return new S3Storage(await import('@aws-sdk/client-s3'), { ...config, S3_BUCKET: config.S3_BUCKET }, log);
  return new LocalDiskStorage(resolve(config.DATA_DIR, 'uploads'));
}

/**
 * Where tax documents' PDFs live, apart from the pictures (which anyone may fetch at /uploads): the
 * folder DATA_DIR/documents, or the `documents/` folder of the S3 bucket (never served from it directly).
 */
export async function createDocumentStorage(config: Config, log?: WarnLog): Promise<ObjectStorage> {
  if (config.S3_BUCKET) {
    const settings = { ...config, S3_BUCKET: config.S3_BUCKET };
    return new S3Storage(await import('@aws-sdk/client-s3'), settings, log, {
      prefix: DOCUMENTS_PREFIX,
      cacheControl: 'private',
    });
  }
  return new LocalDiskStorage(resolve(config.DATA_DIR, DOCUMENTS_DIR));
}

/** The documents' folder in DATA_DIR, and their folder in the S3 bucket. */
export const DOCUMENTS_DIR = 'documents';
const DOCUMENTS_PREFIX = `${DOCUMENTS_DIR}/`;

/** What a copy from DATA_DIR/uploads to a bucket did, file by file. */
export type CopyReport = { copied: number; skipped: number; failed: string[] };

/**
 * Copies every picture of the local folder to another store (`npm run uploads:migrate`), a few at a
 * time; one already there is skipped, so running it again copies only what is missing.
 */
export async function copyUploads(from: LocalDiskStorage, to: ObjectStorage): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, failed: [] };
  const keys = await from.list();
  for (let i = 0; i < keys.length; i += 8) {
    await Promise.all(
      keys.slice(i, i + 8).map(async (key) => {
        try {
          if (await to.has(key)) report.skipped++;
          else {
            await to.put(key, await readFile(join(from.dir, key)), contentTypeOf(key));
            report.copied++;
          }
        } catch {
          report.failed.push(key);
        }
      }),
    );
  }
  return report;
}
