// `npm run bench:webhooks`, on PostgreSQL, one app process with its workers (decision 030):
// 1. Latency: orders at 50 per second (BENCH_RATE) for BENCH_SECONDS (20), the endpoint taking
//    `order.completed`; from each completion's commit to the receiver's 2xx: p50/p90/p99/max and
//    the rate achieved. The dispatcher woken by NOTIFY (the default), then the old 250 ms poll
//    (WEBHOOK_DISPATCH=poll) in the same run, each followed by 20 s idle whose transactions are
//    counted (pg_stat_database). Aim: p50 under 100 ms, p99 under 1 s.
// 2. Receiver faults: orders at 5 per second (BENCH_FAULT_RATE) for BENCH_FAULT_SECONDS (120),
//    the endpoint taking `order.created` and `order.completed`; the receiver answers 500 to a third
//    of requests, holds a tenth past the attempt timeout, and is down (connection refused) for the
//    minute from 30 s. The schedule is scaled (WEBHOOK_RETRY_SCALE, BENCH_RETRY_SCALE: 0.002, so
//    its eight attempts span 3.3 minutes instead of 27.5 hours) and an attempt times out after
//    1 s (WEBHOOK_TIMEOUT_MS, BENCH_TIMEOUT_MS). Chains that end failed are replayed through the
//    API, as a customer would after an outage. Reported: events delivered, each webhook-id at
//    least once, ids stable (every request verified with `standardwebhooks`), duplicates per
//    1,000, and how late each retry ran against the time it was scheduled for.
// `BENCH_PHASES=latency` or `faults` runs one alone. The load average is printed with every figure.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { loadavg } from 'node:os';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { RETRY_DELAYS_SECONDS } from '../../apps/server/src/modules/webhooks/delivery';
import { freePort, type ServerProcess, startServerProcess } from '../../apps/server/test/servers';
import { providePostgres } from '../lib/postgres.mjs';
import { stop, untilHealthy } from './measure';

const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const FAULT_RATE = Number(process.env.BENCH_FAULT_RATE ?? 5);
const FAULT_SECONDS = Number(process.env.BENCH_FAULT_SECONDS ?? 120);
const OUTAGE_FROM_S = Number(process.env.BENCH_OUTAGE_FROM_SECONDS ?? 30);
const OUTAGE_S = Number(process.env.BENCH_OUTAGE_SECONDS ?? 60);
const RETRY_SCALE = process.env.BENCH_RETRY_SCALE ?? '0.002';
const TIMEOUT_MS = process.env.BENCH_TIMEOUT_MS ?? '1000';
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
const PHASES = new Set((process.env.BENCH_PHASES ?? 'latency,faults').split(','));
const PUBLIC_URL = 'http://localhost:3997';
const children: ServerProcess[] = [];

const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
const ms = (v: number) => `${v.toFixed(0)} ms`;
const spread = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return `p50 ${ms(percentile(s, 50))}   p90 ${ms(percentile(s, 90))}   p99 ${ms(percentile(s, 99))}   max ${ms(s.at(-1) ?? Number.NaN)}`;
};

// --- A customer's receiver: verifies every request, records each webhook-id's answers ----------
interface Seen {
  requests: number;
  ok: number;
  firstOkAt?: number;
}
type Fault = 'ok' | '500' | 'hold';

function receiver(secret: () => string, fault: () => Fault) {
  const seen = new Map<string, Seen>();
  const problems: string[] = [];
  const sockets = new Set<Socket>();
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      try {
        const event = new Webhook(secret()).verify(body, {
          'webhook-id': id,
          'webhook-timestamp': String(req.headers['webhook-timestamp']),
          'webhook-signature': String(req.headers['webhook-signature']),
        }) as { id: string };
        if (event.id !== id) problems.push(`body id ${event.id} under webhook-id ${id}`);
      } catch (err) {
        problems.push(`${id}: ${(err as Error).message}`);
      }
      const s = seen.get(id) ?? { requests: 0, ok: 0 };
      s.requests++;
      seen.set(id, s);
      const f = fault();
      if (f === 'hold') {
        // Past the attempt's timeout, then the connection is dropped.
        setTimeout(() => res.destroy(), Number(TIMEOUT_MS) * 3).unref();
        return;
      }
      if (f === '500') {
        res.writeHead(500).end('oops');
        return;
      }
      res.writeHead(200).end('ok', () => {
        s.ok++;
        s.firstOkAt ??= Date.now();
      });
    });
  };
  let server: Server = createServer(handle);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  let port = 0;
  return {
    seen,
    problems,
    async start() {
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
      port = (server.address() as AddressInfo).port;
      return `http://127.0.0.1:${port}/hook`;
    },
    /** Down entirely: the port refuses connections, open ones are cut. */
    async down() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
      server = createServer(handle);
      server.on('connection', (s) => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      });
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

