import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The built app runs on Preact's React compatibility layer (preact/compat, about 11 KB gzipped)
// instead of react-dom (about 63 KB): the code is written, typed and reviewed against React's API,
// and every browser test runs on this build. Why: issue 11's budget of 100 KB of JavaScript for the
// first load of the home, search and product pages (README, "Architecture"). `npm run dev:web` keeps
// React for its Fast Refresh and warnings; WEB_RUNTIME=react npm run build ships React instead.
const preact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// The web app: built into dist/web and served by the Fastify server; `npm run dev:web` proxies the API.
export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  resolve: { alias: command === 'build' && process.env.WEB_RUNTIME !== 'react' ? preact : [] },
  // The manifest lets bench/lighthouse.ts add up the JavaScript each page's first load needs.
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
}));
