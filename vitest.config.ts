import { defineConfig } from 'vitest/config';

// VITEST_JSON=path also writes a JSON report (CI sums the results).
const json = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
  },
});
