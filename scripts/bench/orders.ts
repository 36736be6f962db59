// `npm run bench:orders`, on PostgreSQL, everything measured in the same run:
// 1. Order creation: POST /api/v1/orders (with Idempotency-Keys) at 50 connections, against the
//    same statement issued straight through the driver by 50 concurrent callers (the ceiling),
//    over a pool of the app's size (its default on this machine, or DATABASE_POOL_MAX) and of
//    other sizes (BENCH_CEILING_POOLS, default 8,20): on two cores many busy backends thrash, so
//    the ceiling is the BEST of them, and the API's figure is given against it (docs/decisions/017).
//    Aim: at least 80 % of it (issue 36). The API runs at the app's pool and at each of
//    BENCH_API_POOLS (e.g. 4,20; one app process at a time), and twice at each: orders signed with
//    session access tokens, and orders signed with API keys (`gr_test_…`, one per organisation),
//    in turns that swap every round (ABBA, BENCH_ROUNDS rounds, 2 by default), so the key's cost
//    shows beside the token's and neither always runs first (decision 098).
// 2. Delivery: from the 201 to the recipient's email accepted by a real SMTP server (smtp-server,
//    in this process) at 50 orders per second. Aim: p50 under 250 ms, p99 under 1 s.
// 4. Risk rules (issue 37, BENCH_PHASES=risk): the API's throughput as in 1, for 50 organisations
//    with no rules and 50 more with five order-side rules that all pass (bench/risk.ts's five),
//    in alternating rounds (ABBA). Aim: with rules at least 90 % of without.
// 3. Tango Card (issue 17): the same delivery with GIFT_CARD_PROVIDER=tango against the fake Tango
//    (test/fake-tango.ts) answering in 200 ms and allowing 1 request a second, from TWO app
//    processes sharing the limit: delivery latency, and whether Tango ever had to say 429.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { ROLES_FOR_LEVEL } from '@giftrelay/contracts';
import autocannon from 'autocannon';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { loadConfig } from '../../apps/server/src/config';
import { bankReference } from '../../apps/server/src/lib/bank-transfer';
import { encryptSecret, newUrlToken } from '../../apps/server/src/lib/crypto';
import type { NewOrderRow } from '../../apps/server/src/modules/orders';
import { FULFIL_QUEUE, fulfilJobOptions } from '../../apps/server/src/modules/orders/fulfilment';
import { placeOrderStatement } from '../../apps/server/src/modules/orders/place-order-statement';
import { presentOrder } from '../../apps/server/src/modules/orders/presenter';
import { pgBossInternals } from '../../apps/server/src/plugins/queue';
import { FAKE_TANGO, FakeTango } from '../../apps/server/test/fake-tango';
import { builtEntry, freePort, type ServerProcess, startServerProcess } from '../../apps/server/test/servers';
import { providePostgres } from '../lib/postgres.mjs';
import {
  createAccounts as createAccountsWith,
  FIVE_RULES,
  json,
  load,
  percentile,
  stop,
  untilHealthy,
  withCpu,
} from './measure';
import { smtpRecorder } from './smtp-recorder';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ORGS = 50;
const DELIVERY_RATE = 50;
// The pool the app opens by default on this machine, or DATABASE_POOL_MAX (passed on to the app).
const APP_DATABASE = loadConfig({ ...process.env, DATABASE_URL: 'postgres://bench@127.0.0.1/bench' }).database;
const APP_POOL = APP_DATABASE.driver === 'postgres' ? APP_DATABASE.poolMax : 20;
const APP_POOL_SOURCE = process.env.DATABASE_POOL_MAX
  ? 'DATABASE_POOL_MAX'
  : `its default on ${availableParallelism()} cores`;
const pools = (list: string | undefined, fallback: string) =>
  [...new Set([APP_POOL, ...(list ?? fallback).split(',').filter(Boolean).map(Number)])].sort((a, b) => a - b);
