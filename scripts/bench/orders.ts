// `npm run bench:orders`, on PostgreSQL, everything measured in the same run:
// 1. Order creation: POST /api/v1/orders (with Idempotency-Keys) at 50 connections, against the
//    same transaction's SQL issued straight through the driver at 50 connections (the ceiling).
//    Aim: at least 60 % of the ceiling.
// 2. Delivery: from the 201 to the recipient's email accepted by a real SMTP server (smtp-server,
//    in this process) at 50 orders per second. Aim: p50 under 250 ms, p99 under 1 s.
import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { freePort, health, type ServerProcess, startServerProcess } from '../../apps/server/test/servers';
import { providePostgres } from '../lib/postgres.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ORGS = 50;
const DELIVERY_RATE = 50;
const DELIVERY_SECONDS = Number(process.env.BENCH_DELIVERY_SECONDS ?? 20);
const PUBLIC_URL = 'http://localhost:3999';
const children: ServerProcess[] = [];

// --- A real SMTP server that records when each recipient's message is accepted -----------------
const received = new Map<string, number>();
const verifyLinks = new Map<string, string>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const at = performance.now();
      const raw = Buffer.concat(chunks)
        .toString('utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      for (const rcpt of session.envelope.rcptTo) {
        received.set(rcpt.address, at);
        const link = /\/verify\/([A-Za-z0-9_-]{20,})/.exec(raw)?.[1];
        if (link) verifyLinks.set(rcpt.address, link);
      }
      callback();
    });
  },
});

