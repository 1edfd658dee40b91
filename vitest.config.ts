import { randomInt } from 'node:crypto';
import { configDefaults, defineConfig } from 'vitest/config';

// Two runs (docs/testing.md):
// - npm test (vitest run): every test that needs Node alone, on PGlite (on PostgreSQL when DATABASE_URL is set).
// - npm run test:services (vitest run --mode services): the tests named *.services.test.ts, which need
//   PostgreSQL (DATABASE_URL) or Redis (127.0.0.1:6379, or TEST_REDIS_URL) and fail in one line without
//   them; with DATABASE_URL set, every other test too, on PostgreSQL: the whole API suite on the
//   production database.
const servicesTests = '**/*.services.test.ts';
const allTests = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'];
const webTests = ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'];

export default defineConfig(({ mode }) => {
  const services = mode === 'services';
  // VITEST_JSON=path also writes a JSON report (CI sums the results).
  const json = process.env.VITEST_JSON;
  // The files, and the tests in each file, run in an order shuffled from a seed, so that no test leans on
  // another's leftovers: VITEST_SEED, or a random one. It is printed; the same seed replays the order.
  // Vitest reads this file again for each project (with the default mode): the first reading, the run's own,
  // chooses the seed and prints it, and the projects' readings take the same seed from the environment.
  const fromEnv = process.env.VITEST_SEED ? Number(process.env.VITEST_SEED) : NaN;
  const seed = Number.isSafeInteger(fromEnv) ? fromEnv : randomInt(1, 2 ** 31 - 1);
  if (!process.env.HAAT_VITEST_SEED_SHOWN) {
    const replay = services ? 'npm run test:services' : 'npm test';
    console.log(`Vitest order seed: ${seed} (replay: VITEST_SEED=${seed} ${replay})`);
    process.env.VITEST_SEED = String(seed);
    process.env.HAAT_VITEST_SEED_SHOWN = 'yes';
  }
  // VITEST_MAX_WORKERS=n runs n test files at once; unset, Vitest leaves one core free (one file at a
  // time on a 2-core machine). CI sets 2: the database work of one file overlaps another's.
  const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || undefined;
  const everyTest = !services || !!process.env.DATABASE_URL;
  const exclude = services ? [...configDefaults.exclude] : [...configDefaults.exclude, servicesTests];
  return {
    test: {
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks',
      ...(maxWorkers ? { maxWorkers } : {}),
      sequence: { shuffle: true, seed },
      reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
      // Two projects. The API, domain and contract tests share one module graph per worker (isolate: false):
      // the app is imported once per worker, not once per file (about 6 s a file).
      // Each of those tests builds its own app on its own database copy and keeps no module state between
      // files. The web tests mock modules (vi.mock): each of their files keeps a module graph of its own, and
      // they need no database.
      projects: [
        {
          extends: true,
          test: {
            name: 'api',
            include: everyTest ? allTests : [servicesTests],
            exclude: [...exclude, ...webTests],
            globalSetup: [services ? 'src/server/test/services-setup.ts' : 'src/server/test/global-setup.ts'],
            isolate: false,
          },
        },
        ...(everyTest ? [{ extends: true as const, test: { name: 'web', include: webTests, exclude } }] : []),
      ],
    },
  };
});
