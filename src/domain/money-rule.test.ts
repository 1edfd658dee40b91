import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Points, paise and rupees convert only through src/domain/money.ts. This scan finds a bare
// `* 100`, `/ 100`, `100 *` or `100 /` anywhere else in src/ (tests aside); the few that are not money
// are listed below, each with its reason and the text of its line.

const root = join(__dirname, '..');

type Allowed = { file: string; line: string; reason: string };
const allowed: Allowed[] = [
  {
    file: 'domain/cashback.ts',
    line: 'Math.round(percentage * 100)',
    reason: 'the cashback percentage in hundredths of a percent, for integer arithmetic',
  },
  {
    file: 'domain/pricing.ts',
    line: 'Math.round(rewardPercentage * 100)',
    reason: 'the reward percentage in basis points, for integer arithmetic',
  },
  {
    file: 'domain/timesheet-hours.ts',
    line: 'Math.round((span / 60) * 100) / 100',
    reason: 'hours rounded to two decimals',
  },
  {
    file: 'server/seed/demo-images.ts',
    line: 'const a = (s / 100) * Math.min(l / 100, 1 - l / 100)',
    reason: 'HSL saturation and lightness percentages of a demo image colour',
  },
  {
    file: 'server/seed/demo-images.ts',
    line: 'const c = l / 100',
    reason: 'HSL lightness percentage of a demo image colour',
  },
  { file: 'web/ui/Slider.tsx', line: '/ span) * 100', reason: 'how much of the track is filled, in percent' },
  {
    file: 'web/ui/StarRating.tsx',
    line: 'width: `${fill * 100}%`',
    reason: 'how much of a star is filled, in percent',
  },
  { file: 'web/api/upload-image.ts', line: '(e.loaded / e.total) * 100', reason: 'upload progress in percent' },
];

/** A bare hundred multiplied or divided by (not 1000, 100_000 or 100.5). */
const bareHundred = /(?:[*/]\s*100(?![\w.])|(?<![\w.])100\s*[*/](?![*/]))/;

/** The code of a source file, line by line, with comments blanked out (so line numbers stay). */
function codeLines(source: string): string[] {
  const withoutBlocks = source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  return withoutBlocks.split('\n').map((l) => (l.trimStart().startsWith('//') ? '' : l.replace(/\s\/\/\s.*$/, '')));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every line of src/ (outside money.ts and the tests) with a bare hundred: `file:line: text`, and whether it is allowed. */
function bareHundreds() {
  return sourceFiles(root)
    .map((path) => relative(root, path).split('\\').join('/'))
    .filter((file) => file !== 'domain/money.ts')
    .flatMap((file) =>
      codeLines(readFileSync(join(root, file), 'utf8')).flatMap((text, i) => {
        if (!bareHundred.test(text)) return [];
        const allowedBy = allowed.find((a) => a.file === file && text.includes(a.line));
        return [{ where: `${file}:${i + 1}: ${text.trim()}`, allowedBy }];
      }),
    );
}

describe('money converts only through domain/money.ts', () => {
  it('finds a bare * 100 or / 100 and nothing else', () => {
    const found = [
      'points * 100',
      'w.amountPaise / 100',
      '100 * rupees',
      'paise/100',
      'x*100',
      'formatRupees(Math.round(n * 100))',
    ];
    expect(found.filter((t) => !bareHundred.test(t))).toEqual([]);
    const notFound = ['x * 1000', 'n / 100_000', 'r * 100.5', 'Math.min(100, p)', 'count >= 100', '1_100 * x'];
    expect(notFound.filter((t) => bareHundred.test(t))).toEqual([]);
    expect(codeLines('a; // x * 100\n/* y / 100 */ b\n  // z * 100').filter((l) => bareHundred.test(l))).toEqual([]);
  });

  it('has no bare * 100 or / 100 in src/ outside money.ts, except the listed ones that are not money', () => {
    expect(
      bareHundreds()
        .filter((h) => !h.allowedBy)
        .map((h) => h.where),
    ).toEqual([]);
  });

  it('lists only exceptions that still exist, each with a reason', () => {
    const used = new Set(bareHundreds().flatMap((h) => (h.allowedBy ? [h.allowedBy] : [])));
    expect(allowed.filter((a) => !used.has(a)).map((a) => `${a.file}: ${a.line}`)).toEqual([]);
    expect(allowed.filter((a) => a.reason.trim().length < 10)).toEqual([]);
  });
});
