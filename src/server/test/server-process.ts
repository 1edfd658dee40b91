import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from 'vitest';

export type ServerProcess = {
  child: ChildProcess;
  /** The address it printed ("Haat is running (...): http://...") */
  url: string;
  /** Its exit code, once it exits. */
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** The `msg` of each JSON log line it wrote so far (production logs JSON). */
  logMessages: () => string[];
};

/**
 * Starts the real server (src/server/main.ts, as `npm start` runs its build) with `env` and nothing
 * else from this environment (PATH and HOME aside), and answers once it says it is running.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: process.env.TMPDIR ?? '' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...base, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = /Haat is running \([a-z]+\): (http:\/\/\S+)/;
  await expect
    .poll(() => (child.exitCode === null ? running.exec(output)?.[1] : `exited: ${output}`), {
      timeout: 120_000,
      interval: 100,
    })
    .toMatch(/^http:/);
  const logMessages = () =>
    output.split('\n').flatMap((line) => {
      try {
        const parsed = JSON.parse(line) as { msg?: unknown };
        return typeof parsed.msg === 'string' ? [parsed.msg] : [];
      } catch {
        return [];
      }
    });
  return { child, url: running.exec(output)![1], exited, output: () => output, logMessages };
}

/** Kills a server process left running by a failed test. */
export function killIfRunning(server: ServerProcess | undefined): void {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
}
