import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

// The server as a person runs it: a real process, real signals, real exit codes.
const root = path.resolve(import.meta.dirname, '../../..');
const entry = path.join(root, 'apps/server/src/main.ts');
export const builtEntry = path.join(root, 'apps/server/dist/main.mjs');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

/**
 * Starts `apps/server/src/main.ts` in a child process with only the given environment; with
 * `built`, the bundle `npm start` runs (apps/server/dist/main.mjs), for measuring what users run;
 * `nodeArgs` go to node first (`--cpu-prof`, say).
 */
export function startServerProcess(
  env: Record<string, string>,
  opts: { built?: boolean; nodeArgs?: string[] } = {},
): ServerProcess {
  let out = '';
  // Node itself with tsx's loader (not the tsx CLI, which is a second process): a signal sent to
  // the child reaches the server, and SIGKILL kills it for real.
  const args = [...(opts.nodeArgs ?? []), ...(opts.built ? [builtEntry] : ['--import', 'tsx', entry])];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

export async function health(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
  return res?.ok ? ((await res.json()) as { status: string; instance: { id: string; boot_count: number } }) : undefined;
}
