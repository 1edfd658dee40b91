import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { CSRF, mailedLinkFor, uniqueEmail } from './helpers';

// The super admin of the e2e server (playwright.config.ts creates it from ADMIN_EMAIL and ADMIN_PASSWORD).
export const ADMIN = { email: 'superadmin@haat.test', password: 'Sup3r-Secret-Admin!' };
const STEP = 30_000;

/** What an authenticator app would show for this secret, `stepsAhead` periods from now. */
export const codeFor = (secret: string, stepsAhead = 0) =>
  new TOTP({ issuer: 'Haat', algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepsAhead * STEP,
  });

// The authenticator's state is kept in the run's data folder, so that every spec of the run shares
// the super admin's secret set up once, and never offers a time step the server has already seen for
// a secret (the super admin's, or a staff member's a story enrolled).
const stateFile = () => join(process.env.HAAT_E2E_DATA ?? '.', 'e2e-admin-authenticator.json');
type State = { secret: string; last: Record<string, number> };
const readState = (): State | null => {
  try {
    return JSON.parse(readFileSync(stateFile(), 'utf8')) as State;
  } catch {
    return null;
  }
};
const writeState = (s: State) => writeFileSync(stateFile(), JSON.stringify(s));

/** Remembers the super admin's secret shown at two-factor setup for the rest of the run. */
export const rememberAdminSecret = (secret: string) => writeState({ secret, last: readState()?.last ?? {} });

/** How many time steps either side of now the server takes an admin's code (ADMIN_TOTP_WINDOW). */
const SERVER_WINDOW = 2;
/** Time for a code to reach the server: a step that ends sooner than this is not offered. */
const IN_FLIGHT_MS = 10_000;

/**
 * A code the server has not seen yet, as an authenticator gives one: each code works once, and the
 * server takes a code only within 2 time steps of now (a past step while it has not yet slid out of
 * that window, or a coming one), so after a few codes this waits for time to move on.
 */
export function authenticator(secret: string) {
  return async (page: Page): Promise<string> => {
    for (;;) {
      const state = readState() ?? { secret: '', last: {} };
      const last = state.last[secret] ?? -1;
      const now = Date.now();
      const current = Math.floor(now / STEP);
      const oldest = now % STEP < STEP - IN_FLIGHT_MS ? current - SERVER_WINDOW : current - SERVER_WINDOW + 1;
      const step = Math.max(last + 1, oldest);
      if (step <= current + SERVER_WINDOW) {
        writeState({ ...state, last: { ...state.last, [secret]: step } });
        return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
          timestamp: step * STEP + STEP / 2,
        });
      }
      const wait = (current + 1) * STEP - now + 250;
      // Printed so that a run's report shows how long the stories wait on the authenticator.
      console.log(`authenticator: every code until the next time step is used; waiting ${Math.round(wait / 1000)} s`);
      await page.waitForTimeout(wait);
    }
  };
}

export async function credentials(page: Page) {
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

// The super admin's session cookie, kept in the run's data folder: a story that only needs the super
// admin signed in reuses the session an earlier story opened (as a person stays signed in for the day),
// so that the authenticator's codes, one per 30-second step, go to the actions that need them.
// e2e/admin.spec.ts is the sign-in's own story and signs in itself.
const SESSION_COOKIE = 'haat_admin_session';
const sessionFile = () => join(process.env.HAAT_E2E_DATA ?? '.', 'e2e-admin-session.json');
type SavedCookie = Parameters<ReturnType<Page['context']>['addCookies']>[0][number];
const readSession = (): SavedCookie[] | null => {
  try {
    return JSON.parse(readFileSync(sessionFile(), 'utf8')) as SavedCookie[];
  } catch {
    return null;
  }
};

/** Opens the admin dashboard on the run's saved super-admin session, if there is one the server still takes. */
async function reuseSession(page: Page, secret: string | undefined): Promise<boolean> {
  const saved = readSession();
  if (!secret || !saved) return false;
  await page.context().addCookies(saved);
  const session = await page.request.get('/api/admin/session');
  if (session.ok() && ((await session.json()) as { email: string }).email === ADMIN.email) {
    // As after signing in: on the dashboard's address; each story waits for what it uses there.
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    return true;
  }
  await page.context().clearCookies({ name: SESSION_COOKIE });
  return false;
}

/**
 * Signs the super admin in: on the run's saved session when the server still takes it, otherwise at
 * /admin/login, setting two-factor up if this run has not yet; answers the authenticator for step-up codes.
 */
export async function signInAdmin(page: Page) {
  const known = readState()?.secret;
  if (known && (await reuseSession(page, known))) return authenticator(known);
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
    if (!state?.secret) throw new Error('The super admin has two-factor set up, but this run does not know its secret');
    secret = state.secret;
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(await authenticator(secret)(page));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const cookies = (await page.context().cookies()).filter((c) => c.name === SESSION_COOKIE);
  writeFileSync(sessionFile(), JSON.stringify(cookies));
  return authenticator(secret);
}

/** Confirms a sensitive action in its step-up dialog: the authenticator's code, then 'Verify & Proceed'. */
export async function confirmWithCode(dialog: Locator, code: string) {
  await dialog.getByRole('textbox', { name: 'Authentication code' }).fill(code);
  await dialog.getByRole('button', { name: 'Verify & Proceed' }).click();
}

/**
 * A new staff member with one built-in role (by its name, e.g. 'Catalog'): the owner signed in on `owner`
 * invites them with a fresh code; they accept the emailed link and enrol their own authenticator through
 * the API, which signs them in on `request`; answers their authenticator's next code (set-up steps for
 * stories about something else: e2e/staff.spec.ts is the invitation's own story).
 */
export async function newStaffMember(
  owner: Page,
  nextCode: (page: Page) => Promise<string>,
  request: APIRequestContext,
  roleName: string,
): Promise<{ email: string; name: string; nextCode: (page: Page) => Promise<string> }> {
  const email = uniqueEmail(roleName.toLowerCase());
  const name = `Asha ${roleName}`;
  const { roles } = (await (await owner.request.get('/api/admin/staff')).json()) as {
    roles: { id: string; name: string }[];
  };
  const role = roles.find((r) => r.name === roleName);
  expect(role, `a built-in role named ${roleName}`).toBeDefined();
  const invited = await owner.request.post('/api/admin/staff/invites', {
    headers: CSRF,
    data: { email, roleIds: [role!.id], code: await nextCode(owner) },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = /\/admin\/invite\?token=[0-9a-f]{64}/;
  await expect.poll(() => mailedLinkFor(email, link), { timeout: 30_000 }).not.toBeNull();
  const token = mailedLinkFor(email, link)!.split('token=')[1];
  const password = 'staff-secret-1';
  const accepted = await request.post(`/api/admin/invites/${token}/accept`, {
    headers: CSRF,
    data: { name, password, confirmPassword: password },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const setup = await request.post('/api/admin/2fa/setup', { headers: CSRF });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const theirCode = authenticator(secret);
  const verified = await request.post('/api/admin/2fa/verify', {
    headers: CSRF,
    data: { code: await theirCode(owner) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { email, name, nextCode: theirCode };
}
