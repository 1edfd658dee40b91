import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/server/platform/config';
import { copyUploads, createObjectStorage, LocalDiskStorage } from '../src/server/platform/object-storage';

/**
 * `npm run uploads:migrate`: copies the pictures of DATA_DIR/uploads to the bucket the S3_* settings
 * name, skipping those already there, and prints the counts; answers the exit code (1 when any failed).
 */
async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.S3_BUCKET) {
    console.error(
      'Set S3_BUCKET (with S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as the app uses them) to the bucket to copy the pictures to.',
    );
    return 1;
  }
  const from = new LocalDiskStorage(resolve(config.DATA_DIR, 'uploads'));
  const to = await createObjectStorage(config);
  try {
    const { copied, skipped, failed } = await copyUploads(from, to);
    console.log(
      `${from.dir} -> bucket ${config.S3_BUCKET}: ${copied} copied, ${skipped} already there, ${failed.length} failed.`,
    );
    if (failed.length > 0)
      console.error(
        `Not copied (is the store reachable?): ${failed.slice(0, 10).join(', ')}${failed.length > 10 ? ', ...' : ''}. Run it again to copy them.`,
      );
    return failed.length > 0 ? 1 : 0;
  } finally {
    to.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(
      e instanceof ConfigError
        ? e.message
        : `Copying the pictures failed: ${e instanceof Error ? e.message : String(e)}`,
    );
    process.exit(1);
  },
);