// --- The app, an account, its endpoints --------------------------------------------------------
async function startApp(env: Record<string, string>): Promise<{ port: number; server: ServerProcess }> {
  const port = await freePort();
  const server = startServerProcess({
    APP_ENV: 'test',
    PASSWORD_HASHING: 'fast-test-only',
    PORT: String(port),
    PUBLIC_URL,
    RATE_LIMIT_FACTOR: '10000',
    CATALOG_SYNC_CRON: 'off',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_SCALE: RETRY_SCALE,
    WEBHOOK_TIMEOUT_MS: TIMEOUT_MS,
    ...env,
  });
  children.push(server);
  await untilHealthy(port, server);
  return { port, server };
}

function api(port: number, token?: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** A verified account through the real endpoints (the built-in mailbox answers the loopback interface). */
async function createAccount(port: number): Promise<string> {
  const call = api(port);
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'violet-Harbour-42';
  await call('POST', '/v1/auth/signup', { email, password });
  let token: string | undefined;
  const deadline = Date.now() + 20_000;
  while (!token) {
    if (Date.now() > deadline) throw new Error(`no verification email for ${email}`);
    const { messages } = (await call('GET', `/mailbox?to=${encodeURIComponent(email)}`)) as {
      messages: { text: string }[];
    };
    token = /\/verify\/([A-Za-z0-9_-]{20,})/.exec(messages[0]?.text ?? '')?.[1];
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  await call('POST', '/v1/auth/verify', { token, password });
  return String((await call('POST', '/v1/auth/token?grant_type=password', { email, password })).access_token);
}

async function addEndpoint(port: number, token: string, url: string, eventTypes: string[]) {
  const res = (await api(port, token)('POST', '/v1/webhook-endpoints', { url, event_types: eventTypes })) as {
    endpoint: { id: string };
    secret: string;
  };
  return { id: res.endpoint.id, secret: res.secret };
}

/** Orders at `rate` per second for `seconds`, each answered 201; returns how many per second went. */
async function sendOrders(port: number, token: string, productCode: string, rate: number, seconds: number) {
  const total = Math.round(rate * seconds);
  const requests: Promise<void>[] = [];
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const wait = started + (n * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    requests.push(
      fetch(`http://127.0.0.1:${port}/api/v1/orders`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ product_code: productCode, amount: 1, email: `r-${n}@example.com`, quantity: 1 }),
      }).then(async (res) => {
        if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
      }),
    );
  }
  await Promise.all(requests);
  return total / ((performance.now() - started) / 1000);
}

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
  return true;
}

// --- 1. Latency -------------------------------------------------------------------------------
async function latencyRun(db: pg.Client, dbName: string, env: Record<string, string>, mode: 'notify' | 'poll') {
  const app = await startApp({ ...env, WEBHOOK_DISPATCH: mode });
  const token = await createAccount(app.port);
  await api(app.port, token)('POST', '/v1/balance/sandbox-topup', { amount: 5000 });
  let secret = '';
  const r = receiver(
    () => secret,
    () => 'ok',
  );
  const url = await r.start();
  const endpoint = await addEndpoint(app.port, token, url, ['order.completed']);
  secret = endpoint.secret;
  const productCode = (
    await db.query(
      `SELECT code FROM products WHERE currency = 'USD' AND denominations IS NULL AND min_value <= 100 AND max_value >= 100 ORDER BY code LIMIT 1`,
    )
  ).rows[0].code as string;
  // Warm up (the first orders parse statements and open connections), then forget them.
  await sendOrders(app.port, token, productCode, 10, 1);
  await until(async () => r.seen.size >= 10, 30_000);
  r.seen.clear();
  const from = new Date();
  const achieved = await sendOrders(app.port, token, productCode, RATE, SECONDS);
  const orders = Math.round(RATE * SECONDS);
  const delivered = await until(async () => r.seen.size >= orders, 120_000);
  // The completion's own time: `now()` of its transaction, to the millisecond, a little before its
  // commit, so the latency is overstated by the completion statement's own time.
  const events = (
    await db.query(`SELECT id, created_at FROM events WHERE type = 'order.completed' AND created_at >= $1`, [from])
  ).rows as { id: string; created_at: Date }[];
  const latencies = events
    .map((e) => (r.seen.get(e.id)?.firstOkAt ?? Number.NaN) - e.created_at.getTime())
    .filter((v) => Number.isFinite(v));
  const loadNow = load();
  // What was not delivered is dropped (the endpoint and its deliveries, their jobs), so that the
  // idle figure and the next run measure nothing left over from this one.
  await api(app.port, token)('DELETE', `/v1/webhook-endpoints/${endpoint.id}`);
  await db.query(`DELETE FROM pgboss.job WHERE name = 'webhooks.deliver'`);
  // Idle: the app with nothing to do. Every transaction it commits (pg-boss's polls for every
  // queue included), and the dispatcher's own share: its reads of the outbox.
  await new Promise((res) => setTimeout(res, 5000));
  const counters = async () => {
    await db.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await db.query(
      `SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = $1) AS commits,
              (SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0) FROM pg_stat_user_tables WHERE relname = 'webhook_deliveries') AS scans`,
      [dbName],
    );
    return { commits: Number(rows[0].commits), scans: Number(rows[0].scans) };
  };
  const before = await counters();
  await new Promise((res) => setTimeout(res, IDLE_SECONDS * 1000));
  const after = await counters();
  // Less this bench's own two statements.
  const idle = (after.commits - before.commits - 2) / IDLE_SECONDS;
  const outboxReads = (after.scans - before.scans) / IDLE_SECONDS;
  await stop(app.server);
  await r.stop();
  console.log(
    `  ${mode === 'notify' ? 'NOTIFY (default)' : 'poll every 250 ms'}: ${latencies.length} of ${orders} delivered${delivered ? '' : ' (gave up after 120 s)'}, ` +
      `${achieved.toFixed(1)} orders/s achieved`,
  );
  console.log(`    commit → 2xx  ${spread(latencies)}`);
  console.log(
    `    idle: the outbox read ${outboxReads.toFixed(2)} times/s; the whole app process ${idle.toFixed(1)} transactions/s   (${loadNow})`,
  );
  if (r.problems.length) console.log(`    verification problems: ${r.problems.slice(0, 5).join('; ')}`);
}

