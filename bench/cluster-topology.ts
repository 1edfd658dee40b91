// The production topology from local parts, for `npm run cluster` and the soak: a PostgreSQL
// database of its own with an owner and an app role (docs/configuration.md: Database roles), Redis, a local
// S3-compatible store (s3rver) with the pictures bucket, two built API processes and Debian's nginx
// balancing them with the proxy rules of deploy/nginx-proxy.conf, the file compose uses too.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { READY_PATH } from '../src/server/platform/lifecycle';
import { startReplica, type Replica } from '../scripts/pg-replica';
import { waitUntilAnswering } from './report';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const PROXY_RULES = join(ROOT, 'deploy/nginx-proxy.conf');
const BUCKET = 'haat-pictures';
/** Every child still running, stopped when this process exits whatever way (they run in process groups of their own). */
const children = new Set<ChildProcess>();
process.once('exit', () => children.forEach((c) => c.kill('SIGTERM')));

/** Remembers a started child until it exits. */
function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

type Role = { role: string; password: string };

export type ClusterOptions = {
  /** A PostgreSQL server as a superuser, without a database name (CLUSTER_PG, default the local server). */
  pgServer?: string;
  /** Redis for the shared rate limits and cache invalidation (CLUSTER_REDIS_URL; default database 7 of the local Redis, apart from the tests'). */
  redisUrl?: string;
  /**
   * The database (CLUSTER_DB; default a new name, \`<prefix>_<random>\`). It must not exist yet: the
   * cluster creates it, and drops it when it stops, but never drops or changes a database it did not create.
   */
  dbName?: string;
  /** The start of a generated database name ('haat_cluster', 'haat_soak'). */
  dbPrefix?: string;
  /** nginx listens here; the API processes on the next two ports, the S3 store on the third. */
  port?: number;
  admin?: { email: string; password: string };
  /** More environment for every API process (the soak's return window, for one). */
  env?: Record<string, string>;
  /** Where progress lines go. */
  log?: (line: string) => void;
  /**
   * A streaming replica of the PostgreSQL server (`--replica`, CLUSTER_REPLICA=true): pg_basebackup into the run's
   * folder, started on the port after the S3 store's; the API processes read the catalog there (DATABASE_REPLICA_URL).
   */
  replica?: boolean;
};

/** One API process (`node dist/server/main.js`), which may be restarted on the same port. */
export type ApiProcess = {
  readonly name: string;
  readonly port: number;
  /** The running process's id (a restart changes it). */
  pid(): number | undefined;
  /** Resident memory of the running process in kB (VmRSS), or null when it is not running. */
  rssKb(): number | null;
  /** SIGTERM, wait for the exit, start again and wait until ready; answers the milliseconds of each half. */
  restart(): Promise<{ stoppingMs: number; startingMs: number }>;
  stop(): Promise<void>;
};

export type Cluster = {
  /** nginx: what people open. */
  url: string;
  apis: ApiProcess[];
  admin: { email: string; password: string };
  /** The owner's connection (migrations, and the soak's checks). */
  ownerUrl: string;
  /** The temporary folder: nginx.conf, logs, each process's DATA_DIR and the bucket's files. */
  dir: string;
  nginxAccessLog: string;
  /** The read replica, when asked for: it may be stopped and started again (bench/replica.ts). */
  replica?: Replica;
  /** Stops nginx, the API processes and the store; removes the folder unless `keepFiles`. */
  stop(o?: { keepFiles?: boolean }): Promise<void>;
};

