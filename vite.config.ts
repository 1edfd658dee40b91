import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app: built into dist/web and served by the Fastify server; `npm run dev:web` proxies the API.
// One runtime everywhere: development, the unit tests, the build and the browser tests all run React DOM.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The manifest lets bench/lighthouse.ts add up the JavaScript each page's first load needs.
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
});