// --- 2. Receiver faults -----------------------------------------------------------------------
async function faultRun(db: pg.Client, env: Record<string, string>) {
  const app = await startApp({ ...env, WEBHOOK_DISPATCH: 'notify' });
  const token = await createAccount(app.port);
  const call = api(app.port, token);
  await call('POST', '/v1/balance/sandbox-topup', { amount: 5000 });
  let secret = '';
  let isDown = false;
  const counts = { ok: 0, '500': 0, hold: 0 } as Record<Fault, number>;
  const r = receiver(
    () => secret,
    () => {
      const x = Math.random();
      const f: Fault = x < 1 / 3 ? '500' : x < 1 / 3 + 1 / 10 ? 'hold' : 'ok';
      counts[f]++;
      return f;
    },
  );
  const url = await r.start();
  const endpoint = await addEndpoint(app.port, token, url, ['order.created', 'order.completed']);
  secret = endpoint.secret;
  const productCode = (
    await db.query(
      `SELECT code FROM products WHERE currency = 'USD' AND denominations IS NULL AND min_value <= 100 AND max_value >= 100 ORDER BY code LIMIT 1`,
    )
  ).rows[0].code as string;

  const outage = (async () => {
    await new Promise((res) => setTimeout(res, OUTAGE_FROM_S * 1000));
    await r.down();
    isDown = true;
    await new Promise((res) => setTimeout(res, OUTAGE_S * 1000));
    await r.start();
    isDown = false;
  })();
  const achieved = await sendOrders(app.port, token, productCode, FAULT_RATE, FAULT_SECONDS);
  await outage;
  const scale = Number(RETRY_SCALE);
  const chainMs = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0) * 1.1 * scale * 1000;
  const pending = async () =>
    Number(
      (
        await db.query(`SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending'`, [
          endpoint.id,
        ])
      ).rows[0].count,
    );
  await until(async () => (await pending()) === 0, chainMs + 120_000);
  const events = (
    await db.query(
      `SELECT e.id, e.created_at FROM events e JOIN webhook_deliveries d ON d.event_id = e.id WHERE d.endpoint_id = $1`,
      [endpoint.id],
    )
  ).rows as { id: string; created_at: Date }[];
  const failedFirst = (
    await db.query(`SELECT event_id FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'failed'`, [
      endpoint.id,
    ])
  ).rows.map((x) => x.event_id as string);
  // What a customer does after an outage: replay what failed (the same webhook-id, a new chain).
  let replays = 0;
  for (let round = 0; round < 3; round++) {
    const undelivered = events.filter((e) => !r.seen.get(e.id)?.ok);
    if (undelivered.length === 0) break;
    for (const e of undelivered) {
      await call('POST', `/v1/webhook-endpoints/${endpoint.id}/replay`, { event_id: e.id });
      replays++;
    }
    await until(async () => (await pending()) === 0, chainMs + 60_000);
  }
  const attempts = (
    await db.query(
      `SELECT a.delivery_id, a.attempted_at, a.next_retry_at FROM webhook_attempts a
       JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = $1 ORDER BY a.delivery_id, a.id`,
      [endpoint.id],
    )
  ).rows as { delivery_id: string; attempted_at: Date; next_retry_at: Date | null }[];
  const chains = Number(
    (await db.query(`SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = $1`, [endpoint.id])).rows[0].count,
  );
  // How late each retry ran against the time it was scheduled for, by step.
  const late = new Map<number, number[]>();
  const outOfJitter: number[] = [];
  let step = 0;
  for (let i = 0; i < attempts.length; i++) {
    const a = attempts[i] as (typeof attempts)[number];
    const prev = attempts[i - 1];
    step = prev?.delivery_id === a.delivery_id ? step + 1 : 0;
    const next = attempts[i + 1];
    if (a.next_retry_at && next?.delivery_id === a.delivery_id) {
      late.set(step + 1, [...(late.get(step + 1) ?? []), next.attempted_at.getTime() - a.next_retry_at.getTime()]);
      const planned = (a.next_retry_at.getTime() - a.attempted_at.getTime()) / 1000;
      const nominal = (RETRY_DELAYS_SECONDS[step] ?? 0) * scale;
      if (planned < nominal * 0.9 - 0.001 || planned > nominal * 1.1 + 0.001) outOfJitter.push(planned / nominal);
    }
  }
  const ids = new Set(events.map((e) => e.id));
  const unknown = [...r.seen.keys()].filter((id) => !ids.has(id));
  const delivered = events.filter((e) => (r.seen.get(e.id)?.ok ?? 0) >= 1).length;
  const duplicates = events.reduce((s, e) => s + Math.max(0, (r.seen.get(e.id)?.ok ?? 0) - 1), 0);
  const requests = [...r.seen.values()].reduce((s, x) => s + x.requests, 0);
  await stop(app.server);
  await r.stop();
  console.log(
    `  ${events.length} events from ${Math.round(FAULT_RATE * FAULT_SECONDS)} orders at ${achieved.toFixed(1)} orders/s; ` +
      `retry schedule × ${scale} (WEBHOOK_RETRY_SCALE), attempt timeout ${TIMEOUT_MS} ms (WEBHOOK_TIMEOUT_MS)`,
  );
  console.log(
    `  receiver: ${requests} requests answered (${counts['500']} × 500, ${counts.hold} held past the timeout, ${counts.ok} × 200), ` +
      `down ${OUTAGE_S} s from ${OUTAGE_FROM_S} s${isDown ? ' (still down!)' : ''}`,
  );
  console.log(
    `  delivered: ${delivered} of ${events.length} (${((100 * delivered) / Math.max(1, events.length)).toFixed(2)} %); ` +
      `${failedFirst.length} chains ran out of attempts and were replayed (${replays} replays)`,
  );
  console.log(
    `  webhook-ids: every request verified (${r.problems.length} failures${r.problems.length ? `: ${r.problems.slice(0, 3).join('; ')}` : ''}), ` +
      `${unknown.length} unknown ids, ${events.filter((e) => !r.seen.has(e.id)).length} events never seen; ` +
      `duplicates (2xx after the first) ${((1000 * duplicates) / Math.max(1, events.length)).toFixed(2)} per 1,000`,
  );
  console.log(`  attempts: ${attempts.length} logged for ${chains} chains (replays included)`);
  for (const [k, values] of [...late].sort((a, b) => a[0] - b[0])) {
    const nominal = (RETRY_DELAYS_SECONDS[k - 1] ?? 0) * scale * 1000;
    console.log(`    retry ${k} (nominal ${ms(nominal)}, ${values.length}): late by ${spread(values)}`);
  }
  console.log(
    `    planned delays outside the ±10 % jitter: ${outOfJitter.length}${outOfJitter.length ? ` (ratios ${outOfJitter.slice(0, 5).map((x) => x.toFixed(3))})` : ''}`,
  );
  console.log(`  ${load()}`);
}

async function main() {
  const postgres = await providePostgres();
  const dbName = `gr_bench_webhooks_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(postgres.url);
  dbUrl.pathname = `/${dbName}`;
  const env = { DATABASE_URL: dbUrl.toString() };
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  try {
    console.log(`PostgreSQL: ${postgres.source}. Before: ${load()}`);
    // Migrations and the catalogue, once.
    await stop((await startApp(env)).server);
    await db.connect();
    if (PHASES.has('latency')) {
      console.log(
        `\nLatency, order.completed commit → receiver's 2xx, ${RATE} orders/s for ${SECONDS} s (aim: p50 < 100 ms, p99 < 1 s):`,
      );
      await latencyRun(db, dbName, env, 'notify');
      await latencyRun(db, dbName, env, 'poll');
    }
    if (PHASES.has('faults')) {
      console.log(`\nReceiver faults, ${FAULT_RATE} orders/s for ${FAULT_SECONDS} s:`);
      await faultRun(db, env);
    }
  } finally {
    await db.end().catch(() => {});
    for (const child of children) if (child.child.exitCode === null) child.child.kill('SIGKILL');
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await postgres.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
