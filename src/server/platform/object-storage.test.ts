import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadPort, startLocalS3, type LocalS3 } from '../test/s3';
import { loadConfig } from './config';
import {
  createObjectStorage,
  isSafeKey,
  LocalDiskStorage,
  StorageUnavailableError,
  type ObjectStorage,
} from './object-storage';

// The two stores behind one interface answer alike: the folder (default) and an S3 bucket (s3rver).

let dir: string;
let s3: LocalS3;
const stores: Record<string, ObjectStorage> = {};
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'haat-store-'));
  s3 = await startLocalS3('haat-store-test');
  stores.local = await createObjectStorage(loadConfig({ DATA_DIR: dir }));
  stores.s3 = await createObjectStorage(loadConfig({ DATA_DIR: dir, ...s3.env }));
});
afterAll(async () => {
  for (const store of Object.values(stores)) store.close();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(['local', 's3'])('%s storage', (name) => {
  it('puts, reads back, tells what it has and deletes', async () => {
    const store = stores[name];
    const key = `${crypto.randomUUID()}.webp`;
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from('pretend webp'), 'image/webp');
    expect(await store.has(key)).toBe(true);
    const object = await store.get(key);
    expect(object).toMatchObject({ contentType: 'image/webp', size: 12 });
    expect(await text(object!.body)).toBe('pretend webp');
    await store.delete([key, `${crypto.randomUUID()}.webp`]);
    expect(await store.has(key)).toBe(false);
  });

  it('finds nothing under a name that is not a stored file', async () => {
    for (const key of ['../secret', '.env', 'a/b.webp', '']) expect(await stores[name].get(key), key).toBeNull();
  });
});

describe('settings, keys and failures', () => {
  it('stops with one clear line for half an S3 configuration', () => {
    expect(() => loadConfig({ S3_BUCKET: 'haat', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'Configuration error: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      'Configuration error: S3_BUCKET is needed when S3_ENDPOINT, S3_ACCESS_KEY_ID or S3_PUBLIC_URL is set',
    );
    expect(() => loadConfig({ S3_BUCKET: 'haat', S3_PUBLIC_URL: 'pictures.haat.in' })).toThrow(
      'Configuration error: S3_PUBLIC_URL must be a URL',
    );
    expect(loadConfig({ S3_BUCKET: 'haat', S3_PUBLIC_URL: 'https://cdn.haat.in/pictures/' })).toMatchObject({
      S3_PUBLIC_URL: 'https://cdn.haat.in/pictures',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
  });

  it('keeps the local store in DATA_DIR/uploads', () => {
    expect((stores.local as LocalDiskStorage).dir).toBe(join(dir, 'uploads'));
    expect(isSafeKey('0b6c2f3e-9d1a-4a57-8c1e-2f4b5a6d7e8f-thumb.webp')).toBe(true);
  });

  it('turns an unreachable bucket into StorageUnavailableError', async () => {
    const down = await createObjectStorage(
      loadConfig({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await deadPort()}` }),
    );
    try {
      await expect(down.put('a.webp', Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(down.get('a.webp')).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      down.close();
    }
  });
});
