import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One fresh data folder (embedded database + uploads) per run, shared by the main process and workers.
process.env.HAAT_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'haat-e2e-'));
const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;
// Where the server reaches Razorpay's API: a fake that e2e/razorpay.spec.ts starts on this port while it
// runs. Razorpay stays disabled for every other spec, so nothing else calls it.
process.env.E2E_RAZORPAY_PORT ??= String(port + 89);
// A second server for e2e/returns.spec.ts: the main one runs with RETURN_WINDOW_DAYS=0 (points are
// released at once), where nothing can be returned; this one keeps the usual 7-day window.
process.env.E2E_RETURNS_PORT ??= String(port + 1);
process.env.HAAT_E2E_RETURNS_DATA ??= mkdtempSync(join(tmpdir(), 'haat-e2e-returns-'));
const json = process.env.PW_JSON;

/** A test server's environment: its port, its own data folder, and the return window in days. */
function serverEnv(serverPort: number, dataDir: string | undefined, returnWindowDays: string): Record<string, string> {
  return {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir ?? '',
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'superadmin@haat.test',
    ADMIN_PASSWORD: 'Sup3r-Secret-Admin!',
    // The main server: cashback and order points become available as soon as they are due (the referrals
    // journey shows the release).
    RETURN_WINDOW_DAYS: returnWindowDays,
    // Every spec registers and asks for resets from 127.0.0.1 through this one server (about 20
    // registrations a run, over the default 10 an hour): generous limits, as buildTestApp sets.
    REGISTRATIONS_PER_HOUR: '1000',
    PASSWORD_RESETS_PER_HOUR: '1000',
    RAZORPAY_API_BASE: `http://127.0.0.1:${process.env.E2E_RAZORPAY_PORT}`,
  };
}

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: json ? [['list'], ['json', { outputFile: json }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    actionTimeout: 10_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: never a downloaded browser.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined, viewport: { width: 375, height: 740 } },
      grep: /@phone/,
    },
  ],
  webServer: [
    {
      command: 'node dist/server/main.js',
      url: `${baseURL}/api/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: serverEnv(port, process.env.HAAT_E2E_DATA, '0'),
    },
    {
      command: 'node dist/server/main.js',
      url: `http://127.0.0.1:${process.env.E2E_RETURNS_PORT}/api/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: serverEnv(Number(process.env.E2E_RETURNS_PORT), process.env.HAAT_E2E_RETURNS_DATA, '7'),
    },
  ],
});
