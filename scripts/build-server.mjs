// Builds the server into plain JavaScript once (dist/server/main.js), so `npm start` runs it with
// node: no TypeScript compiler at start-up. Packages stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('Built the server: dist/server/main.js');
