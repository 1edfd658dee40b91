import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpMessages as m } from '../../../contracts/erp.contract';
import { totpCode } from '../../platform/totp';
import { buildTestApp, type TestApp } from '../../test/app';
import { erpBrowser, signedInEmployee } from '../../test/erp';

// The employee's settings — two-factor set up, turned on and off with a code,
// a password change that ends the other sessions, and the contact details.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// Codes of three steps in a row, inside the tolerance of one step either side: each step is taken once.
const previousCode = (secret: string) => totpCode(secret, Date.now() - 30_000);
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

describe('two-factor from the settings', () => {
  it('is enabled only after a valid code from the secret set up, then asked at sign-in; replays are refused', async () => {
    const me = await signedInEmployee(t);
    const early = await me.client.post('/api/erp/settings/2fa/enable', { code: '123456' });
    expect([early.statusCode, early.json().error.message]).toEqual([400, m.twoFaNotSetup]);
    const setup = (await me.client.post('/api/erp/settings/2fa/setup')).json();
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
    expect((await me.client.get('/api/erp/settings')).json().twoFaEnabled).toBe(false);
    const wrong = await me.client.post('/api/erp/settings/2fa/enable', {
      code: totpCode(setup.secret, Date.now() - 10 * 60_000),
    });
    expect([wrong.statusCode, wrong.json().error.fields]).toEqual([400, { code: m.invalidCode }]);
    const badFormat = await me.client.post('/api/erp/settings/2fa/enable', { code: '12ab' });
    expect(badFormat.json().error.fields).toEqual({ code: m.codeFormat });
    const code = previousCode(setup.secret);
    expect((await me.client.post('/api/erp/settings/2fa/enable', { code })).statusCode).toBe(200);
    expect((await me.client.get('/api/erp/settings')).json().twoFaEnabled).toBe(true);
    expect((await me.client.post('/api/erp/settings/2fa/setup')).statusCode).toBe(409);

    // Signing in now needs a code; the code that enabled two-factor cannot be used again.
    const asked = await erpBrowser(t).post('/api/erp/login', { email: me.email, password: 'secret123' });
    expect(asked.json().error.message).toBe(m.codeRequired);
    const replay = await erpBrowser(t).post('/api/erp/login', { email: me.email, password: 'secret123', code });
    expect(replay.json().error.message).toBe(m.invalidCode);
    const fresh = erpBrowser(t);
    expect(
      (await fresh.post('/api/erp/login', { email: me.email, password: 'secret123', code: totpCode(setup.secret) }))
        .statusCode,
    ).toBe(200);

    // Turning it off needs a valid code too.
    const offWrong = await fresh.post('/api/erp/settings/2fa/disable', { code: '000000' });
    expect(offWrong.json().error.message).toBe(m.invalidCode);
    expect((await fresh.post('/api/erp/settings/2fa/disable', { code: nextCode(setup.secret) })).statusCode).toBe(200);
    expect((await fresh.get('/api/erp/settings')).json().twoFaEnabled).toBe(false);
    expect((await erpBrowser(t).post('/api/erp/login', { email: me.email, password: 'secret123' })).statusCode).toBe(
      200,
    );
  });
});

describe('password and contact details', () => {
  it('changes the password after checking the current one and ends the other sessions only', async () => {
    const me = await signedInEmployee(t);
    const other = erpBrowser(t);
    expect((await other.post('/api/erp/login', { email: me.email, password: 'secret123' })).statusCode).toBe(200);
    const wrong = await me.client.post('/api/erp/settings/password', {
      currentPassword: 'nope',
      password: 'newpass1',
      confirmPassword: 'newpass1',
    });
    expect([wrong.statusCode, wrong.json().error.fields]).toEqual([400, { currentPassword: m.currentPasswordWrong }]);
    const mismatch = await me.client.post('/api/erp/settings/password', {
      currentPassword: 'secret123',
      password: 'newpass1',
      confirmPassword: 'newpass2',
    });
    expect(mismatch.json().error.fields).toEqual({ confirmPassword: 'Passwords do not match' });
    const ok = await me.client.post('/api/erp/settings/password', {
      currentPassword: 'secret123',
      password: 'newpass1',
      confirmPassword: 'newpass1',
    });
    expect([ok.statusCode, ok.json().message]).toEqual([200, m.passwordChanged]);
    expect((await me.client.get('/api/erp/me')).statusCode).toBe(200);
    expect((await other.get('/api/erp/me')).statusCode).toBe(401);
    expect((await erpBrowser(t).post('/api/erp/login', { email: me.email, password: 'secret123' })).statusCode).toBe(
      401,
    );
    expect((await erpBrowser(t).post('/api/erp/login', { email: me.email, password: 'newpass1' })).statusCode).toBe(
      200,
    );
  });

  it("edits the employee's own phone, address and emergency contact, and validates the numbers", async () => {
    const me = await signedInEmployee(t);
    const saved = await me.client.put('/api/erp/settings/profile', {
      phone: '+91 98450 11223',
      address: '12 Park Street, Kolkata',
      emergencyContact: 'Rina Iyer',
      emergencyPhone: '',
    });
    expect(saved.json()).toMatchObject({
      phone: '9845011223',
      address: '12 Park Street, Kolkata',
      emergencyContact: 'Rina Iyer',
      emergencyPhone: null,
    });
    const bad = await me.client.put('/api/erp/settings/profile', { phone: '12345', emergencyPhone: 'abc' });
    expect(bad.json().error.fields).toEqual({
      phone: 'Please enter a valid 10-digit mobile number',
      emergencyPhone: 'Please enter a valid 10-digit mobile number',
    });
    // Each employee's settings are their own: nothing in the API names another employee.
    const other = await signedInEmployee(t);
    expect((await other.client.get('/api/erp/settings')).json().address).not.toBe('12 Park Street, Kolkata');
    expect((await erpBrowser(t).get('/api/erp/settings')).statusCode).toBe(401);
  });
});