// The API at the app's pool and at these (BENCH_API_POOLS, e.g. 4,8,20), each in a process of its own.
const API_POOLS = pools(process.env.BENCH_API_POOLS, '');
const CEILING_POOLS = pools(process.env.BENCH_CEILING_POOLS, '8,20');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const DELIVERY_SECONDS = Number(process.env.BENCH_DELIVERY_SECONDS ?? 20);
const PUBLIC_URL = 'http://localhost:3999';
// `BENCH_PHASES=throughput` or `delivery` runs one figure alone (both by default).
// `risk` (not by default) measures five risk rules' cost to the API's throughput.
const PHASES = new Set((process.env.BENCH_PHASES ?? 'throughput,delivery,tango').split(','));
const RISK_ROUNDS = Number(process.env.BENCH_RISK_ROUNDS ?? 4);
const TANGO_ORDERS = Number(process.env.BENCH_TANGO_ORDERS ?? 12);
const children: ServerProcess[] = [];
// The app's rate limits and sandbox cap (× this factor) never refuse the bench's volume.
const RATE_LIMIT_FACTOR = '10000';
// The bundle `npm start` runs, when built (what users run; rebuild after changing the server),
// else the sources through tsx.
const BUILT = existsSync(builtEntry);

// --- A real SMTP server that records when each recipient's message is accepted -----------------
const { server: smtp, received, verifyLinks } = smtpRecorder();
const createAccounts = (port: number, n: number) => createAccountsWith(port, n, verifyLinks);

async function startApp(env: Record<string, string>): Promise<{ port: number; server: ServerProcess }> {
  const port = await freePort();
  const server = startServerProcess(
    {
      PORT: String(port),
      PUBLIC_URL,
      RATE_LIMIT_FACTOR,
      CATALOG_SYNC_CRON: 'off',
      ...env,
      // BENCH_APP_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the app under load.
    },
    { built: BUILT, nodeArgs: process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) },
  );
  children.push(server);
  await untilHealthy(port, server);
  return { port, server };
}

/** A full-access API key for each account, created through the API with its session. */
async function createApiKeys(port: number, tokens: string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const token of tokens) {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', scopes: 'full' }),
    });
    keys.push(String((await json(res)).key));
  }
  return keys;
}

type Member = {
  org: string;
  user: string;
  session: string;
  /** The organisation's state the API's statement checks (decision 093), as the API read it. */
  state: { spendGuard: boolean; rewardExpiryDays: number | null; defaultMessage: string | null };
};

