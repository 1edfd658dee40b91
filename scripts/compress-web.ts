// Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the built web app above
// 1 KB, so the server sends them as they are instead of compressing on each request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (compressible.test(entry.name)) yield path;
  }
}

/** Compresses the text files of `root` above 1 KB ahead of time; answers how many and their sizes. */
export async function compressTree(root: string): Promise<{ count: number; bytes: number; brotliBytes: number }> {
  const total = { count: 0, bytes: 0, brotliBytes: 0 };
  for await (const path of files(root)) {
    if ((await stat(path)).size < 1024) continue;
    const body = await readFile(path);
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    await writeFile(`${path}.br`, br);
    await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
    total.count += 1;
    total.bytes += body.length;
    total.brotliBytes += br.length;
  }
  return total;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { count, bytes, brotliBytes } = await compressTree(fileURLToPath(new URL('../dist/web', import.meta.url)));
  console.log(
    `Compressed ${count} files of the web app: ${(bytes / 1024).toFixed(0)} KB, ${(brotliBytes / 1024).toFixed(0)} KB with brotli.`,
  );
}
