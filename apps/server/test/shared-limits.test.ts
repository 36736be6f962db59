import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresDatabase, eventually } from './helpers';
import { freePort, health, operatorToken, type ServerProcess, startServerProcess } from './servers';

// Two real server processes on one PostgreSQL database, as a deployment runs them (decision 071):
// an organisation's budget is one budget, whichever process answers.
describe('organisation rate limits hold across processes (postgres)', () => {
  const servers: ServerProcess[] = [];
  let ports: [number, number] = [0, 0];
  const dirs: string[] = [];
  let drop = async () => {};
  beforeAll(async () => {
    const db = await createPostgresDatabase(inject('postgresTemplate') || undefined);
    drop = db.drop;
    const [first, second] = [await freePort(), await freePort()];
    ports = [first, second];
    for (const [port, workers] of [
      [first, 'on'],
      [second, 'off'],
    ] as const) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'gr-limits-'));
      dirs.push(dataDir);
      servers.push(
        startServerProcess({
          DATABASE_URL: db.url,
          DATA_DIR: dataDir,
          PORT: String(port),
          // One site behind a load balancer: both processes are the same origin (tokens name it).
          PUBLIC_URL: `http://localhost:${first}`,
          APP_ENV: 'test',
          PASSWORD_HASHING: 'fast-test-only',
          WORKERS: workers,
          RATE_LIMIT_API_PER_MINUTE: '200',
        }),
      );
    }
    await Promise.all(ports.map((port) => eventually(() => health(port), 120_000)));
  }, 180_000);
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exit));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await drop();
  });

  it('200 a minute in all: requests alternating between the two processes get 200 answers, then 429 from both', async () => {
    const token = await operatorToken(ports[0]);
    const get = (port: number) =>
      fetch(`http://127.0.0.1:${port}/api/v1/balance`, { headers: { authorization: `Bearer ${token}` } });
    const statuses: number[] = [];
    const remaining: number[] = [];
    // Bursts of eight at once, alternating processes, so both lease from the shared window together.
    for (let burst = 0; burst < 30; burst++) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => get(burst % 2 ? ports[1] : ports[0])));
      for (const res of answers) {
        statuses.push(res.status);
        remaining.push(Number(res.headers.get('ratelimit-remaining')));
        expect(res.headers.get('ratelimit-limit')).toBe('200');
        if (res.status === 429) {
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
          expect(((await res.json()) as { code: string }).code).toBe('RATE_LIMITED');
        } else await res.arrayBuffer();
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(200);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    // Each process's last answers refuse: neither kept a share of the budget to itself.
    expect(statuses.slice(-16).every((s) => s === 429)).toBe(true);
    expect(remaining.slice(-16).every((r) => r === 0)).toBe(true);
  }, 120_000);
});
