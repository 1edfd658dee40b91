import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/modules/*/*.tables.ts', './src/server/platform/*.tables.ts'],
  out: './migrations',
});
