import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error';
import { freshCode, signInSuperAdmin } from '../../test/admin';
import { buildTestApp, type TestApp } from '../../test/app';
import { systemLogs } from '../audit/audit.tables';
import { adminAccounts } from '../auth/auth.tables';
import { csvFileName, requireFreshCode } from './admin.step-up';

// The guard itself, called as a route handler would call it: what it does with the change's audit
// entries, with a change that fails, and with a handler that forgets to spend the code.

let t: TestApp;
let secret: string;
let admin: { id: string; email: string };
beforeAll(async () => {
  t = await buildTestApp();
  ({ secret } = await signInSuperAdmin(t));
  const [row] = await t.db.select({ id: adminAccounts.id, email: adminAccounts.email }).from(adminAccounts);
  admin = row;
});
afterAll(() => t.close());

/** What a route hands the guard: the request of the signed-in admin with the body's code, and the reply. */
function call(code: string | undefined, url = '/api/admin/test') {
  const req = {
    server: t.app,
    admin,
    body: { code },
    method: 'POST',
    url,
    routeOptions: { url },
    ip: '10.53.0.1',
    headers: { 'user-agent': 'step-up test' },
  } as unknown as FastifyRequest;
  const reply = { header: () => reply } as unknown as FastifyReply;
  return { req, reply };
}
const lastStep = async () =>
  (await t.db.select({ s: adminAccounts.lastTotpStep }).from(adminAccounts).where(eq(adminAccounts.id, admin.id)))[0].s;

describe('requireFreshCode', () => {
  it("writes each audit entry the change answers, as the admin from the request's address, and answers the change's result", async () => {
    const { req, reply } = call(await freshCode(t, secret), '/api/admin/test/audited');
    const result = await requireFreshCode(req, reply, (sensitiveTx) =>
      sensitiveTx(async (_tx, who) => ({
        result: `done by ${who.email}`,
        audit: [
          { action: 'test_first', resourceType: 'test', resourceId: 'a', newData: { n: 1 } },
          { action: 'test_second', resourceType: 'test', resourceId: null },
        ],
      })),
    );
    expect(result).toBe(`done by ${admin.email}`);
    const rows = await t.db.select().from(systemLogs).where(eq(systemLogs.resourceType, 'test'));
    expect(
      rows.map((r) => [r.action, r.resourceId, r.newData, r.actorType, r.actorId, r.ipAddress, r.userAgent, r.origin]),
    ).toEqual([
      ['test_first', 'a', { n: 1 }, 'admin', admin.id, '10.53.0.1', 'step-up test', 'admin_panel'],
      ['test_second', null, null, 'admin', admin.id, '10.53.0.1', 'step-up test', 'admin_panel'],
    ]);
  });

  it('gives the code back when the change fails, and writes no audit entry', async () => {
    const code = await freshCode(t, secret);
    const before = await lastStep();
    const logsBefore = await t.db.select({ id: systemLogs.id }).from(systemLogs);
    const failing = call(code, '/api/admin/test/failing');
    await expect(
      requireFreshCode(failing.req, failing.reply, (sensitiveTx) =>
        sensitiveTx(async () => {
          throw new AppError('CONFLICT', 'Already done');
        }),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await lastStep()).toBe(before);
    expect(await t.db.select({ id: systemLogs.id }).from(systemLogs)).toEqual(logsBefore);

    // The same code then serves the action once.
    const retry = call(code);
    await requireFreshCode(retry.req, retry.reply, (sensitiveTx) =>
      sensitiveTx(async () => ({ audit: { action: 'test_retry', resourceType: 'retry', resourceId: null } })),
    );
    expect(await t.db.select().from(systemLogs).where(eq(systemLogs.resourceType, 'retry'))).toHaveLength(1);
  });

  it('refuses a handler that answers without spending the code (a route that forgot its change), and spends nothing', async () => {
    const code = await freshCode(t, secret);
    const { req, reply } = call(code, '/api/admin/test/forgetful');
    await expect(requireFreshCode(req, reply, async () => 'answered')).rejects.toThrow(
      'POST /api/admin/test/forgetful answered without spending its fresh code',
    );
    expect(await lastStep()).toBeNull();
  });
});

describe('CSV file names', () => {
  it('are dated in India: an export at 03:16 IST on 26 November is named 26 November (it is still the 25th in UTC)', () => {
    expect(csvFileName('users', new Date('2026-11-25T21:46:00Z'))).toBe('haat-users-2026-11-26.csv');
    expect(csvFileName('users', new Date('2026-11-26T18:29:00Z'))).toBe('haat-users-2026-11-26.csv');
    expect(csvFileName('users', new Date('2026-11-26T18:31:00Z'))).toBe('haat-users-2026-11-27.csv');
  });
});
