// Two API processes on one PostgreSQL and one Redis: a sign-in throttle filled
// through one process stops the next guess on the other, and each scheduled job has one holder.
// Needs `npm run build`, PostgreSQL (SCALE_PG, default the local server) and Redis (REDIS_URL,
// default redis://127.0.0.1:6379). Run: npm run bench:scale-out
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { waitUntilAnswering } from './report';

const server = process.env.SCALE_PG ?? 'postgres://postgres@127.0.0.1:5432';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dbName = `haat_scale_${Date.now().toString(36)}`;
const ports = [3211, 3212];

async function admin(query: string) {
  const c = new pg.Client({ connectionString: `${server}/postgres` });
  await c.connect();
  await c.query(query);
  await c.end();
}

function start(port: number): ChildProcess {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `${server}/${dbName}`,
    REDIS_URL: redisUrl,
    SEED_DEMO: 'false',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'haat-scale-')),
    LOG_LEVEL: 'warn',
    LOGIN_MAX_FAILURES: '5',
  };
  const child = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  return child;
}

const post = (port: number, path: string, body: unknown) =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'haat' },
    body: JSON.stringify(body),
  });

await admin(`create database ${dbName}`);
// The first process migrates the database; the second starts once it is ready.
const first = start(ports[0]);
await waitUntilAnswering(`http://127.0.0.1:${ports[0]}/api/ready`, { child: first, seconds: 30 });
const second = start(ports[1]);
await waitUntilAnswering(`http://127.0.0.1:${ports[1]}/api/ready`, { child: second, seconds: 30 });
let failed = false;
try {
  const email = `scale.${Date.now().toString(36)}@haat.example`;
  const reg = await post(ports[0], '/api/auth/register', {
    role: 'customer',
    firstName: 'Scale',
    lastName: 'Test',
    email,
    phoneNumber: '9876512345',
    password: 'secret123',
    confirmPassword: 'secret123',
    dateOfBirth: '1990-01-01',
  });
  console.log(`registered through process 1: ${reg.status}`);
  const codes: number[] = [];
  for (let i = 0; i < 5; i++)
    codes.push((await post(ports[0], '/api/auth/login', { email, password: 'wrong-pass' })).status);
  const other = await post(ports[1], '/api/auth/login', { email, password: 'secret123' });
  console.log(`5 wrong passwords through process 1: ${codes.join(', ')}`);
  console.log(
    `the right password through process 2 right after: ${other.status} (retry-after ${other.headers.get('retry-after')} s)`,
  );
  if (other.status !== 429) failed = true;
  // Let both processes tick their jobs, then read who holds each lease.
  await new Promise((r) => setTimeout(r, 3000));
  const c = new pg.Client({ connectionString: `${server}/${dbName}` });
  await c.connect();
  const { rows } = await c.query<{ name: string; holder: string }>('select name, holder from job_leases order by name');
  await c.end();
  for (const r of rows) console.log(`job "${r.name}" held by ${r.holder}`);
  if (rows.length === 0) failed = true;
} finally {
  first.kill();
  second.kill();
  await new Promise((r) => setTimeout(r, 1000));
  await admin(`drop database if exists ${dbName} with (force)`);
}
console.log(
  failed
    ? 'FAILED: the throttle or the jobs are not shared'
    : 'OK: one throttle and one holder per job across two processes',
);
process.exit(failed ? 1 : 0);