// --- The ceiling: the order's statement, straight through node-postgres -------------------------
// The very statement the API sends for an order with an Idempotency-Key (place-order-statement.ts,
// as a prepared statement, with pg-boss's own job insert in it), built from a row like the API's.
// The statement checks the caller's session as the API's does. What the API does besides (HTTP,
// the token, validation, waking the workers after the commit) is its overhead over this ceiling.
async function ceiling(pool: pg.Pool, url: string, members: Member[], productCode: string, seconds: number) {
  // 50 callers share the pool's connections, as the API's 50 HTTP connections share its pool.
  const boss = new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    max: 2,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  // Reported by the run itself; an error event with no listener would end the process first.
  boss.on('error', () => {});
  await boss.start();
  const product = (await pool.query('SELECT * FROM products WHERE code = $1', [productCode])).rows[0];
  const config = loadConfig({ ...process.env, DATABASE_URL: url, RATE_LIMIT_FACTOR });
  const tokenKey = randomBytes(32);
  let done = 0;
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const one = async (i: number) => {
    const { org, user, session, state } = members[i % members.length] as Member;
    const t0 = performance.now();
    const order: NewOrderRow = {
      id: randomUUID(),
      organisation_id: org,
      created_by: user,
      product_id: product.id,
      product_code: product.code,
      product_name: product.name,
      brand: product.brand,
      category: product.category,
      country: product.country,
      currency: 'USD',
      amount_minor: '100',
      quantity: 1,
      subtotal_minor: '100',
      fee_minor: '3',
      total_minor: '103',
      charge_currency: 'USD',
      fx_rate: '1',
      charged_subtotal_minor: '100',
      charged_fee_minor: '3',
      charged_total_minor: '103',
      recipient_email: 'someone@example.com',
      recipient_name: null,
      message: null,
      delivery_method: 'email',
      status: 'pending',
      failure_reason: null,
      created_at: new Date(),
      completed_at: null,
      failed_at: null,
      usd_total_minor: '103',
      approval_expires_at: null,
      decided_by: null,
      decided_at: null,
      decision_note: null,
      send_at: null,
      batch_id: null,
      api_key_id: null,
      source_kind: null,
      source_id: null,
      source_client_name: null,
      released_subtotal_minor: '0',
      released_fee_minor: '0',
      issued_count: 0,
      failed_count: 0,
      voided_count: 0,
      recipient_phone: null,
      expires_at: null,
      expired_at: null,
      expiry_note: null,
      expiry_refunded_count: 0,
      choice_product_codes: null,
      choice_set_id: null,
      choice_set_name: null,
      choice_made_at: null,
    };
    // The same rows as the API's, down to the event's payload and the stored answer.
    // The bench's organisations are sandbox ones (BENCH_PHASES=tango is the API's path, not this).
    const summary = presentOrder({ ...order, sandbox: true });
    const answer = JSON.stringify({ success: true, ...summary });
    const { text, name, values } = placeOrderStatement({
      order,
      sandbox: true,
      organisation: state,
      // The sandbox cap's reservation, as the app's (its cap, the order's address).
      recipients: {
        cap: config.giftCards.sandboxOutsideRecipientsPerDay,
        addresses: [order.recipient_email as string],
      },
      credential: {
        kind: 'session',
        sessionId: session,
        userId: user,
        organisationId: org,
        roles: ROLES_FOR_LEVEL.send,
      },
      rewards: [newUrlToken()].map((t) => ({
        claim_token_hash: t.hash,
        claim_token_encrypted: encryptSecret(tokenKey, t.token),
      })),
      eventPayload: JSON.stringify({ order: summary }),
      eventPayloadWaiting: JSON.stringify({ order: { ...summary, status: 'pending_approval' } }),
      holdDescription: `Hold for 1 × $1.00 ${product.name}`,
      job: await pgBossInternals.captureJobInsert(boss, FULFIL_QUEUE, { orderId: order.id }, fulfilJobOptions(config)),
      key: {
        key: randomUUID(),
        requestHash: 'h'.repeat(64),
        answer,
        answerWaiting: answer,
        answerReview: answer,
        keepHours: 48,
      },
      // No rules: the organisations have none, as the API's orders in the same run.
      risk: {
        usdRewardMinor: 103,
        disposable: false,
        sandboxMatch: null,
        reviewId: randomUUID(),
        heldPayload: JSON.stringify({}),
      },
    });
    const { rows } = await pool.query({ name, text, values });
    if (!rows[0]?.held) throw new Error('the ceiling’s order was refused');
    latencies.push(performance.now() - t0);
    done++;
  };
  let i = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await one(i++);
    }),
  );
  await boss.stop({ graceful: false, close: true });
  latencies.sort((x, y) => x - y);
  return { rps: done / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), orders: done };
}

/**
 * POST /api/v1/orders at CONNECTIONS connections for `seconds`. With `freshRecipients` each order
 * goes to an address of its own (the risk phase: a velocity rule over one address that thousands
 * of orders go to would measure that address, not the rules).
 */
