// Builds the server into plain JavaScript once (dist/server/main.js), so `npm start` runs it with
// node: no TypeScript compiler at start-up. Packages stay in node_modules.
import { cpSync } from 'node:fs';
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
// The notification templates are plain files, read at run time next to the bundle (notifications.templates.ts).
cpSync('src/server/modules/notifications/templates', 'dist/server/templates', { recursive: true });
console.log('Built the server: dist/server/main.js');
