import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every relative link in README.md and docs/*.md leads to a file that exists, and a link to a
// heading of a markdown file (#anchor) to a heading that exists, by GitHub's slug rule.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docs = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md'));
const files = ['README.md', ...docs.map((f) => `docs/${f}`)];

/** GitHub's anchor for a heading: lower-case, punctuation removed, each space a hyphen. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a markdown file's headings; a repeated heading gets -1, -2, ... as on GitHub. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = slugOf(m[1].replace(/`/g, ''));
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** The targets of the inline links and images of a markdown text, outside code blocks and spans. */
function linksOf(text: string): string[] {
  const links: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const prose = line.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push(m[1]);
  }
  return links;
}

const isRelative = (target: string) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('//');

describe('links in README.md and docs/', () => {
  it('finds the documents', () => {
    expect(files).toContain('README.md');
    expect(files.length).toBeGreaterThan(1);
  });

  it('gives GitHub slugs', () => {
    expect(slugOf('Database roles (PostgreSQL in production)')).toBe('database-roles-postgresql-in-production');
    expect(slugOf('What works today, and what is still being built')).toBe(
      'what-works-today-and-what-is-still-being-built',
    );
    expect(slugOf('Security and money rules, and the tests that prove them')).toBe(
      'security-and-money-rules-and-the-tests-that-prove-them',
    );
  });

  for (const file of files) {
    it(`${file}: every relative link resolves to a file, and every #anchor to a heading`, () => {
      const text = readFileSync(join(root, file), 'utf8');
      const broken: string[] = [];
      for (const target of linksOf(text).filter(isRelative)) {
        const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
        const path = pathPart === '' ? join(root, file) : resolve(join(root, dirname(file)), decodeURI(pathPart));
        if (!existsSync(path)) {
          broken.push(`${target} (no file)`);
          continue;
        }
        if (anchor !== undefined && path.endsWith('.md') && !anchorsOf(readFileSync(path, 'utf8')).has(anchor)) {
          broken.push(`${target} (no heading)`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});
