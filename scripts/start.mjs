// `npm start`: builds the web app and the server when the build is missing or older than the
// sources, then runs the built server with node.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outputs = ['dist/web/index.html', 'dist/server/main.js'];
const sources = [
  'src',
  'index.html',
  'public',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build-server.mjs',
  'scripts/compress-web.ts',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), info.mtimeMs);
}

const builtAt = Math.min(...outputs.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
if (builtAt === 0 || sources.some((s) => newest(s) > builtAt)) {
  console.log('Building Haat (the web app and the server)...');
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
await import(join(process.cwd(), 'dist/server/main.js'));
