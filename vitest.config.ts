import { defineConfig } from 'vitest/config';

// VITEST_JSON=path also writes a JSON report (CI sums the results).
const json = process.env.VITEST_JSON;
// VITEST_SEED=n runs the files, and the tests in each file, in an order shuffled from that seed (CI
// sets one, so that no test leans on another's leftovers); Vitest prints it, and the same number replays the order.
const seed = process.env.VITEST_SEED ? Number(process.env.VITEST_SEED) : undefined;
// VITEST_MAX_WORKERS=n runs n test files at once; unset, Vitest leaves one core free (one file at a
// time on a 2-core machine). CI sets 2: the database work of one file overlaps another's.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || undefined;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    ...(maxWorkers ? { maxWorkers } : {}),
    ...(seed !== undefined && Number.isFinite(seed) ? { sequence: { shuffle: true, seed } } : {}),
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
  },
});
