// What the benches share: real accounts through the real endpoints, percentiles, the load average,
// and where the CPU went (each process's own time from /proc, and the database's backends').
import { type SpawnOptions, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { health, type ServerProcess } from '../../apps/server/test/servers';

export async function json(res: Response): Promise<Record<string, unknown> & { access_token?: string }> {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Real accounts through the real endpoints: sign-up, the emailed link (read from `verifyLinks`, the
 * bench's SMTP recorder), verification, sign-in. Answers each account's access token.
 */
export async function createAccounts(port: number, n: number, verifyLinks: Map<string, string>): Promise<string[]> {
  const base = `http://127.0.0.1:${port}/api/v1/auth`;
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'violet-Harbour-42';
    await json(await post('/signup', { email, password }));
    const deadline = Date.now() + 20_000;
    while (!verifyLinks.has(email)) {
      if (Date.now() > deadline) throw new Error(`no verification email for ${email}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    // With the password: a link opened outside the signing-up browser decides it (decision 054).
    await json(await post('/verify', { token: verifyLinks.get(email), password }));
    tokens.push(String((await json(await post('/token?grant_type=password', { email, password }))).access_token));
  }
  return tokens;
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

// --- Where the CPU went: the machine has two cores and is shared, so beside each figure the bench
// prints the load average and the CPU time each party spent per order, which noise moves less.
const TICK_MS = 10; // USER_HZ is 100 on Linux
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
export async function backendPids(db: pg.Client, dbName: string): Promise<number[]> {
  // Client connections only: autovacuum's work on the bench's tables lands in whichever phase
  // it happens to run in.
  const { rows } = await db.query(
    `SELECT pid FROM pg_stat_activity
     WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    [dbName],
  );
  return rows.map((r) => Number(r.pid));
}
/**
 * CPU time of this process, of the given child processes (summed as `appMs`; each in `perPid`),
 * and of this database's PostgreSQL backends, over `run`.
 */
export async function withCpu<T>(
  db: pg.Client,
  dbName: string,
  childPids: number | (number | undefined)[] | undefined,
  run: () => Promise<T>,
) {
  const pids = (Array.isArray(childPids) ? childPids : [childPids]).filter((p): p is number => p !== undefined);
  const seen = new Map<number, number>();
  const sample = async () => {
    for (const pid of await backendPids(db, dbName)) if (!seen.has(pid)) seen.set(pid, processCpuMs(pid));
  };
  await sample();
  const before = { self: process.cpuUsage(), children: pids.map(processCpuMs) };
  const timer = setInterval(() => void sample().catch(() => {}), 500);
  let result: T;
  try {
    result = await run();
  } finally {
    clearInterval(timer);
  }
  const self = process.cpuUsage(before.self);
  let pgMs = 0;
  for (const [pid, start] of seen) pgMs += Math.max(0, processCpuMs(pid) - start);
  const perPid = pids.map((pid, i) => processCpuMs(pid) - (before.children[i] as number));
  return {
    result,
    cpu: {
      benchMs: (self.user + self.system) / 1000,
      appMs: perPid.reduce((a, b) => a + b, 0),
      pgMs,
      perPid,
    },
  };
}
export const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;

/** A child process whose output is kept (shown when it fails), in the shape the app's have. */
export function spawnKept(cmd: string, args: string[], options: SpawnOptions = {}): ServerProcess {
  const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  return { child, output: () => out, exit: new Promise<number | null>((r) => child.on('exit', (code) => r(code))) };
}

/** `npm run migrate`'s entry on `databaseUrl`, as a deployment runs it: its first line, or it throws. */
export async function runMigrate(databaseUrl: string): Promise<string> {
  const root = path.resolve(import.meta.dirname, '../..');
  const run = spawnKept(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/migrate-main.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
  });
  if ((await run.exit) !== 0) throw new Error(run.output());
  // How many were applied and how long it took; the list follows a colon.
  return run.output().trim().split(': ')[0] as string;
}

/** Waits until the server on `port` says it is ok (90 s at most); fails with its output if it stops. */
export async function untilHealthy(port: number, server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while ((await health(port))?.status !== 'ok') {
    if (Date.now() > deadline || server.child.exitCode !== null)
      throw new Error(`server did not start:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** SIGTERM, then the exit. */
export async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exit;
}

/** Five order-side risk rules none of the benches' orders match (bench:risk, bench:orders' risk phase). */
export const FIVE_RULES = [
  { kind: 'recipient_domain', action: 'hold', domains: ['other.test', 'spam.test'] },
  { kind: 'disposable_email', action: 'hold' },
  { kind: 'recipient_velocity', action: 'hold', max_rewards: 1000, period_days: 30 },
  { kind: 'amount_above', action: 'hold', amount: 1000, currency: 'USD' },
  { kind: 'daily_total_above', action: 'hold', amount: 10_000_000, currency: 'USD' },
];
