// `npm run documents:render`: gives every issued tax document and commission document that has no
// PDF yet its PDF, rendered once and stored where Haat keeps them (DATA_DIR/documents, or the
// bucket's documents/ folder), with the progress printed. Idempotent: a document that has its PDF is
// left as it is. Haat does the same at every start; on the embedded database Haat must be stopped first.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderMissingDocumentPdfs } from '../src/server/modules/settlement';
import { embeddedDatabaseInUse } from '../src/server/platform/backup';
import { ConfigError, loadConfig } from '../src/server/platform/config';
import { migrateForApp, openDatabase } from '../src/server/platform/db';
import { createDocumentStorage } from '../src/server/platform/object-storage';

class RenderError extends Error {}

async function main(): Promise<number> {
  const config = loadConfig();
  const dbDir = resolve(config.DATA_DIR, 'db');
  if (!config.DATABASE_URL && existsSync(resolve(dbDir, 'PG_VERSION')) && embeddedDatabaseInUse(dbDir)) {
    throw new RenderError(
      `The embedded database (${dbDir}) is open: stop Haat first (it renders missing PDFs itself at start).`,
    );
  }
  const database = await openDatabase(config);
  const documents = await createDocumentStorage(config);
  try {
    await migrateForApp(database, config);
    const log = { info: (msg: string) => console.log(msg), error: (msg: string) => console.error(msg) };
    const { queued, rendered, retried } = await renderMissingDocumentPdfs({ db: database.db, storage: documents, log });
    if (queued === 0 && rendered === 0) console.log('Every document has its PDF.');
    return retried > 0 ? 1 : 0;
  } finally {
    documents.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(
      e instanceof ConfigError || e instanceof RenderError
        ? e.message
        : `Rendering the PDFs failed: ${e instanceof Error ? e.message : String(e)}`,
    );
    process.exit(1);
  },
);