/** Builds the web app and the server (`npm run build`) when dist is missing. */
export function ensureBuilt(log: (line: string) => void): void {
  if (existsSync(join(ROOT, 'dist/server/main.js')) && existsSync(join(ROOT, 'dist/web/index.html'))) return;
  log('No build in dist/: running npm run build ...');
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

function nginxBinary(): string {
  if (process.env.NGINX) return process.env.NGINX;
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  return 'nginx';
}

async function portFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((done) => {
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

function withUser(server: string, db: string, user?: { role: string; password: string }): string {
  const u = new URL(server);
  u.pathname = `/${db}`;
  if (user) {
    u.username = user.role;
    u.password = user.password;
  }
  return u.toString();
}

/** A role from the settings CLUSTER_<KIND>_ROLE and CLUSTER_<KIND>_PASSWORD, when both are set: it exists already and is used as it is. */
function roleFromSettings(kind: 'OWNER' | 'APP'): Role | null {
  const role = process.env[`CLUSTER_${kind}_ROLE`];
  const password = process.env[`CLUSTER_${kind}_PASSWORD`];
  if (!role && !password) return null;
  if (!role || !password) throw new Error(`Set both CLUSTER_${kind}_ROLE and CLUSTER_${kind}_PASSWORD, or neither`);
  if (!NAME.test(role)) throw new Error(`Not a role name: ${role}`);
  return { role, password };
}

const NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** What the cluster created on the PostgreSQL server, and so may drop again: its database and the roles it made. */
export type CreatedInPostgres = { dbName: string; owner: Role; app: Role; createdRoles: string[] };

/**
 * As the superuser: creates the database, owned by the owner role, and the roles it needs. Roles come
 * from the settings (used as they are, never altered) or are made for this database
 * (\`<db>_owner\`, \`<db>_app\`, with random passwords). Refuses, changing nothing, when the database
 * or a role it would make exists already: on a shared server nothing of anyone else's is touched.
 */
async function createDatabase(server: string, dbName: string): Promise<CreatedInPostgres> {
  if (!NAME.test(dbName)) throw new Error(`Not a database name: ${dbName}`);
  const given = { owner: roleFromSettings('OWNER'), app: roleFromSettings('APP') };
  const owner = given.owner ?? { role: `${dbName}_owner`, password: randomBytes(16).toString('hex') };
  const app = given.app ?? { role: `${dbName}_app`, password: randomBytes(16).toString('hex') };
  const toMake = [given.owner ? null : owner, given.app ? null : app].filter((r): r is Role => r !== null);
  const c = new pg.Client({ connectionString: withUser(server, 'postgres') });
  await c.connect();
  const createdRoles: string[] = [];
  try {
    const { rowCount: dbExists } = await c.query('select 1 from pg_database where datname = $1', [dbName]);
    if (dbExists)
      throw new Error(`The database ${dbName} exists already; choose another name (CLUSTER_DB) or drop it yourself`);
    for (const r of toMake) {
      const { rowCount } = await c.query('select 1 from pg_roles where rolname = $1', [r.role]);
      if (rowCount)
        throw new Error(
          `The role ${r.role} exists already; it is not this run's, so it is left alone (choose another CLUSTER_DB)`,
        );
    }
    for (const r of toMake) {
      await c.query(`create role ${r.role} login password '${r.password}'`);
      createdRoles.push(r.role);
    }
    await c.query(`create database ${dbName} owner ${owner.role}`);
    return { dbName, owner, app, createdRoles };
  } catch (e) {
    for (const role of createdRoles.reverse()) await c.query(`drop role if exists ${role}`).catch(() => {});
    throw e;
  } finally {
    await c.end();
  }
}

/** Drops what createDatabase made: the database, then the roles it created (none of anyone else's). */
async function dropCreated(server: string, made: CreatedInPostgres): Promise<void> {
  const c = new pg.Client({ connectionString: withUser(server, 'postgres') });
  await c.connect();
  try {
    await c.query(`drop database if exists ${made.dbName} with (force)`);
    for (const role of made.createdRoles) await c.query(`drop role if exists ${role}`);
  } finally {
    await c.end();
  }
}

type S3rverInstance = { run(): Promise<unknown>; close(): Promise<void> };
type S3rverClass = new (o: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

/** s3rver (a dev dependency without types) with the pictures bucket, its files in `directory`. */
async function startS3(port: number, directory: string): Promise<S3rverInstance> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  await server.run();
  return server;
}

/** nginx.conf for two API ports: the upstream, a log line with the upstream tries, temp files and pid in `dir`. */
export function nginxConfig(o: { dir: string; port: number; apiPorts: number[] }): string {
  // As root, nginx's workers would run as nobody, who cannot write the temporary folder: keep the owner.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  return `# Generated by bench/cluster-topology.ts for this run.
${user}worker_processes 1;
pid ${o.dir}/nginx.pid;
error_log ${o.dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  log_format haat '$remote_addr [$time_iso8601] "$request" $status $body_bytes_sent $request_time '
                  'upstream=$upstream_addr ustatus=$upstream_status rid=$request_id';
  access_log ${o.dir}/nginx-access.log haat;
  client_body_temp_path ${o.dir}/nginx-tmp/body;
  proxy_temp_path ${o.dir}/nginx-tmp/proxy;
  fastcgi_temp_path ${o.dir}/nginx-tmp/fastcgi;
  uwsgi_temp_path ${o.dir}/nginx-tmp/uwsgi;
  scgi_temp_path ${o.dir}/nginx-tmp/scgi;
  server_tokens off;
  upstream haat_api {
${o.apiPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${o.port};
    client_max_body_size 6m;
    location = /metrics {
      return 404;
    }
    location / {
      include ${PROXY_RULES};
    }
  }
}
`;
}

/** Waits for the child's exit for at most `ms`, then kills it. */
async function exitOf(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
  });
}

/** Starts the whole topology and answers its handles; throws (after cleaning up) when a part does not start. */
export async function startCluster(o: ClusterOptions = {}): Promise<Cluster> {
  const log = o.log ?? ((line: string) => console.log(line));
  const server = o.pgServer ?? process.env.CLUSTER_PG ?? 'postgres://postgres@127.0.0.1:5432';
  const redisUrl = o.redisUrl ?? process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
  const dbName =
    o.dbName ?? process.env.CLUSTER_DB ?? `${o.dbPrefix ?? 'haat_cluster'}_${randomBytes(3).toString('hex')}`;
  const port = o.port ?? 8480;
  const apiPorts = [port + 1, port + 2];
  const s3Port = port + 3;
  const wantReplica = o.replica ?? ['true', '1', 'yes'].includes(process.env.CLUSTER_REPLICA ?? '');
  const replicaPort = port + 4;
  const admin = o.admin ?? { email: 'superadmin@haat.local', password: 'cluster-admin-password' };
  const url = `http://127.0.0.1:${port}`;

  ensureBuilt(log);
  for (const p of [port, ...apiPorts, s3Port, ...(wantReplica ? [replicaPort] : [])])
    if (!(await portFree(p))) throw new Error(`Port ${p} is in use (choose another with --port)`);
  const dir = mkdtempSync(join(tmpdir(), 'haat-cluster-'));
  const cleanups: (() => Promise<void>)[] = [];
  let keepDatabase = false;
  const stopAll = async (keepFiles = false) => {
    keepDatabase = keepFiles;
    for (const c of cleanups.splice(0).reverse())
      await c().catch((e: unknown) => log(`while stopping: ${e instanceof Error ? e.message : String(e)}`));
    if (!keepFiles) rmSync(dir, { recursive: true, force: true });
  };

  try {
    const made = await createDatabase(server, dbName);
    const OWNER = made.owner;
    const APP = made.app;
    cleanups.unshift(async () => {
      if (keepDatabase)
        log(
          `PostgreSQL: database ${dbName} kept${made.createdRoles.length ? ` with the roles ${made.createdRoles.join(', ')}` : ''}; drop them when done`,
        );
      else await dropCreated(server, made);
    });
    log(
      `PostgreSQL: database ${dbName} created, owned by ${OWNER.role}; the API signs in as ${APP.role}${made.createdRoles.length ? ` (roles made for this run: ${made.createdRoles.join(', ')}; dropped with the database at the end)` : ''}`,
    );
    let replica: Replica | undefined;
    if (wantReplica) {
      // A copy of the whole server, made after the database exists (later changes stream to it).
      const t0 = performance.now();
      replica = startReplica({ primary: withUser(server, 'postgres'), dir, port: replicaPort });
      const made = replica;
      cleanups.push(async () => made.remove());
      log(
        `PostgreSQL replica: 127.0.0.1:${replicaPort} (pg_basebackup and start in ` +
          `${((performance.now() - t0) / 1000).toFixed(1)} s; log ${made.logFile})`,
      );
    }
    const s3 = await startS3(s3Port, join(dir, 's3'));
    cleanups.push(() => s3.close());
    log(`S3 store: s3rver at http://127.0.0.1:${s3Port}, bucket ${BUCKET}`);

    const env: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: withUser(server, dbName, APP),
      MIGRATION_DATABASE_URL: withUser(server, dbName, OWNER),
      REDIS_URL: redisUrl,
      // Keys and channels of their own: pub/sub channels are shared by every database of a Redis.
      REDIS_PREFIX: `${dbName}:`,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      // Only nginx is in front (one hop); the processes listen on 127.0.0.1.
      TRUST_PROXY: '1',
      PAYMENTS_TEST_MODE: 'true',
      // Plain HTTP on this machine: cookies without Secure, so a browser keeps them.
      COOKIE_SECURE: 'false',
      APP_URL: url,
      // One secret for both processes: what one encrypts (two-factor secrets, gateway keys) the other reads.
      APP_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // Every visitor arrives from nginx's address here.
      REGISTRATIONS_PER_HOUR: '1000000',
      ...(replica ? { DATABASE_REPLICA_URL: replica.urlFor(withUser(server, dbName, APP)) } : {}),
      ...o.env,
    };
    const apis = apiPorts.map((p, i) => apiProcess({ name: `api-${i + 1}`, port: p, dir, env, log }));
    for (const api of apis) cleanups.push(() => api.stop());
    // Demo data once: the first process migrates and seeds, the second starts when it is ready.
    await apis[0].start({ seed: true });
    await apis[1].start({ seed: false });

    const conf = join(dir, 'nginx.conf');
    mkdirSync(join(dir, 'nginx-tmp'), { recursive: true });
    writeFileSync(conf, nginxConfig({ dir, port, apiPorts }));
    const out = openSync(join(dir, 'nginx.log'), 'a');
    const nginx = track(
      spawn(nginxBinary(), ['-p', dir, '-c', conf, '-e', join(dir, 'nginx-error.log'), '-g', 'daemon off;'], {
        cwd: dir,
        stdio: ['ignore', out, out],
        detached: true,
      }),
    );
    closeSync(out);
    cleanups.push(async () => {
      // SIGQUIT: nginx finishes the requests it is serving, then stops.
      nginx.kill('SIGQUIT');
      await exitOf(nginx, 10_000);
    });
    await waitUntilAnswering(`${url}${READY_PATH}`, { child: nginx, seconds: 30 }).catch((e: Error) => {
      throw new Error(
        `nginx did not start (${e.message}); see ${join(dir, 'nginx-error.log')}: ${readTail(join(dir, 'nginx-error.log'))}`,
      );
    });
    log(`nginx: ${url} -> 127.0.0.1:${apiPorts.join(', 127.0.0.1:')}`);

    return {
      url,
      apis,
      admin,
      ownerUrl: env.MIGRATION_DATABASE_URL,
      dir,
      nginxAccessLog: join(dir, 'nginx-access.log'),
      replica,
      stop: (s) => stopAll(s?.keepFiles),
    };
  } catch (e) {
    await stopAll(true);
    throw e instanceof Error ? new Error(`${e.message} (files kept in ${dir})`) : e;
  }
}

function readTail(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').slice(-3).join(' | ') : '';
}

function apiProcess(o: {
  name: string;
  port: number;
  dir: string;
  env: Record<string, string>;
  log: (line: string) => void;
}): ApiProcess & { start(s: { seed: boolean }): Promise<void> } {
  let child: ChildProcess | null = null;
  let expectingExit = false;
  const logFile = join(o.dir, `${o.name}.log`);

  const start = async ({ seed }: { seed: boolean }) => {
    const dataDir = join(o.dir, o.name);
    mkdirSync(dataDir, { recursive: true });
    const out = openSync(logFile, 'a');
    const env = {
      ...process.env,
      ...o.env,
      PORT: String(o.port),
      DATA_DIR: dataDir,
      DEMO_DATA: seed ? 'true' : 'false',
    };
    // Its own process group: a Ctrl-C in the terminal reaches the cluster script, which stops it in order.
    const started = track(
      spawn(process.execPath, [join(ROOT, 'dist/server/main.js')], {
        cwd: ROOT,
        env,
        stdio: ['ignore', out, out],
        detached: true,
      }),
    );
    closeSync(out);
    child = started;
    expectingExit = false;
    started.once('exit', (code, signal) => {
      if (!expectingExit)
        o.log(`${o.name} (pid ${started.pid}) stopped unexpectedly: ${signal ?? `exit ${code}`}; see ${logFile}`);
    });
    const t0 = performance.now();
    await waitUntilAnswering(`http://127.0.0.1:${o.port}${READY_PATH}`, { child: started, seconds: 180 }).catch(
      (e: Error) => {
        throw new Error(`${o.name} did not start: ${e.message}; see ${logFile}: ${readTail(logFile)}`);
      },
    );
    o.log(
      `${o.name}: http://127.0.0.1:${o.port} (pid ${started.pid}) ready in ${((performance.now() - t0) / 1000).toFixed(1)} s${seed ? ', demo data loaded' : ''}`,
    );
  };

  const stop = async () => {
    const running = child;
    if (!running) return;
    expectingExit = true;
    running.kill('SIGTERM');
    await exitOf(running, 60_000);
    child = null;
  };

  return {
    name: o.name,
    port: o.port,
    pid: () => child?.pid,
    rssKb: () => {
      const pid = child?.pid;
      if (!pid) return null;
      try {
        const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        return m ? Number(m[1]) : null;
      } catch {
        return null;
      }
    },
    start,
    stop,
    restart: async () => {
      const t0 = performance.now();
      await stop();
      const t1 = performance.now();
      await start({ seed: false });
      return { stoppingMs: Math.round(t1 - t0), startingMs: Math.round(performance.now() - t1) };
    },
  };
}
