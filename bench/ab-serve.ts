/**
 * One side of bench/ab.ts: the API of the source tree AB_ROOT (this repository when unset) on the `haat_bench`
 * database of `npm run bench`, without its catalog cache, on a local port. Forked by bench/ab.ts, it sends back
 * its address and the sample product's id, and serves until it is told to stop. The tree's own bench helpers
 * build the API, so that an older commit runs as it did.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(process.env.AB_ROOT ?? join(import.meta.dirname, '..'));
const from = (file: string) => import(pathToFileURL(join(root, file)).href);
const { openCountingPostgres } = await from('bench/counting-db.ts');
const { benchApi, listen } = await from('bench/load.ts');
const { readSeeded } = await from('bench/seed.ts');

const counting = await openCountingPostgres(process.env.DATABASE_URL, { reuse: true, name: 'haat_bench' });
if (!counting.reused) throw new Error('haat_bench: run npm run bench first');
const seeded = await readSeeded(counting.database.db);
const dataDir = mkdtempSync(join(tmpdir(), 'haat-bench-ab-'));
const app = await benchApi(counting.database, dataDir, { catalogCache: false });
const base: string = await listen(app);
process.send!({ base, productId: seeded.sampleProductId });
process.once('message', async () => {
  await app.close();
  await counting.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
