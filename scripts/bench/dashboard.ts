// `npm run bench:dashboard`, on PostgreSQL: the dashboard figures, an orders search and a
// 100,000-row CSV export, with one organisation holding 10,000, then 100,000, then 1,000,000 orders
// (BENCH_SIZES to change), and how each grows. Aims at 1,000,000: dashboard p95 under 50 ms,
// search p95 under 150 ms, export peak RSS under 250 MB.
//
// Latencies are of one request at a time (what a person waits), through HTTP to the built server
// (what `npm start` runs; built first if missing) in its own process, beside a baseline measured in the same run at each size: GET /api/v1/balance,
// an authenticated one-row read. The export is of a second organisation holding exactly 100,000
// orders in the same tables; the server's memory is sampled from /proc while it streams.

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { daysBefore, utcDay } from '@giftrelay/contracts/dates';
import pg from 'pg';
import { openPostgres } from '../../apps/server/src/db/database';
import { compactOrderStats } from '../../apps/server/src/modules/order-stats';
import { seedOrders } from '../../apps/server/test/factories/order-history';
import { builtEntry, freePort, health, type ServerProcess, startServerProcess } from '../../apps/server/test/servers';
import { providePostgres } from '../lib/postgres.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const DAYS = 365;

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

interface Latency {
  p50: number;
  p95: number;
  p99: number;
}

/** `SAMPLES` requests one after another (after a warm-up), cycling through `paths`. */
async function measure(port: number, token: string, paths: string[]): Promise<Latency> {
  const once = async (path: string) => {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 300)}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await once(paths[i % paths.length] as string);
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await once(paths[i % paths.length] as string));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

const rssMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

/** Downloads the export, counting rows as they arrive, while sampling the server's memory. */
async function exportRun(port: number, token: string, pid: number) {
  const before = rssMb(pid, 'VmRSS');
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid, 'VmRSS'));
  }, 20);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/orders/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  let rows = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) rows++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid, 'VmRSS'));
  return { rows: rows - 1, bytes, seconds, before, peak };
}