async function startApp(env: Record<string, string>): Promise<{ port: number; server: ServerProcess }> {
  const port = await freePort();
  const server = startServerProcess({
    PORT: String(port),
    PUBLIC_URL,
    RATE_LIMIT_FACTOR: '10000',
    CATALOG_SYNC_CRON: 'off',
    ...env,
  });
  children.push(server);
  const deadline = Date.now() + 90_000;
  while ((await health(port))?.status !== 'ok') {
    if (Date.now() > deadline || server.child.exitCode !== null)
      throw new Error(`server did not start:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { port, server };
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  await server.exit;
}

async function json(res: Response): Promise<Record<string, unknown> & { access_token?: string }> {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Real accounts through the real endpoints: sign-up, the emailed link, verification, sign-in. */
async function createAccounts(port: number, n: number): Promise<string[]> {
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
    await json(await post('/verify', { token: verifyLinks.get(email) }));
    tokens.push(String((await json(await post('/token?grant_type=password', { email, password }))).access_token));
  }
  return tokens;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

// --- The ceiling: the order transaction's statements, straight through node-postgres ---------
async function ceiling(url: string, organisationIds: string[], productCode: string, seconds: number) {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  const product = (await pool.query('SELECT * FROM products WHERE code = $1', [productCode])).rows[0];
  let done = 0;
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const one = async (i: number) => {
    const org = organisationIds[i % organisationIds.length];
    const key = randomUUID();
    const t0 = performance.now();
    const c = await pool.connect();
    try {
      // What the API sends for one order (product and billing currency are cached in the app):
      // claim the key, then one transaction of five statements.
      await c.query(
        `INSERT INTO idempotency_keys (organisation_id, key, request_hash, state, locked_until, expires_at)
         VALUES ($1, $2, $3, 'in_progress', now() + make_interval(secs => 60), now() + make_interval(hours => 48))
         ON CONFLICT DO NOTHING RETURNING key`,
        [org, key, 'h'.repeat(64)],
      );
      await c.query('BEGIN');
      const a = await c.query(
        `UPDATE ledger_accounts SET balance_minor = balance_minor + $1 WHERE organisation_id = $2 AND kind = 'available' AND currency = 'USD' AND balance_minor + $1 >= 0 RETURNING id`,
        [-103, org],
      );
      const h = await c.query(
        `UPDATE ledger_accounts SET balance_minor = balance_minor + $1 WHERE organisation_id = $2 AND kind = 'held' AND currency = 'USD' AND balance_minor + $1 >= 0 RETURNING id`,
        [103, org],
      );
      const orderId = randomUUID();
      await c.query(
        `WITH e AS (INSERT INTO ledger_entries (organisation_id, kind, order_id, description) VALUES ($1, 'hold', $2, 'Hold for 1 × $1.00') RETURNING id)
         INSERT INTO ledger_postings (entry_id, account_id, amount_minor)
         SELECT e.id, coalesce(v.account_id, (SELECT a.id FROM ledger_accounts a WHERE a.organisation_id IS NULL AND a.kind = v.kind AND a.currency = 'USD')), v.amount
         FROM e, (VALUES ($3::bigint, 'available'::text, $4::bigint), ($5::bigint, 'held'::text, $6::bigint)) AS v (account_id, kind, amount) RETURNING entry_id`,
        [org, orderId, a.rows[0].id, -103, h.rows[0].id, 103],
      );
      const body = JSON.stringify({
        success: true,
        order_id: orderId,
        status: 'pending',
        amount: 1,
        fee: 0.03,
        total: 1.03,
      });
      await c.query(
        `WITH o AS (INSERT INTO orders (id, organisation_id, product_id, product_code, product_name, brand, category, country, currency,
             amount_minor, quantity, subtotal_minor, fee_minor, total_minor, charge_currency, fx_rate,
             charged_subtotal_minor, charged_fee_minor, charged_total_minor, recipient_email, message, created_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'USD',100,1,100,3,103,'USD','1',100,3,103,'someone@example.com',NULL,now())),
         r AS (INSERT INTO rewards (order_id, organisation_id, position, claim_token_hash, claim_token_encrypted) VALUES ($1,$2,1,$9,$10)),
         e AS (INSERT INTO order_events (order_id, organisation_id, type, payload, created_at) VALUES ($1,$2,'order.created',$11,now())),
         k AS (UPDATE idempotency_keys SET state = 'completed', response_status = 201, response_body = $12 WHERE organisation_id = $2 AND key = $13)
         SELECT 1`,
        [
          orderId,
          org,
          product.id,
          product.code,
          product.name,
          product.brand,
          product.category,
          product.country,
          randomBytes(32).toString('hex'),
          `v1.${randomBytes(60).toString('base64url')}`,
          JSON.stringify({ order: { order_id: orderId } }),
          body,
          key,
        ],
      );
      await c.query(
        `INSERT INTO pgboss.job (name, data, retry_limit, retry_delay, retry_backoff) VALUES ('orders.fulfil', $1, 6, 1, true)`,
        [JSON.stringify({ orderId })],
      );
      await c.query('COMMIT');
    } catch (err) {
      await c.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      c.release();
    }
    latencies.push(performance.now() - t0);
    done++;
  };
  let i = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await one(i++);
    }),
  );
  await pool.end();
  latencies.sort((x, y) => x - y);
  return { rps: done / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function appThroughput(port: number, tokens: string[], productCode: string, seconds: number) {
  const body = JSON.stringify({ product_code: productCode, amount: 1, email: 'someone@example.com', quantity: 1 });
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: tokens.map((token) => ({
      method: 'POST',
      path: '/api/v1/orders',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
      setupRequest: (req: autocannon.Request) => ({
        ...req,
        headers: { ...req.headers, 'idempotency-key': randomUUID() },
      }),
    })),
  });
  if (result.errors || result.non2xx) throw new Error(`${result.errors} errors and ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function delivery(port: number, tokens: string[], productCode: string) {
  const sent = new Map<string, number>();
  const total = DELIVERY_RATE * DELIVERY_SECONDS;
  const requests: Promise<void>[] = [];
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / DELIVERY_RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const email = `delivery-${n}-${randomBytes(3).toString('hex')}@example.com`;
    requests.push(
      fetch(`http://127.0.0.1:${port}/api/v1/orders`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens[n % tokens.length]}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ product_code: productCode, amount: 1, email, quantity: 1 }),
      }).then(async (res) => {
        if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
        sent.set(email, performance.now());
      }),
    );
  }
  await Promise.all(requests);
  const offeredRate = total / ((performance.now() - started) / 1000);
  const deadline = Date.now() + 30_000;
  while ([...sent.keys()].some((e) => !received.has(e)) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  const latencies = [...sent.entries()]
    .filter(([e]) => received.has(e))
    .map(([e, t]) => (received.get(e) as number) - t);
  latencies.sort((x, y) => x - y);
  return {
    offeredRate,
    sent: sent.size,
    delivered: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
  };
}

