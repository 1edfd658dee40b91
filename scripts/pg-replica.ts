// A PostgreSQL streaming replica of a local server, for `npm run cluster -- --replica`, bench/replica.ts and the
// replica's services test: pg_basebackup -R from the primary into a folder, then pg_ctl start on a port of its
// own; stop() stops it (fast) and, unless told to keep it, removes the folder. PostgreSQL refuses to run as
// root: as root, the folder is given to the `postgres` user and every command runs as that user (runuser).
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's PostgreSQL binaries (PG_BIN overrides). */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** What the primary needs to let pg_basebackup and the replica's walreceiver in, said when it refuses them. */
const HBA_HINT =
  'the primary must allow replication connections from 127.0.0.1: add "host replication all 127.0.0.1/32 trust" ' +
  '(or scram-sha-256 with a password) to its pg_hba.conf and reload it (SELECT pg_reload_conf())';

export type Replica = {
  port: number;
  /** The replica's data folder. */
  dataDir: string;
  /** Its log file. */
  logFile: string;
  /** `url` (the primary's address, with a user and database) with the replica's port instead. */
  urlFor(primaryUrl: string): string;
  /** Stops it (pg_ctl -m fast), which may be started again with start(). */
  stop(): void;
  start(): void;
  /** Stops it if running and removes its folder. */
  remove(): void;
};

type Owner = { uid: number; gid: number; user: string } | null;

/** Who runs PostgreSQL here: ourselves, or, as root, the postgres user (who owns the primary's data folder). */
function serverOwner(): Owner {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('Running as root, and there is no postgres user to run the replica as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid), user: 'postgres' };
}

function run(owner: Owner, command: string, args: string[]): string {
  const [cmd, argv] = owner ? ['runuser', ['-u', owner.user, '--', command, ...args]] : [command, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0)
    throw new Error(`${command.split('/').pop()} failed: ${(r.stderr || r.stdout || String(r.error)).trim()}`);
  return r.stdout;
}

/**
 * Makes and starts a replica of `primary` (a postgres:// URL of a user that may replicate, such as the
 * superuser) in `dir/replica` (dir must exist), listening on 127.0.0.1:`port`. Answers once it accepts
 * connections. Throws, leaving nothing running, when the primary refuses or it does not start.
 */
export function startReplica(o: { primary: string; dir: string; port: number }): Replica {
  const owner = serverOwner();
  const home = join(o.dir, 'replica');
  const dataDir = join(home, 'data');
  const logFile = join(home, 'postgres.log');
  if (owner) {
    // The postgres user passes through the run's folder (nothing listed) into a folder of its own.
    chmodSync(o.dir, statSync(o.dir).mode | 0o111);
  }
  mkdirSync(home, { recursive: true, mode: 0o700 });
  if (owner) chownSync(home, owner.uid, owner.gid);
  const u = new URL(o.primary);
  const pg = (tool: string) => join(PG_BIN, tool);
  try {
    run(owner, pg('pg_basebackup'), [
      ...['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username) || 'postgres'],
      ...['-D', dataDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    ]);
  } catch (e) {
    rmSync(home, { recursive: true, force: true });
    const message = e instanceof Error ? e.message : String(e);
    throw new Error(/pg_hba|replication connection/.test(message) ? `${message}; ${HBA_HINT}` : message);
  }
  // Debian keeps the server's configuration in /etc, so the copy has none: the replica's own, when missing.
  const files: [string, string][] = [
    ['postgresql.conf', '# The replica of a Haat cluster run: settings are given on the command line.\n'],
    // Reachable from this machine only (listen_addresses), as the local development server it copies.
    ['pg_hba.conf', 'local all all trust\nhost all all 127.0.0.1/32 trust\n'],
    ['pg_ident.conf', ''],
  ];
  for (const [name, text] of files) {
    const file = join(dataDir, name);
    if (existsSync(file)) continue;
    writeFileSync(file, text, { mode: 0o600 });
    if (owner) chownSync(file, owner.uid, owner.gid);
  }
  const options = [
    `-p ${o.port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${home}`,
    '-c hot_standby=on',
    // Long catalog reads are not cancelled by the primary's vacuum of rows they still see.
    '-c hot_standby_feedback=on',
    '-c max_connections=100',
    // A copy made for this run, thrown away at its end: nothing is worth waiting for the disk.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const start = () =>
    run(owner, pg('pg_ctl'), ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', options, 'start']);
  const stop = () => {
    if (existsSync(join(dataDir, 'postmaster.pid')))
      run(owner, pg('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  };
  try {
    start();
  } catch (e) {
    const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-3).join(' | ') : '';
    rmSync(home, { recursive: true, force: true });
    throw new Error(`${e instanceof Error ? e.message : String(e)} ${tail}`);
  }
  return {
    port: o.port,
    dataDir,
    logFile,
    urlFor: (primaryUrl) => {
      const r = new URL(primaryUrl);
      r.hostname = '127.0.0.1';
      r.port = String(o.port);
      return r.toString();
    },
    stop,
    start: () => void start(),
    remove: () => {
      try {
        stop();
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  };
}
