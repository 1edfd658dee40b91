// Writes a backup of the store: `npm run backup [-- --out FILE]` (default DATA_DIR/backups/haat-backup-<time>.tar).
// On PostgreSQL (DATABASE_URL) it runs pg_dump, as MIGRATION_DATABASE_URL's role when set; on the embedded
// database Haat must be stopped first. docs/backups-and-metrics.md: Backups.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  BackupError,
  exitOnBackupFailure,
  defaultBackupPath,
  documentsAt,
  embeddedDatabaseInUse,
  fileSize,
  picturesAt,
  writeBackup,
} from '../src/server/platform/backup';
import { loadConfig } from '../src/server/platform/config';
import { openDatabase } from '../src/server/platform/db';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  const out = resolve(values.out ?? defaultBackupPath(config.DATA_DIR));
  const dbDir = resolve(config.DATA_DIR, 'db');
  if (!config.DATABASE_URL && !existsSync(resolve(dbDir, 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${dbDir}: check DATA_DIR (or set DATABASE_URL).`);
  if (!config.DATABASE_URL && embeddedDatabaseInUse(dbDir)) {
    throw new BackupError(
      `The embedded database (${dbDir}) is open: stop Haat first, then back up (if Haat is not running, it did not stop cleanly: start it and stop it once).`,
    );
  }
  const pictures = picturesAt(config);
  const pgUrl = config.MIGRATION_DATABASE_URL ?? config.DATABASE_URL;
  const database = await openDatabase(pgUrl ? { DATABASE_URL: pgUrl, DATA_DIR: config.DATA_DIR } : config);
  try {
    const manifest = await writeBackup({ database, pgUrl, pictures, documents: documentsAt(config), out });
    const pdfs = manifest.documents?.included ? `, ${manifest.documents.files} document PDF(s)` : '';
    const what = `${manifest.uploads.included ? `${manifest.uploads.files} picture file(s)` : 'no pictures'}${pdfs}`;
    console.log(
      `Backup written: ${out} (${await fileSize(out)}; ${manifest.database.kind} database at migration ${manifest.database.migration.tag ?? 'none'}, ${what}).`,
    );
    if (!manifest.uploads.included) {
      console.log(
        `The pictures and the documents' PDFs are in the S3 bucket ${manifest.uploads.bucket} and are not in this file: back the bucket up with its own tools (versioning or replication).`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => exitOnBackupFailure('Backup', e));
