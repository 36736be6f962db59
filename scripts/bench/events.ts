// `npm run bench:events`, on PostgreSQL (issue 14, decision 049): landing-page analytics events
// through POST /api/v1/analytics/events at 50 connections, against a ceiling measured in the same
// run: the very same rows inserted by 50 concurrent callers straight through node-postgres, over a
// pool of the app's size (DATABASE_POOL_MAX, 20), with one bare multi-row INSERT per batch.
// Aim: at least 50 % of the ceiling's events per second, and the API's p99 under 50 ms.
//
// The server is the bundle `npm start` runs (apps/server/dist/main.mjs) when it is newer than the
// sources, else the sources under tsx (said so). Batches are realistic: one session each (a new
// one for every batch, as from many visitors), 1 to 10 events of a page view, clicks and
// sometimes a lead, over 20 pages and 5 campaigns (and none). A visitor's session is counted in
// the process's memory, and the batches of the requests the server handles in one turn of its
// event loop go in one INSERT (decision 049): each answer still waits for its own rows' commit.
// BENCH_SECONDS (10 per run), BENCH_ROUNDS (2, interleaved), BENCH_CONNECTIONS (50).
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { CTA_TYPES } from '@giftrelay/contracts';
import autocannon from 'autocannon';
import pg from 'pg';
import { builtEntry, freePort, health, type ServerProcess, startServerProcess } from '../../apps/server/test/servers';
import { providePostgres } from '../lib/postgres.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const APP_POOL = Number(process.env.DATABASE_POOL_MAX ?? 20);
const BATCHES = 50_000;
const root = path.resolve(import.meta.dirname, '../..');

const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

// Where the CPU went: the machine is small and shared, so beside each figure the bench prints the
// CPU time per batch of the app, of PostgreSQL's backends for this database, and of the bench itself,
// which the noise moves less than the throughput.
const TICK_MS = 10; // USER_HZ is 100 on Linux
function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
type Cpu = { appMs: number; pgMs: number; benchMs: number };
async function withCpu<T>(db: pg.Client, dbName: string, appPid: number | undefined, run: () => Promise<T>) {
  const backends = async () =>
    (
      await db.query(
        `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
        [dbName],
      )
    ).rows.map((r) => Number(r.pid));
  const seen = new Map<number, number>();
  const sample = async () => {
    for (const pid of await backends()) if (!seen.has(pid)) seen.set(pid, processCpuMs(pid));
  };
  await sample();
  const app0 = appPid ? processCpuMs(appPid) : 0;
  const self0 = process.cpuUsage();
  const timer = setInterval(() => void sample().catch(() => {}), 500);
  let result: T;
  try {
    result = await run();
  } finally {
    clearInterval(timer);
  }
  const self = process.cpuUsage(self0);
  let pgMs = 0;
  for (const [pid, start] of seen) pgMs += Math.max(0, processCpuMs(pid) - start);
  const cpu: Cpu = { appMs: appPid ? processCpuMs(appPid) - app0 : 0, pgMs, benchMs: (self.user + self.system) / 1000 };
  return { result, cpu };
}

type Event = {
  type: 'page_view' | 'cta_click' | 'lead_submitted';
  session_id: string;
  slug: string;
  utm_campaign: string | null;
  primary_keyword: string | null;
  cta_type?: string;
  occurred_at: string;
};

/** A visitor's batch: a page view first, then clicks, now and then a lead. */
function batch(i: number): Event[] {
  const session = randomUUID();
  const page = i % 20;
  const campaign = i % 6 === 0 ? null : `campaign-${i % 5}`;
  const base = {
    session_id: session,
    slug: `employee-rewards-${page}`,
    utm_campaign: campaign,
    primary_keyword: `employee rewards ${page}`,
    occurred_at: new Date().toISOString(),
  };
  const size = 1 + ((i * 7) % 10);
  const events: Event[] = [{ type: 'page_view', ...base }];
  while (events.length < size) {
    const n = events.length;
    events.push(
      n === 9 || (i % 4 === 0 && n === size - 1)
        ? { type: 'lead_submitted', ...base }
        : { type: 'cta_click', cta_type: CTA_TYPES[(i + n) % CTA_TYPES.length], ...base },
    );
  }
  return events;
}

/** Whether the bundle is newer than every source file it is built from. */
function builtIsFresh(): boolean {
  if (!existsSync(builtEntry)) return false;
  const built = statSync(builtEntry).mtimeMs;
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
      const p = path.join(dir, e.name);
      return Math.max(m, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
    }, 0);
  return ['apps/server/src', 'apps/server/migrations', 'packages/contracts/src'].every(
    (d) => newest(path.join(root, d)) <= built,
  );
}

async function startApp(env: Record<string, string>, built: boolean): Promise<{ port: number; server: ServerProcess }> {
  const port = await freePort();
  const server = startServerProcess(
    { PORT: String(port), RATE_LIMIT_FACTOR: '10000', CATALOG_SYNC_CRON: 'off', WORKERS: 'off', ...env },
    // npm start's heap limit (package.json); BENCH_APP_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'
    // profiles the app under load.
    {
      built,
      nodeArgs: ['--max-old-space-size=512', ...(process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    },
  );
  const deadline = Date.now() + 120_000;
  while ((await health(port))?.status !== 'ok') {
    if (Date.now() > deadline || server.child.exitCode !== null)
      throw new Error(`server did not start:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { port, server };
}

const countRows = async (db: pg.Client) =>
  Number((await db.query('SELECT count(*)::int AS n FROM analytics_events')).rows[0].n);

type Run = { eventsPerSecond: number; batchesPerSecond: number; p50: number; p99: number; batches: number; cpu?: Cpu };

async function apiRun(port: number, bodies: string[], db: pg.Client, seconds: number): Promise<Run> {
  // One shared turn for all connections, as the ceiling's callers share theirs.
  let turn = 0;
  const before = await countRows(db);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/analytics/events',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req: autocannon.Request) => ({ ...req, body: bodies[turn++ % bodies.length] }),
      },
    ],
  });
  if (result.errors || result.non2xx) throw new Error(`${result.errors} errors and ${result.non2xx} non-2xx answers`);
  const events = (await countRows(db)) - before;
  return {
    eventsPerSecond: events / result.duration,
    batchesPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    batches: result.requests.total,
  };
}

