// Restores a backup written by `npm run backup`: `npm run restore -- FILE`, into the empty database of
// DATABASE_URL (as MIGRATION_DATABASE_URL's role when set) or the empty DATA_DIR/db, and the pictures into
// DATA_DIR/uploads. Refuses when either is not empty. docs/backups-and-metrics.md: Backups.
import { resolve } from 'node:path';
import { BackupError, exitOnBackupFailure, restoreBackup, type RestoreTarget } from '../src/server/platform/backup';
import { loadConfig } from '../src/server/platform/config';
import { roleOfUrl } from '../src/server/platform/db';

async function main(): Promise<void> {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) throw new BackupError('Usage: npm run restore -- <backup file>');
  const config = loadConfig();
  const into: RestoreTarget = config.DATABASE_URL
    ? {
        kind: 'postgresql',
        url: config.MIGRATION_DATABASE_URL ?? config.DATABASE_URL,
        ...(config.MIGRATION_DATABASE_URL ? { appRole: roleOfUrl(config.DATABASE_URL) } : {}),
      }
    : { kind: 'pglite', dataDir: resolve(config.DATA_DIR, 'db') };
  const uploadsDir = resolve(config.DATA_DIR, 'uploads');
  const documentsDir = resolve(config.DATA_DIR, 'documents');
  const manifest = await restoreBackup({ file, into, uploadsDir, documentsDir });
  const where = into.kind === 'postgresql' ? 'the database of DATABASE_URL' : into.dataDir;
  console.log(
    `Restored the backup of ${manifest.createdAt} (migration ${manifest.database.migration.tag ?? 'none'}) into ${where}.`,
  );
  console.log(
    manifest.uploads.included
      ? `Pictures: ${manifest.uploads.files} file(s) in ${uploadsDir}.`
      : `The pictures were not in the backup: they stay in the S3 bucket ${manifest.uploads.bucket}.`,
  );
  if (manifest.documents) {
    const d = manifest.documents;
    console.log(
      d.included
        ? `Document PDFs: ${d.files} file(s) in ${documentsDir}.`
        : `The document PDFs were not in the backup: they stay in the S3 bucket ${d.bucket} (documents/).`,
    );
  }
  console.log('Start Haat as usual: it applies any newer migrations.');
}

main().catch((e: unknown) => exitOnBackupFailure('Restore', e));