async function startApp(env: Record<string, string>): Promise<{ port: number; server: ServerProcess }> {
  const port = await freePort();
  if (!existsSync(builtEntry)) {
    console.log('Building the app first (npm run build)…');
    execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  }
  const server = startServerProcess(
    { PORT: String(port), RATE_LIMIT_FACTOR: '10000', CATALOG_SYNC_CRON: 'off', ...env },
    { built: true },
  );
  const deadline = Date.now() + 120_000;
  while ((await health(port))?.status !== 'ok') {
    if (Date.now() > deadline || server.child.exitCode !== null)
      throw new Error(`server did not start:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { port, server };
}

/** A verified account through the real sign-up and sign-in (the verification is marked in SQL). */
async function account(port: number, db: pg.Client, email: string) {
  const base = `http://127.0.0.1:${port}/api/v1/auth`;
  const password = `bench-${randomBytes(6).toString('hex')}`;
  const headers = { 'content-type': 'application/json' };
  const signUp = await fetch(`${base}/signup`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  await db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
  const res = await fetch(`${base}/token?grant_type=password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const session = (await res.json()) as { access_token: string; user: { id: string; organisation: { id: string } } };
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${JSON.stringify(session)}`);
  return { token: session.access_token, userId: session.user.id, organisationId: session.user.organisation.id };
}

async function main() {
  const postgres = await providePostgres();
  const dbName = `gr_bench_dashboard_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(postgres.url);
  dbUrl.pathname = `/${dbName}`;
  const url = dbUrl.toString();
  const key = randomBytes(32);
  let app: { port: number; server: ServerProcess } | undefined;
  const handle = { current: undefined as Awaited<ReturnType<typeof openPostgres>> | undefined };
  const clients: pg.Client[] = [];
  try {
    console.log(`PostgreSQL: ${postgres.source}. ${SAMPLES} requests per figure, one at a time.`);
    app = await startApp({ DATABASE_URL: url, WORKERS: 'on', REWARD_ENCRYPTION_KEY: key.toString('base64') });
    const pid = app.server.child.pid as number;
    const sql = new pg.Client({ connectionString: url });
    sql.on('error', (err) => console.error('bench connection:', err.message));
    await sql.connect();
    clients.push(sql);
    const main = await account(app.port, sql, 'dashboard-bench@example.com');
    const exporter = await account(app.port, sql, 'export-bench@example.com');
    handle.current = await openPostgres(url, 4);
    const db = handle.current.db;
    const to = new Date();
    const from = daysBefore(to, DAYS);
    const seed = async (organisationId: string, userId: string, count: number, seedNumber: number) => {
      const started = performance.now();
      await seedOrders(db, {
        organisationId,
        createdBy: userId,
        key,
        count,
        from,
        to,
        seed: seedNumber,
        concurrency: 3,
      });
      while ((await compactOrderStats(db)) > 0) {}
      // What autovacuum does in steady state (the deltas' settings in migration 0041): measured
      // after it, not in the minute a bulk load leaves behind.
      await sql.query('VACUUM ANALYZE orders');
      await sql.query('VACUUM ANALYZE order_stats_deltas');
      await sql.query('VACUUM ANALYZE order_stats_daily');
      await sql.query('VACUUM ANALYZE order_stats_daily_dims');
      return (performance.now() - started) / 1000;
    };
    const exportSeconds = await seed(exporter.organisationId, exporter.userId, EXPORT_ROWS, 99);
    console.log(
      `Export organisation: ${EXPORT_ROWS.toLocaleString('en-US')} orders seeded in ${exportSeconds.toFixed(0)} s.\n`,
    );

    const results: {
      size: number;
      baseline: Latency;
      dashboard: Latency;
      charts: Latency;
      search: Latency;
      stats: Latency;
      analytics: Latency;
      exported: Awaited<ReturnType<typeof exportRun>>;
    }[] = [];
    let seeded = 0;
    for (const size of SIZES) {
      const seconds = await seed(main.organisationId, main.userId, size - seeded, size);
      seeded = size;
      // Search terms a person would type: part of a recipient, the start of an order id, a brand,
      // and a recipient within one status.
      const ids = await sql.query<{ id: string; brand: string; recipient_email: string }>(
        `SELECT id, brand, recipient_email FROM orders WHERE organisation_id = $1 ORDER BY random() LIMIT 20`,
        [main.organisationId],
      );
      const searches = ids.rows.flatMap((r, i) => [
        `/api/v1/orders?q=${encodeURIComponent(r.recipient_email.split('@')[0]?.slice(0, 9) ?? '')}`,
        `/api/v1/orders?q=${r.id.slice(0, 8)}`,
        `/api/v1/orders?q=${encodeURIComponent(r.brand.toLowerCase())}`,
        `/api/v1/orders?status=${i % 2 ? 'completed' : 'failed'}&q=${encodeURIComponent(r.recipient_email.split('.')[0] ?? '')}`,
      ]);
      const stats = searches.map((s) => s.replace('/api/v1/orders?', '/api/v1/orders/stats?'));
      const yearAgo = utcDay(daysBefore(to, 364));
      const today = utcDay(to);
      const result = {
        size,
        baseline: await measure(app.port, main.token, ['/api/v1/balance']),
        dashboard: await measure(app.port, main.token, ['/api/v1/dashboard']),
        charts: await measure(app.port, main.token, ['/api/v1/dashboard/charts']),
        search: await measure(app.port, main.token, searches),
        stats: await measure(app.port, main.token, stats),
        analytics: await measure(app.port, main.token, [`/api/v1/analytics?from=${yearAgo}&to=${today}&interval=week`]),
        exported: await exportRun(app.port, exporter.token, pid),
      };
      results.push(result);
      const row = (name: string, l: Latency) =>
        `  ${name.padEnd(36)} p50 ${l.p50.toFixed(1).padStart(6)} ms   p95 ${l.p95.toFixed(1).padStart(6)} ms   p99 ${l.p99.toFixed(1).padStart(6)} ms   (p95 ${(l.p95 / result.baseline.p95).toFixed(1)}× baseline)`;
      console.log(`${size.toLocaleString('en-US')} orders (seeded in ${seconds.toFixed(0)} s):`);
      console.log(row('baseline GET /api/v1/balance', result.baseline));
      console.log(row('GET /api/v1/dashboard', result.dashboard));
      console.log(row('GET /api/v1/dashboard/charts', result.charts));
      console.log(row('GET /api/v1/orders?q=… (search)', result.search));
      console.log(row('GET /api/v1/orders/stats?q=…', result.stats));
      console.log(row('GET /api/v1/analytics (a year, weekly)', result.analytics));
      const e = result.exported;
      console.log(
        `  export of ${e.rows.toLocaleString('en-US')} rows: ${(e.bytes / 1e6).toFixed(1)} MB in ${e.seconds.toFixed(1)} s, server RSS ${e.before.toFixed(0)} MB before, peak ${e.peak.toFixed(0)} MB\n`,
      );
    }
    if (results.length > 1) {
      const first = results[0] as (typeof results)[number];
      const last = results.at(-1) as (typeof results)[number];
      const growth = (f: (r: typeof first) => number) => (f(last) / f(first)).toFixed(2);
      console.log(
        `Growth from ${first.size.toLocaleString('en-US')} to ${last.size.toLocaleString('en-US')} orders (×${last.size / first.size}), p95 ratios:`,
      );
      console.log(
        `  baseline ×${growth((r) => r.baseline.p95)}, dashboard ×${growth((r) => r.dashboard.p95)}, charts ×${growth((r) => r.charts.p95)}, search ×${growth((r) => r.search.p95)}, stats ×${growth((r) => r.stats.p95)}, analytics ×${growth((r) => r.analytics.p95)}, export peak RSS ×${growth((r) => r.exported.peak)}`,
      );
      console.log(
        `Aims at ${last.size.toLocaleString('en-US')}: dashboard p95 ${last.dashboard.p95.toFixed(1)} ms (< 50), search p95 ${last.search.p95.toFixed(1)} ms (< 150), export peak RSS ${last.exported.peak.toFixed(0)} MB (< 250)`,
      );
    }
  } catch (err) {
    console.error('bench:dashboard failed:', err);
    process.exitCode = 1;
  } finally {
    for (const c of clients) await c.end().catch(() => {});
    await handle.current?.close();
    if (app) {
      app.server.child.kill('SIGTERM');
      await app.server.exit;
    }
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await postgres.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
