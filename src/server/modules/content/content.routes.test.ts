import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db';
import { buildTestApp, TestClient, type TestApp } from '../../test/app';

let t: TestApp;
let ip = 0;
// Each test sends from its own address: the form allows 10 messages per address in 10 minutes.
const newClient = () => new TestClient(t.app, `10.30.0.${++ip}`);
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const storedType = async (id: string) =>
  (await queryRows<{ type: string }>(t.db, sql`select type from contact_messages where id = ${id}`))[0]?.type;

const valid = {
  name: 'Sunita Rao',
  email: 'Sunita@Example.in',
  subject: 'Delivery to Pune',
  message: 'Do you deliver to Pune?',
};

describe('POST /api/contact', () => {
  it('stores the message with type general by default', async () => {
    const res = await newClient().post('/api/contact', valid);
    expect(res.statusCode).toBe(201);
    const [row] = await queryRows<{ name: string; email: string; type: string; subject: string; message: string }>(
      t.db,
      sql`select name, email, type, subject, message from contact_messages where id = ${res.json().id}`,
    );
    expect(row).toEqual({
      name: 'Sunita Rao',
      email: 'sunita@example.in',
      type: 'general',
      subject: 'Delivery to Pune',
      message: 'Do you deliver to Pune?',
    });
  });

  it('keeps the chosen type', async () => {
    const res = await newClient().post('/api/contact', { ...valid, type: 'vendor' });
    expect(res.statusCode).toBe(201);
    expect(await storedType(res.json().id)).toBe('vendor');
  });

  it.each([
    ['name', '', 'Name is required'],
    ['email', '', 'Email is required'],
    ['email', 'sunita@', 'Please enter a valid email address'],
    ['subject', ' ', 'Subject is required'],
    ['message', '', 'Message is required'],
    ['type', 'spam', 'Please choose a type of enquiry from the list'],
  ])('refuses %s=%j with %j', async (field, value, message) => {
    const res = await newClient().post('/api/contact', { ...valid, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('refuses a NUL character with 400, never 500', async () => {
    const res = await newClient().post('/api/contact', { ...valid, message: 'Hello\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Some text contains a character that is not allowed. Please remove it and try again.',
    );
  });

  it('refuses a missing field with its message, never 500', async () => {
    const res = await newClient().post('/api/contact', { email: 'a@b.in' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: 'Name is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });
});