/** The same rows, one bare multi-row INSERT per batch, 50 callers over a pool of the app's size. */
const BARE_INSERT = `
INSERT INTO analytics_events (type, slug, session_id, utm_campaign, primary_keyword, cta_type, occurred_at)
SELECT * FROM unnest($1::text[], $2::text[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])`;

async function ceilingRun(pool: pg.Pool, batches: Event[][], seconds: number): Promise<Run> {
  let turn = 0;
  let events = 0;
  let calls = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const b = batches[turn++ % batches.length] as Event[];
        const t0 = performance.now();
        await pool.query({
          name: 'bench_bare_insert',
          text: BARE_INSERT,
          values: [
            b.map((e) => e.type),
            b.map((e) => e.slug),
            b.map((e) => e.session_id),
            b.map((e) => e.utm_campaign),
            b.map((e) => e.primary_keyword),
            b.map((e) => e.cta_type ?? null),
            b.map((e) => e.occurred_at),
          ],
        });
        latencies.push(performance.now() - t0);
        events += b.length;
        calls++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((x, y) => x - y);
  return {
    eventsPerSecond: events / elapsed,
    batchesPerSecond: calls / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    batches: calls,
  };
}

async function main() {
  const postgres = await providePostgres();
  const dbName = `gr_bench_events_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(postgres.url);
  dbUrl.pathname = `/${dbName}`;
  const url = dbUrl.toString();
  let app: { port: number; server: ServerProcess } | undefined;
  const pool = new pg.Pool({ connectionString: url, max: APP_POOL });
  // An idle connection ended by the clean-up's DROP DATABASE … FORCE must not crash the bench.
  pool.on('error', () => {});
  const db = new pg.Client({ connectionString: url });
  db.on('error', () => {});
  try {
    const built = builtIsFresh();
    console.log(
      `PostgreSQL: ${postgres.source}. ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s; the app's pool and the ceiling's: ${APP_POOL}.`,
    );
    console.log(
      built
        ? 'Server: the bundle npm start runs (apps/server/dist/main.mjs).'
        : 'Server: the sources under tsx (the bundle is missing or older than the sources; npm run build to measure it).',
    );
    console.log(`Before: ${load()}`);
    app = await startApp({ DATABASE_URL: url }, built);
    await db.connect();
    // Events are taken for published landing pages only (decision 060): publish the 20 the bench visits.
    await db.query(
      `INSERT INTO landing_pages (slug, primary_keyword, audience_segment, offer_type, hero_visual, copy, hero_svg, published, published_at)
       SELECT 'employee-rewards-' || i, 'employee rewards ' || i, 'hr_leaders', 'demo', 'globe', '{}', '<svg/>', true, now()
       FROM generate_series(0, 19) AS i ON CONFLICT (slug) DO NOTHING`,
    );
    const batches = Array.from({ length: BATCHES }, (_, i) => batch(i));
    const bodies = batches.map((events) => JSON.stringify({ events }));
    const meanEvents = batches.reduce((n, b) => n + b.length, 0) / batches.length;
    const meanBytes = bodies.reduce((n, b) => n + b.length, 0) / bodies.length;
    console.log(
      `${BATCHES} batches, a new session each, ${meanEvents.toFixed(1)} events and ${meanBytes.toFixed(0)} bytes a batch on average.\n`,
    );

    // Warm-up: JIT, connections, prepared statements.
    await apiRun(app.port, bodies, db, 2);
    await ceilingRun(pool, batches, 2);
    const apiRuns: Run[] = [];
    const ceilingRuns: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['api', 'ceiling'] : ['ceiling', 'api'];
      for (const which of order) {
        const server = app;
        if (which === 'api') {
          const r = await withCpu(db, dbName, server.server.child.pid, () => apiRun(server.port, bodies, db, SECONDS));
          apiRuns.push({ ...r.result, cpu: r.cpu });
        } else {
          const r = await withCpu(db, dbName, undefined, () => ceilingRun(pool, batches, SECONDS));
          ceilingRuns.push({ ...r.result, cpu: r.cpu });
        }
      }
      console.log(`round ${round + 1}/${ROUNDS} done; ${load()}`);
    }
    const avg = (runs: Run[]): Run => ({
      eventsPerSecond: runs.reduce((s, r) => s + r.eventsPerSecond, 0) / runs.length,
      batchesPerSecond: runs.reduce((s, r) => s + r.batchesPerSecond, 0) / runs.length,
      p50: Math.max(...runs.map((r) => r.p50)),
      p99: Math.max(...runs.map((r) => r.p99)),
      batches: runs.reduce((s, r) => s + r.batches, 0),
      cpu: {
        appMs: runs.reduce((s, r) => s + (r.cpu?.appMs ?? 0), 0),
        pgMs: runs.reduce((s, r) => s + (r.cpu?.pgMs ?? 0), 0),
        benchMs: runs.reduce((s, r) => s + (r.cpu?.benchMs ?? 0), 0),
      },
    });
    const perBatch = (r: Run) =>
      `CPU per batch: app ${((r.cpu?.appMs ?? 0) / r.batches).toFixed(2)} ms, PostgreSQL ${((r.cpu?.pgMs ?? 0) / r.batches).toFixed(2)} ms, bench ${((r.cpu?.benchMs ?? 0) / r.batches).toFixed(2)} ms`;
    const a = avg(apiRuns);
    const c = avg(ceilingRuns);
    const line = (name: string, r: Run) =>
      `${name.padEnd(44)} ${r.eventsPerSecond.toFixed(0).padStart(7)} events/s ${r.batchesPerSecond.toFixed(0).padStart(6)} batches/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms`;
    console.log(`\nAnalytics event ingestion (PostgreSQL, ${CONNECTIONS} concurrent callers):`);
    console.log(line(`  ceiling: bare INSERT through pg, pool ${APP_POOL}`, c));
    console.log(line('  POST /api/v1/analytics/events', a));
    console.log(
      `  → ${((100 * a.eventsPerSecond) / c.eventsPerSecond).toFixed(0)} % of the ceiling (aim: at least 50 %); API p99 ${a.p99.toFixed(1)} ms (aim: under 50 ms)`,
    );
    console.log(
      `  runs (events/s): ceiling ${ceilingRuns.map((r) => r.eventsPerSecond.toFixed(0)).join(', ')}; API ${apiRuns.map((r) => r.eventsPerSecond.toFixed(0)).join(', ')}`,
    );
    console.log(`  ceiling  ${perBatch(c)}`);
    console.log(`  API      ${perBatch(a)} (autocannon runs in the bench)`);
    console.log(`  ${load()}`);
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    if (app && app.server.child.exitCode === null) {
      app.server.child.kill('SIGTERM');
      await app.server.exit;
    }
    await db.end().catch(() => {});
    await pool.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await postgres.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
