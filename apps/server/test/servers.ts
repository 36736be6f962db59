import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

// The server as a person runs it: a real process, real signals, real exit codes.
const root = path.resolve(import.meta.dirname, '../../..');
const entry = path.join(root, 'apps/server/src/main.ts');
export const builtEntry = path.join(root, 'apps/server/dist/main.mjs');
/** The bundle a test run made of the current sources (global-setup.ts sets it; decision 087). */
export const SERVER_BUNDLE_ENV = 'GIFTRELAY_TEST_SERVER_BUNDLE';

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
 * Starts the server in a child process with only the given environment: the test run's bundle of
 * the current sources when there is one (the Vitest server projects), else `apps/server/src/main.ts`
 * through tsx; with `built`, the bundle `npm start` runs (apps/server/dist/main.mjs), for measuring
 * what users run; `nodeArgs` go to node first (`--cpu-prof`, say).
 */
export function startServerProcess(
  env: Record<string, string>,
  opts: { built?: boolean; nodeArgs?: string[] } = {},
): ServerProcess {
  let out = '';
  // Node itself with tsx's loader (not the tsx CLI, which is a second process): a signal sent to
  // the child reaches the server, and SIGKILL kills it for real.
  const bundle = process.env[SERVER_BUNDLE_ENV];
  const start = opts.built
    ? [builtEntry]
    : bundle && existsSync(bundle)
      ? ['--enable-source-maps', bundle]
      : ['--import', 'tsx', entry];
  const args = [...(opts.nodeArgs ?? []), ...start];
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

/**
 * GET /api/health. Its instance and figures are an operator's (decision 057): pass `token`, a
 * platform operator's access token (`operatorToken`), for them.
 */
export async function health(port: number, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => undefined);
  return res?.ok ? ((await res.json()) as { status: string; instance: { id: string; boot_count: number } }) : undefined;
}

/**
 * An access token of the server's operator: on a server without OPERATOR_EMAILS outside production,
 * the first account to verify its address (decision 056). Signs up and verifies through the
 * built-in mailbox (this machine may read it) the first time, signs in after that.
 */
export async function operatorToken(port: number): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const account = { email: 'process-operator@example.com', password: 'violet-Harbour-42-ops' };
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signIn = async () => {
    const res = await post('/api/v1/auth/token?grant_type=password', account);
    return res.ok ? ((await res.json()) as { access_token: string }).access_token : undefined;
  };
  const existing = await signIn();
  if (existing) return existing;
  await post('/api/v1/auth/signup', account);
  for (let i = 0; i < 120; i++) {
    const box = (await (await fetch(`${base}/api/mailbox?to=${encodeURIComponent(account.email)}`)).json()) as {
      messages: { text: string }[];
    };
    const token = box.messages.map((m) => m.text.match(/https?:\/\/\S+\/verify\/([A-Za-z0-9_-]+)/)?.[1]).find(Boolean);
    if (token) {
      // With the password, as an OPERATOR_EMAILS address needs (decision 054); any address takes it.
      await post('/api/v1/auth/verify', { token, password: account.password });
      const access = await signIn();
      if (access) return access;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the operator account could not be made');
}