async function appThroughput(
  port: number,
  tokens: string[],
  productCode: string,
  seconds: number,
  freshRecipients = false,
) {
  const body = JSON.stringify({ product_code: productCode, amount: 1, email: 'someone@example.com', quantity: 1 });
  const bodyOf = () =>
    freshRecipients
      ? JSON.stringify({ product_code: productCode, amount: 1, email: `r-${randomUUID()}@example.com`, quantity: 1 })
      : body;
  // One shared turn for all 50 connections, as the ceiling's callers share `i`: given a list of
  // requests, autocannon walks it from the start on every connection, so all 50 would order for the
  // same organisation at the same moment and queue on its one balance row.
  let turn = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    // A small pool on a machine at load 20 can keep a request queued past autocannon's 10 s.
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/orders',
        body,
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          body: bodyOf(),
          headers: {
            authorization: `Bearer ${tokens[turn++ % tokens.length]}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
        }),
      },
    ],
  });
  if (result.errors || result.non2xx) throw new Error(`${result.errors} errors and ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, orders: result['2xx'] };
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

/** Takes each account's organisation live through the API, and funds it with a bank transfer. */
async function goLiveAndFund(port: number, owners: string[], operator: string, db: pg.Client) {
  const call = async (path: string, token: string, body: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<{ request: { id: string } }>;
  };
  for (const [i, token] of owners.entries()) {
    const asked = await call('/organisation/live-requests', token, {
      company_name: `Bench ${i} Ltd`,
      website: 'https://bench.example.com',
      use_case: 'Orders for the Tango Card run of the orders benchmark.',
      expected_monthly_volume: '1k_10k',
    });
    await call(`/operator/live-requests/${asked.request.id}/approve`, operator, {});
    const org = (await db.query('SELECT organisation_id FROM live_requests WHERE id = $1', [asked.request.id])).rows[0];
    await call('/operator/bank-transfers', operator, {
      organisation_reference: bankReference(org.organisation_id),
      amount: '5000',
      received_on: new Date().toISOString().slice(0, 10),
      bank_reference: `BENCH-${randomBytes(6).toString('hex')}`,
    });
  }
}

/**
 * Phase 3: two app processes on Tango (the fake, 200 ms an answer, 1 request a second), orders
 * offered at 0.8 a second shared between them, each timed from its 201 to its email.
 */
async function tangoPhase(env: Record<string, string>, tokens: string[], db: pg.Client) {
  const fake = new FakeTango({ requestsPerSecond: 1, latencyMs: 200 });
  const url = await fake.start();
  const tangoEnv = {
    ...env,
    WORKERS: 'on',
    GIFT_CARD_PROVIDER: 'tango',
    TANGO_BASE_URL: url,
    TANGO_PLATFORM_NAME: fake.options.platformName,
    TANGO_PLATFORM_KEY: fake.options.platformKey,
    TANGO_CUSTOMER_ID: FAKE_TANGO.customerId,
    TANGO_ACCOUNT_ID: FAKE_TANGO.accountId,
    TANGO_REQUESTS_PER_SECOND: '1',
  };
  try {
    const apps = [await startApp(tangoEnv), await startApp(tangoEnv)];
    // The first process's start synchronises Tango's catalogue (through the same limit).
    const deadline = Date.now() + 60_000;
    while (
      !(await db.query('SELECT 1 FROM products WHERE code = $1 AND available', [FAKE_TANGO.activeRangeUtid])).rowCount
    ) {
      if (Date.now() > deadline) throw new Error('the Tango catalogue was not synchronised');
      await new Promise((r) => setTimeout(r, 250));
    }
    // Only live organisations' orders reach Tango (decision 045): two new ones ask to go live, the
    // instance's first account (an operator) approves, and a recorded bank transfer funds each.
    const liveTokens = await createAccounts(apps[0]?.port as number, 2);
    await goLiveAndFund(apps[0]?.port as number, liveTokens, tokens[0] as string, db);
    const sent = new Map<string, number>();
    const started = performance.now();
    const requests: Promise<void>[] = [];
    for (let n = 0; n < TANGO_ORDERS; n++) {
      const wait = started + n * 1250 - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const email = `tango-${n}-${randomBytes(3).toString('hex')}@example.com`;
      const app = apps[n % 2] as { port: number };
      requests.push(
        fetch(`http://127.0.0.1:${app.port}/api/v1/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${liveTokens[n % liveTokens.length]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ product_code: FAKE_TANGO.activeRangeUtid, amount: 10, email, quantity: 1 }),
        }).then(async (res) => {
          if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
          sent.set(email, performance.now());
        }),
      );
    }
    await Promise.all(requests);
    const until = Date.now() + 60_000;
    while ([...sent.keys()].some((e) => !received.has(e)) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    const latencies = [...sent.entries()]
      .filter(([e]) => received.has(e))
      .map(([e, t]) => (received.get(e) as number) - t)
      .sort((x, y) => x - y);
    const times = fake.requests.map((r) => r.at).sort((x, y) => x - y);
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    console.log('Tango Card (fake, 200 ms an answer, 1 request/s), two app processes, 0.8 orders/s:');
    console.log(
      `  ${latencies.length} of ${sent.size} delivered   p50 ${percentile(latencies, 50).toFixed(0)} ms   p99 ${percentile(latencies, 99).toFixed(0)} ms   max ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms (201 → email)`,
    );
    console.log(
      `  ${fake.requests.length} requests to Tango, ${fake.rateLimited} answered 429; closest two ${Math.min(...gaps).toFixed(0)} ms apart (the limit: 1,000 ms, 10 % leeway)`,
    );
    console.log(`  ${load()}`);
    for (const a of apps) await stop(a.server);
  } finally {
    await fake.stop();
  }
}

type Cpu = { benchMs: number; appMs: number; pgMs: number };
type Run = { rps: number; p50: number; p99: number; orders: number; cpu: Cpu };

/** Runs' mean rate, worst latencies, and orders and CPU added up. */
const avg = (runs: Run[]) => ({
  rps: runs.reduce((s, r) => s + r.rps, 0) / runs.length,
  p50: Math.max(...runs.map((r) => r.p50)),
  p99: Math.max(...runs.map((r) => r.p99)),
  orders: runs.reduce((s, r) => s + r.orders, 0),
  cpu: {
    benchMs: runs.reduce((s, r) => s + r.cpu.benchMs, 0),
    appMs: runs.reduce((s, r) => s + r.cpu.appMs, 0),
    pgMs: runs.reduce((s, r) => s + r.cpu.pgMs, 0),
  },
});

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
    console.log(BUILT ? 'The server is the built bundle (npm start).' : 'The server runs from its sources (tsx).');
    console.log(`Before: ${load()}`);
    const setup = await startApp({ ...env, WORKERS: 'on' });
    const tokens = await createAccounts(setup.port, ORGS);
    const apiKeys = await createApiKeys(setup.port, tokens);
    const db = new pg.Client({ connectionString: url });
    // After a failure the clean-up's DROP DATABASE … FORCE ends this connection too.
    db.on('error', () => {});
    await db.connect();
    const productCode = (
      await db.query(
        `SELECT code FROM products WHERE currency = 'USD' AND denominations IS NULL AND min_value <= 100 AND max_value >= 100 ORDER BY code LIMIT 1`,
      )
    ).rows[0].code as string;
    // Each organisation's live session, whose check the order statement makes as the API's does.
    const members = (
      await db.query(
        `SELECT DISTINCT ON (s.organisation_id) s.organisation_id AS org, s.user_id AS "user", s.id AS session,
           json_build_object('spendGuard', g.spend_guard, 'rewardExpiryDays', g.reward_expiry_days,
                             'defaultMessage', g.default_message) AS state
         FROM auth_sessions s JOIN organisations g ON g.id = s.organisation_id
         WHERE s.revoked_at IS NULL ORDER BY s.organisation_id, s.created_at DESC`,
      )
    ).rows as Member[];
    // BENCH_LOG_STATEMENTS=1 has PostgreSQL log every statement of the bench's database (count
    // what an order runs besides its own statement; run with a short BENCH_SECONDS).
    // BENCH_LOG_STATEMENTS=durations logs each with its duration instead (log_min_duration_statement = 0).
    if (process.env.BENCH_LOG_STATEMENTS === 'durations')
      await db.query(`ALTER DATABASE ${dbName} SET log_min_duration_statement = 0`);
    else if (process.env.BENCH_LOG_STATEMENTS) await db.query(`ALTER DATABASE ${dbName} SET log_statement = 'all'`);
    // The risk phase's organisations with five rules, made after the ceiling's members were read.
    const ruledTokens = PHASES.has('risk') ? await createAccounts(setup.port, ORGS) : [];
    for (const token of ruledTokens) {
      for (const rule of FIVE_RULES) {
        const res = await fetch(`http://127.0.0.1:${setup.port}/api/v1/risk/rules`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(rule),
        });
        if (res.status !== 201) throw new Error(`risk rule answered ${res.status}: ${await res.text()}`);
      }
    }
    await stop(setup.server);
    console.log(`${ORGS} organisations with 5,000.00 USD each; product ${productCode}; 1.00 USD orders.\n`);
    const perOrder = (c: Cpu, n: number) =>
      `CPU per order: app ${(c.appMs / n).toFixed(2)} ms, PostgreSQL ${(c.pgMs / n).toFixed(2)} ms, bench ${(c.benchMs / n).toFixed(2)} ms`;

    if (PHASES.has('throughput')) {
      // 1. Throughput: the API with its workers off (they would compete for the same two cores), and the ceiling.
      // The API at each pool size in API_POOLS, one app process at a time (each started for its
      // runs and stopped after them: PostgreSQL's connections are shared with other work here),
      // and the ceiling's pools, each opened for its own run: say so before PostgreSQL refuses a
      // connection in the middle of a run ("too many clients").
      const { max_connections: maxConnections } = (await db.query('SHOW max_connections')).rows[0];
      const needed = Math.max(Math.max(...API_POOLS) + 10, Math.max(...CEILING_POOLS) + 4);
      if (needed > Number(maxConnections)) {
        throw new Error(
          `the API's pools (${API_POOLS.join(', ')}) and the ceiling's (${CEILING_POOLS.join(', ')}) need about ${needed} connections; PostgreSQL allows ${maxConnections}. Set BENCH_API_POOLS and BENCH_CEILING_POOLS or raise max_connections.`,
        );
      }
      // A ceiling's connections stay open across its run, so their CPU time can be read; each
      // pool is warmed (every connection prepares the statement) before it is measured.
      const ceilingRun = async (n: number) => {
        const pool = new pg.Pool({ connectionString: url, max: n });
        // An idle connection ended by the clean-up's DROP DATABASE … FORCE (after a failure) must
        // not crash the bench before it prints the failure itself.
        pool.on('error', () => {});
        try {
          await ceiling(pool, url, members, productCode, 2);
          const c = await withCpu(db, dbName, undefined, () => ceiling(pool, url, members, productCode, SECONDS));
          return { ...c.result, cpu: c.cpu };
        } finally {
          await pool.end();
        }
      };
      const apiRuns = new Map<number, { sessions: Run[]; keys: Run[] }>(
        API_POOLS.map((n) => [n, { sessions: [], keys: [] }]),
      );
      // Session tokens, then API keys, or the other way round, over a pool of `n`.
      const apiRun = async (n: number, kinds: readonly ('sessions' | 'keys')[]) => {
        const api = await startApp({ ...env, WORKERS: 'off', DATABASE_POOL_MAX: String(n) });
        try {
          // Warmed: compiled, and every connection has prepared the statement.
          for (const kind of kinds)
            await appThroughput(api.port, kind === 'sessions' ? tokens : apiKeys, productCode, 3);
          for (const kind of kinds) {
            const r = await withCpu(db, dbName, api.server.child.pid, () =>
              appThroughput(api.port, kind === 'sessions' ? tokens : apiKeys, productCode, SECONDS),
            );
            apiRuns.get(n)?.[kind].push({ ...r.result, cpu: r.cpu });
          }
        } finally {
          await stop(api.server);
        }
      };
      const ceilingRuns = new Map<number, Run[]>(CEILING_POOLS.map((n) => [n, []]));
      // Interleaved, so that a change in the machine's load touches every figure alike; the order
      // of the runs turns round every round (ABBA), so neither sessions nor keys always go first.
      for (let round = 0; round < ROUNDS; round++) {
        const turn = <T>(list: T[]) => (round % 2 ? [...list].reverse() : list);
        for (const n of turn(API_POOLS)) await apiRun(n, turn(['sessions', 'keys'] as const));
        for (const n of turn(CEILING_POOLS)) ceilingRuns.get(n)?.push(await ceilingRun(n));
        console.log(`  round ${round + 1} of ${ROUNDS} done   ${load()}`);
      }
      const ceilings = [...ceilingRuns].map(([n, runs]) => ({ n, runs, ...avg(runs) }));
      const best = ceilings.reduce((x, y) => (y.rps > x.rps ? y : x));
      const atAppPool = ceilings.find((c) => c.n === APP_POOL);
      const line = (name: string, r: { rps: number; p50: number; p99: number }) =>
        `${name.padEnd(46)} ${r.rps.toFixed(0).padStart(6)} orders/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms`;
      console.log(`Order creation (PostgreSQL, ${CONNECTIONS} concurrent callers, ${ROUNDS} rounds):`);
      for (const c of ceilings) {
        const tag = [c.n === APP_POOL ? "the app's pool" : '', c === best ? 'best' : ''].filter(Boolean).join(', ');
        console.log(line(`  ceiling, the same SQL over a pool of ${c.n}`, c) + (tag ? `   (${tag})` : ''));
      }
      const share = (rps: number) => `${((100 * rps) / best.rps).toFixed(0)} %`;
      for (const [n, runs] of apiRuns) {
        const a = avg(runs.sessions);
        const k = avg(runs.keys);
        const tag = n === APP_POOL ? `, the app's default here (${APP_POOL_SOURCE})` : '';
        console.log(`${line(`  POST /api/v1/orders, pool of ${n}`, a)}   ${share(a.rps)} of the ceiling${tag}`);
        console.log(`${line('    with API keys', k)}   ${share(k.rps)}`);
        console.log(
          `    → keys at ${((100 * k.rps) / a.rps).toFixed(0)} % of sessions' throughput, p50 ${(k.p50 - a.p50).toFixed(1)} ms apart; runs (orders/s): sessions ${runs.sessions.map((r) => r.rps.toFixed(0)).join(', ')}; keys ${runs.keys.map((r) => r.rps.toFixed(0)).join(', ')}`,
        );
        console.log(`    sessions ${perOrder(a.cpu, a.orders)}`);
        console.log(`    keys     ${perOrder(k.cpu, k.orders)}`);
      }
      const app = apiRuns.get(APP_POOL);
      if (app) {
        const a = avg(app.sessions);
        console.log(
          `  → the API at the app's pool (${APP_POOL}): ${share(a.rps)} of the ceiling (its best pool, ${best.n}; aim: at least 80 %)` +
            (atAppPool ? `; ${((100 * a.rps) / atAppPool.rps).toFixed(0)} % of the ceiling at the same pool size` : ''),
        );
      }
      console.log(
        `  runs (orders/s): ${ceilings.map((c) => `ceiling/${c.n} ${c.runs.map((r) => r.rps.toFixed(0)).join(', ')}`).join('; ')}`,
      );
      for (const c of ceilings) console.log(`  ceiling/${String(c.n).padEnd(3)} ${perOrder(c.cpu, c.orders)}`);
      console.log(`  ${load()}\n`);

      // Drain what phase 1 queued, so phase 2 measures delivery, not a backlog.
      await db.query(`DELETE FROM pgboss.job WHERE name = 'orders.fulfil'`);
    }

    if (PHASES.has('risk')) {
      // 4. Five risk rules against none, the API with its workers off as in 1.
      const api = await startApp({ ...env, WORKERS: 'off' });
      await appThroughput(api.port, tokens, productCode, 3, true);
      await appThroughput(api.port, ruledTokens, productCode, 3, true);
      const plain: Run[] = [];
      const ruled: Run[] = [];
      const ratios: number[] = [];
      const measure = async (set: string[], into: Run[]) => {
        const r = await withCpu(db, dbName, api.server.child.pid, () =>
          appThroughput(api.port, set, productCode, SECONDS, true),
        );
        into.push({ ...r.result, cpu: r.cpu });
      };
      for (let round = 0; round < RISK_ROUNDS; round++) {
        // ABBA: odd rounds measure the rules first, so a drift within a round cancels out.
        if (round % 2 === 0) {
          await measure(tokens, plain);
          await measure(ruledTokens, ruled);
        } else {
          await measure(ruledTokens, ruled);
          await measure(tokens, plain);
        }
        ratios.push((ruled.at(-1) as Run).rps / (plain.at(-1) as Run).rps);
        console.log(
          `  round ${round + 1}: no rules ${(plain.at(-1) as Run).rps.toFixed(0)} orders/s, five rules ${(ruled.at(-1) as Run).rps.toFixed(0)} orders/s (${(100 * (ratios.at(-1) as number)).toFixed(1)} %)   ${load()}`,
        );
      }
      await stop(api.server);
      const sorted = [...ratios].sort((x, y) => x - y);
      const mid = Math.floor(sorted.length / 2);
      const median =
        sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
      const p = avg(plain);
      const r = avg(ruled);
      console.log(
        `Risk rules, POST /api/v1/orders at ${CONNECTIONS} connections over ${ORGS} organisations each: five rules at ${(100 * median).toFixed(1)} % of no rules (median of ${RISK_ROUNDS} rounds, ${(100 * (sorted[0] as number)).toFixed(1)}–${(100 * (sorted.at(-1) as number)).toFixed(1)} %; aim at least 90 %)`,
      );
      console.log(`  no rules    ${perOrder(p.cpu, p.orders)}`);
      console.log(`  five rules  ${perOrder(r.cpu, r.orders)}`);
      console.log(`  ${load()}\n`);
      await db.query(`DELETE FROM pgboss.job WHERE name = 'orders.fulfil'`);
    }

    if (PHASES.has('delivery')) {
      // 2. Delivery latency with the workers on.
      const full = await startApp({ ...env, WORKERS: 'on' });
      const { result: d, cpu } = await withCpu(db, dbName, full.server.child.pid, () =>
        delivery(full.port, tokens, productCode),
      );
      await stop(full.server);
      console.log(
        `Delivery, 201 → email accepted by SMTP, at ${d.offeredRate.toFixed(1)} orders/s for ${DELIVERY_SECONDS} s:`,
      );
      console.log(
        `  ${d.delivered} of ${d.sent} delivered   p50 ${d.p50.toFixed(0)} ms   p99 ${d.p99.toFixed(0)} ms   max ${d.max.toFixed(0)} ms`,
      );
      console.log('  (aim: p50 under 250 ms, p99 under 1000 ms)');
      console.log(`  ${perOrder(cpu, Math.max(1, d.sent))} (order, fulfilment and email)`);
      console.log(`  ${load()}`);
    }
    if (PHASES.has('tango')) await tangoPhase(env, tokens, db);
    await db.end();
  } catch (err) {
    // Said before the clean-up below ends every connection to the bench's database.
    console.error(err);
    process.exitCode = 1;
  } finally {
    for (const child of children) if (child.child.exitCode === null) child.child.kill('SIGKILL');
    smtp.close();
    // BENCH_KEEP_DATABASE=1 leaves the database for EXPLAIN (ANALYZE, BUFFERS) afterwards.
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`Kept database ${dbName}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await postgres.stop();
  }
}

// Exits when done: after a failure, the ceiling's pools and pg-boss are still open and would keep
// the process waiting for ever.
main().then(
  () => process.exit(),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
