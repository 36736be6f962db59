import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, TEST_DB } from './helpers';
import { freePort } from './servers';

const root = path.resolve(import.meta.dirname, '../../..');

// `npm run demo:live` (issue 35) as a person runs it: a real process with its fakes, stopped with
// Ctrl-C. It always runs on its own embedded database, so one of the two database projects is enough.
describe.runIf(TEST_DB === 'postgres')('npm run demo:live', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gr-demo-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says it is a demo at start, in /api/health and to the app, offers going live, and stops cleanly', async () => {
    const port = await freePort();
    let out = '';
    // --no-build: the server from its sources through tsx, as a person runs the script (not the shared
    // build, which may be rebuilt beside Vitest; the other process tests start the run's own bundle).
    child = spawn(process.execPath, [path.join(root, 'scripts/demo-live.mjs'), '--no-build'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));

    const get = async (url: string) => {
      const res = await fetch(`http://127.0.0.1:${port}${url}`).catch(() => undefined);
      return res?.ok ? ((await res.json()) as Record<string, unknown>) : undefined;
    };
    const health = await eventually(() => get('/api/health'), 120_000);
    expect(health).toMatchObject({ status: 'ok', demo: true });
    expect(await get('/api/v1/instance')).toEqual({ success: true, demo: true, live_available: true });
    await eventually(async () => out.includes(`URL:       http://localhost:${port}`), 30_000);
    expect(out).toContain('Demo: fake Tango and fake Stripe, no real money');
    expect(out).toContain('Demo:      fake Tango and fake Stripe, no real money');
    // The fakes listen on free ports of the loopback interface, named in the start's notice.
    const fakes = [...out.matchAll(/(?:RaaS v2|Checkout) at (http:\/\/127\.0\.0\.1:\d+)/g)].map((m) => m[1] as string);
    expect(fakes).toHaveLength(2);

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out).toContain('SIGINT received');
    // The server and both fakes are gone.
    expect(await get('/api/health')).toBeUndefined();
    for (const base of fakes) expect(await fetch(base).catch(() => 'closed')).toBe('closed');
  });
});
