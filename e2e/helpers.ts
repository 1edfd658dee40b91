import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The header every state-changing API call carries (the server's CSRF check). */
export const CSRF = { 'x-requested-with': 'haat' };

let n = 0;
/** A unique email for one run. */
export const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}${n++}@example.in`;

/** No serious or critical accessibility violations on the current page (axe-core). */
export async function expectAccessible(page: Page) {
  // A toast fading in or out is half transparent for 0.4 s, and axe would judge its contrast at that
  // moment: wait until every transition and finite animation on the page has run its course.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((x) => x.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Signs in through the API (for set-up steps that are not the subject of the test). */
export async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/login', { headers: CSRF, data: { email, password } });
  expect(res.status()).toBe(200);
  return res.json();
}
