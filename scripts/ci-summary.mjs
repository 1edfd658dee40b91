// Sums the JSON reports of Vitest and Playwright, plus failed steps that ran no tests, into one line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.ci/out';
let passed = 0;
let failed = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const r = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if ('numPassedTests' in r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    console.log(`${file}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  } else if (r.stats) {
    const p = r.stats.expected + (r.stats.flaky ?? 0);
    const f = r.stats.unexpected;
    passed += p;
    failed += f;
    console.log(`${file}: ${p} passed, ${f} failed`);
  }
}
const steps = existsSync(join(dir, 'failed-steps'))
  ? readFileSync(join(dir, 'failed-steps'), 'utf8').trim().split('\n').filter(Boolean)
  : [];
for (const s of steps) console.log(`failed step: ${s}`);
// A failed step is at least one failure, even when its runner reported none (lint, typecheck, build).
failed = Math.max(failed, steps.length);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
