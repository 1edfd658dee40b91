import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

// The super admin of the e2e server (playwright.config.ts creates it from ADMIN_EMAIL and ADMIN_PASSWORD).
export const ADMIN = { email: 'superadmin@haat.test', password: 'Sup3r-Secret-Admin!' };
const STEP = 30_000;

/** What an authenticator app would show for this secret, `stepsAhead` periods from now. */
export const codeFor = (secret: string, stepsAhead = 0) =>
  new TOTP({ issuer: 'Haat', algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepsAhead * STEP,
  });

// The authenticator's state is kept in the run's data folder, so that every spec of the run shares
// the secret set up once and never offers a time step the server has already seen.
const stateFile = () => join(process.env.HAAT_E2E_DATA ?? '.', 'e2e-admin-authenticator.json');
type State = { secret: string; last: number };
const readState = (): State | null => {
  try {
    return JSON.parse(readFileSync(stateFile(), 'utf8')) as State;
  } catch {
    return null;
  }
};
const writeState = (s: State) => writeFileSync(stateFile(), JSON.stringify(s));

/** Remembers the secret shown at two-factor setup for the rest of the run. */
export const rememberAdminSecret = (secret: string) => writeState({ secret, last: -1 });

/**
 * A code the server has not seen yet, as an authenticator gives one: each code works once, and the
 * server takes a code only within 2 time steps of now, so after a few codes this waits for time to move on.
 */
export function authenticator(secret: string) {
  return async (page: Page): Promise<string> => {
    for (;;) {
      const state = readState();
      const last = state?.secret === secret ? state.last : -1;
      const now = Date.now();
      const current = Math.floor(now / STEP);
      const step = Math.max(last + 1, current - 1);
      if (step <= current + 1) {
        writeState({ secret, last: step });
        return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
          timestamp: step * STEP + STEP / 2,
        });
      }
      await page.waitForTimeout((current + 1) * STEP - now + 250);
    }
  };
}

export async function credentials(page: Page) {
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs the super admin in at /admin/login, setting two-factor up if this run has not yet; answers the authenticator for step-up codes. */
export async function signInAdmin(page: Page) {
  await page.goto('/admin/login');
  await credentials(page);
  const setupKey = page.getByLabel('Secret key');
  const codeStep = page.getByText('Two-factor authentication is on for this account.');
  await expect(setupKey.or(codeStep)).toBeVisible();
  let secret: string;
  if (await setupKey.isVisible()) {
    secret = ((await setupKey.textContent()) ?? '').trim();
    rememberAdminSecret(secret);
    const next = authenticator(secret);
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(await next(page));
    await page.getByRole('button', { name: 'Verify & Finish Setup' }).click();
  } else {
    const state = readState();
    if (!state) throw new Error('The super admin has two-factor set up, but this run does not know its secret');
    secret = state.secret;
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(await authenticator(secret)(page));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return authenticator(secret);
}

/** Confirms a sensitive action in its step-up dialog: the authenticator's code, then 'Verify & Proceed'. */
export async function confirmWithCode(dialog: Locator, code: string) {
  await dialog.getByRole('textbox', { name: 'Authentication code' }).fill(code);
  await dialog.getByRole('button', { name: 'Verify & Proceed' }).click();
}