async function main() {
  const postgres = await providePostgres();
  const dbName = `gr_bench_orders_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(postgres.url);
  dbUrl.pathname = `/${dbName}`;
  const url = dbUrl.toString();
  const smtpPort = await freePort();
  await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', r));
  const env = { DATABASE_URL: url, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
  try {
    console.log(`PostgreSQL: ${postgres.source}. ${CONNECTIONS} connections, ${SECONDS} s per throughput run.`);
    const setup = await startApp({ ...env, WORKERS: 'on' });
    const tokens = await createAccounts(setup.port, ORGS);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const productCode = (
      await db.query(
        `SELECT code FROM products WHERE currency = 'USD' AND denominations IS NULL AND min_value <= 100 AND max_value >= 100 ORDER BY code LIMIT 1`,
      )
    ).rows[0].code as string;
    const orgIds = (await db.query(`SELECT id FROM organisations ORDER BY created_at`)).rows.map((r) => r.id as string);
    await stop(setup.server);
    console.log(`${ORGS} organisations with 5,000.00 USD each; product ${productCode}; 1.00 USD orders.\n`);

    // 1. Throughput: the API with its workers off (they would compete for the same two cores), and the ceiling.
    const api = await startApp({ ...env, WORKERS: 'off' });
    await appThroughput(api.port, tokens, productCode, 3);
    await ceiling(url, orgIds, productCode, 3);
    const apiRuns = [];
    const ceilingRuns = [];
    for (let i = 0; i < 2; i++) {
      apiRuns.push(await appThroughput(api.port, tokens, productCode, SECONDS));
      ceilingRuns.push(await ceiling(url, orgIds, productCode, SECONDS));
    }
    await stop(api.server);
    const avg = (runs: { rps: number; p50: number; p99: number }[]) => ({
      rps: runs.reduce((s, r) => s + r.rps, 0) / runs.length,
      p50: Math.max(...runs.map((r) => r.p50)),
      p99: Math.max(...runs.map((r) => r.p99)),
    });
    const a = avg(apiRuns);
    const c = avg(ceilingRuns);
    const line = (name: string, r: { rps: number; p50: number; p99: number }) =>
      `${name.padEnd(42)} ${r.rps.toFixed(0).padStart(6)} orders/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms`;
    console.log('Order creation (PostgreSQL, 50 connections):');
    console.log(line('  ceiling: the same SQL through node-postgres', c));
    console.log(line('  POST /api/v1/orders', a));
    console.log(`  → ${((100 * a.rps) / c.rps).toFixed(0)} % of the ceiling (aim: at least 60 %)\n`);

    // Drain what phase 1 queued, so phase 2 measures delivery, not a backlog.
    await db.query(`DELETE FROM pgboss.job WHERE name = 'orders.fulfil'`);
    await db.end();

    // 2. Delivery latency with the workers on.
    const full = await startApp({ ...env, WORKERS: 'on' });
    const d = await delivery(full.port, tokens, productCode);
    await stop(full.server);
    console.log(
      `Delivery, 201 → email accepted by SMTP, at ${d.offeredRate.toFixed(1)} orders/s for ${DELIVERY_SECONDS} s:`,
    );
    console.log(
      `  ${d.delivered} of ${d.sent} delivered   p50 ${d.p50.toFixed(0)} ms   p99 ${d.p99.toFixed(0)} ms   max ${d.max.toFixed(0)} ms`,
    );
    console.log('  (aim: p50 under 250 ms, p99 under 1000 ms)');
  } finally {
    for (const child of children) if (child.child.exitCode === null) child.child.kill('SIGKILL');
    smtp.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await postgres.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
