import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export type LocalS3 = {
  /** The S3_* settings that point the app at this server's bucket. */
  env: Record<string, string>;
  /** A client of its own, to look into the bucket. */
  client: S3Client;
  bucket: string;
  /** The stored object's content type and cache header, or null when there is none. */
  head: (key: string) => Promise<{ contentType?: string; cacheControl?: string } | null>;
  close: () => Promise<void>;
};

/** An S3-compatible server (s3rver) on a free local port, with one empty bucket, in a folder of its own. */
export async function startLocalS3(bucket = 'haat-pictures'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'haat-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const head = async (key: string) => {
    try {
      const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { contentType: res.ContentType, cacheControl: res.CacheControl };
    } catch (e) {
      if ((e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw e;
    }
  };
  return {
    env,
    client,
    bucket,
    head,
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A local port nothing listens on (taken and let go again): a store that is down. */
export async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
