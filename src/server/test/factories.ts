import type { RegisterInput } from '../../contracts/auth.contract';
import { expect } from 'vitest';
import { TestClient, type TestApp } from './app';

let n = 0;
const next = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

/** A valid customer registration, with overrides. */
export function customerInput(
  over: Partial<Extract<RegisterInput, { role: 'customer' }>> = {},
): Extract<RegisterInput, { role: 'customer' }> {
  return {
    role: 'customer',
    firstName: 'Asha',
    lastName: 'Verma',
    phoneNumber: '9876501234',
    email: `asha.${next()}@example.in`,
    password: 'secret123',
    confirmPassword: 'secret123',
    ...over,
  };
}

/** A valid vendor registration, with overrides. */
export function vendorInput(
  over: Partial<Extract<RegisterInput, { role: 'vendor' }>> = {},
): Extract<RegisterInput, { role: 'vendor' }> {
  return {
    role: 'vendor',
    firstName: 'Ravi',
    lastName: 'Kumar',
    businessName: 'Ravi Traders',
    email: `ravi.${next()}@example.in`,
    phone: '9123456780',
    businessAddress: '14 Park Street, Kolkata',
    password: 'secret123',
    confirmPassword: 'secret123',
    ...over,
  };
}

/** A valid merchant registration, with overrides. */
export function merchantInput(
  over: Partial<Extract<RegisterInput, { role: 'merchant' }>> = {},
): Extract<RegisterInput, { role: 'merchant' }> {
  return {
    role: 'merchant',
    businessName: 'Lakshmi Stores',
    email: `lakshmi.${next()}@example.in`,
    mobileNumber: '9988776655',
    upiId: 'lakshmi@okicici',
    password: 'secret123',
    confirmPassword: 'secret123',
    ...over,
  };
}

/** Registers an account through the API and signs the client in; answers the registration body. */
export async function registerAndLogin(
  client: TestClient,
  input: RegisterInput,
): Promise<{ id: string; referralCode: string }> {
  const reg = await client.post('/api/auth/register', input);
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const login = await client.post('/api/auth/login', { email: input.email, password: input.password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return reg.json();
}

/** A new vendor (Ravi Traders unless told otherwise) registered and signed in on `client`: the client and its id. */
export async function signedInVendor(
  client: TestClient,
  over: Partial<Extract<RegisterInput, { role: 'vendor' }>> = {},
): Promise<{ client: TestClient; id: string }> {
  const { id } = await registerAndLogin(client, vendorInput(over));
  return { client, id };
}

/**
 * A file's way to sign accounts in (password 'secret123'), each in its own client from its own address
 * (`<prefix>.<block>.<host>`, the blocks counted from `firstBlock`), so no sign-in limit is shared.
 */
export function signInFromOwnAddress(
  app: () => TestApp,
  prefix: string,
  firstBlock = 0,
): (email: string) => Promise<TestClient> {
  let ip = 0;
  return async (email) => {
    const client = new TestClient(app().app, `${prefix}.${firstBlock + Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);
    const res = await client.post('/api/auth/login', { email, password: 'secret123' });
    expect(res.statusCode, res.body).toBe(200);
    return client;
  };
}
