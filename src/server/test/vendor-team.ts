import { sql } from 'drizzle-orm';
import type { VendorMemberRole } from '../../domain/vendor-team';
import { queryRows } from '../platform/db';
import { TestClient, type TestApp } from './app';

let ip = 0;
/** A browser of its own address, so no sign-in or invitation limit is shared between clients of a file. */
export const teamBrowser = (t: TestApp, block: number) =>
  new TestClient(t.app, `10.${block}.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);

/** The token of the newest invitation emailed to an address, read from the notifications outbox. */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const [row] = await queryRows<{ token: string }>(
    t.db,
    sql`select data->>'token' as token from notification_emails
        where kind = 'vendor-team-invite' and lower(to_email) = ${email.toLowerCase()}
        order by created_at desc limit 1`,
  );
  if (!row) throw new Error(`no invitation in the outbox for ${email}`);
  return row.token;
}

/**
 * The owner invites a new person with a role; the person makes an account from the link and signs
 * in. Answers the member's signed-in client (its requests name the vendor in X-Haat-Vendor) and email.
 */
export async function newMember(
  t: TestApp,
  owner: TestClient,
  vendorUserId: string,
  role: VendorMemberRole,
  block: number,
): Promise<{ client: VendorClient; email: string; userId: string }> {
  const email = `member.${role}.${Date.now().toString(36)}${ip}@example.in`;
  const invited = await owner.post('/api/vendor/team/invites', { email, role });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const token = await invitationToken(t, email);
  const browser = teamBrowser(t, block);
  const joined = await browser.post('/api/team-invites/register', {
    token,
    firstName: 'Meera',
    lastName: 'Iyer',
    password: 'member-pass-1',
    confirmPassword: 'member-pass-1',
  });
  if (joined.statusCode !== 201) throw new Error(`joining failed: ${joined.statusCode} ${joined.body}`);
  const login = await browser.post('/api/auth/login', { email, password: 'member-pass-1' });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  const me = (await browser.get('/api/me')).json<{ id: string }>();
  return { client: new VendorClient(browser, vendorUserId), email, userId: me.id };
}

/** A member's browser acting for one vendor: every request names it, as the web client does. */
export class VendorClient {
  constructor(
    readonly browser: TestClient,
    public vendorUserId: string,
  ) {}
  request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
    return this.browser.request(method, url, body, { 'x-haat-vendor': this.vendorUserId });
  }
}
