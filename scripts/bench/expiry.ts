// `npm run bench:expiry`, on PostgreSQL (issue 32, decision 081): 1,000 delivered rewards (one
// bulk batch of 1,000 one-reward orders, through the API and the fulfilment workers, the sandbox
// provider answering at once), all past their `expires_at`, then one expiry sweep, timed: every
// reward voided through the provider, its share refunded through the ledger, `reward.expired`
// written. Aim: under 10 s. Prints the time, the rate and the load average (before and after), and
// checks the money: every reward refunded once and the balance equal to its ledger replayed.
// BENCH_EXPIRIES (default 1000) changes the count; SANDBOX_LATENCY_MS gives the provider a delay.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { markEmailVerified } from '../../apps/server/src/modules/accounts/repository';
import { replayBalance } from '../../apps/server/src/modules/ledger/repository';
import { expireDueRewards } from '../../apps/server/src/modules/orders';
import { providePostgres } from '../lib/postgres.mjs';

const COUNT = Number(process.env.BENCH_EXPIRIES ?? 1000);
const AMOUNT = 5;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const postgres = await providePostgres();
const dbName = `bench_expiry_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: postgres.url });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(postgres.url);
url.pathname = `/${dbName}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-expiry-'));

const config = loadConfig({
  ...process.env,
  DATABASE_URL: url.toString(),
  DATA_DIR: dataDir,
  PORT: '0',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  RATE_LIMIT_FACTOR: '10000',
  CATALOG_SYNC_CRON: 'off',
  SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY: 'off',
});
const app = await buildApp({ config });
try {
  await app.ready();
  const call = async (method: string, route: string, token: string | null, payload?: object, headers = {}) => {
    const res = await app.inject({
      method: method as 'GET',
      url: `/api/v1${route}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${route}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json();
  };

  // A real account through the real endpoints (the address marked verified, as seed:orders does).
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'violet-Harbour-42';
  await call('POST', '/auth/signup', null, { email, password });
  const user = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await markEmailVerified(app.db, user.id, { firstOperator: false });
  const session = await call('POST', '/auth/token?grant_type=password', null, { email, password });
  const token = session.access_token as string;
  const { organisation_id: organisationId } = await app.db
    .selectFrom('memberships')
    .select('organisation_id')
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  for (let funded = 0; funded < COUNT * AMOUNT * 1.1; funded += 5000)
    await call('POST', '/balance/sandbox-topup', token, { amount: 5000 });

  const catalogue = await call('GET', '/products?country=US&currency=USD&limit=100', null);
  const product = (catalogue.products as { code: string; denominations: number[] | null; minValue: number }[]).find(
    (p) => !p.denominations?.length && p.minValue <= AMOUNT,
  );
  if (!product) throw new Error('no range product in USD that takes 5');

  process.stdout.write(`Sending ${COUNT} rewards (one bulk batch)…\n`);
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    email: `r${i}-${randomBytes(3).toString('hex')}@example.com`,
    amount: AMOUNT,
    product_code: product.code,
  }));
  await call('POST', '/batches', token, { rows }, { 'idempotency-key': randomBytes(8).toString('hex') });
  const deadline = Date.now() + 600_000;
  for (;;) {
    const { rows: done } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM orders WHERE organisation_id = ${organisationId} AND status = 'completed'`.execute(
      app.db,
    );
    if ((done[0]?.n ?? 0) >= COUNT) break;
    if (Date.now() > deadline) throw new Error(`only ${done[0]?.n} of ${COUNT} orders delivered in 10 minutes`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const before = await call('GET', '/balance', token);

  // Every reward past its expiry, as the clock would have it.
  await sql`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE organisation_id = ${organisationId}`.execute(
    app.db,
  );
  await sql`ANALYZE orders`.execute(app.db);
  const loadBefore = load();
  const started = performance.now();
  const report = await expireDueRewards(app);
  const seconds = (performance.now() - started) / 1000;
  const loadAfter = load();

  const after = await call('GET', '/balance', token);
  const { rows: refunded } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM rewards WHERE organisation_id = ${organisationId} AND void_state = 'refunded'`.execute(
    app.db,
  );
  const { rows: events } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM events WHERE organisation_id = ${organisationId} AND type = 'reward.expired'`.execute(
    app.db,
  );
  const replayed = await replayBalance(app.db, organisationId, 'USD');
  const balanceMinor = Math.round((after.available as number) * 100);
  const ok =
    report.refunded === COUNT &&
    refunded[0]?.n === COUNT &&
    events[0]?.n === COUNT &&
    replayed.availableMinor === balanceMinor;

  process.stdout.write(
    [
      `expiry sweep: ${COUNT} rewards in ${seconds.toFixed(2)} s (${Math.round(COUNT / seconds)}/s); aim under 10 s: ${seconds < 10 ? 'met' : 'NOT met'}`,
      `  report ${JSON.stringify(report)}; refunded rows ${refunded[0]?.n}; reward.expired events ${events[0]?.n}`,
      `  balance ${before.available} → ${after.available} ${after.currency}; ledger replay ${replayed.availableMinor / 100} (${ok ? 'consistent' : 'INCONSISTENT'})`,
      `  load average (1, 5, 15 min) before ${loadBefore}, after ${loadAfter}; ${process.env.SANDBOX_LATENCY_MS ?? 0} ms provider latency`,
    ].join('\n') + '\n',
  );
  if (!ok) process.exitCode = 1;
} finally {
  await app.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  await admin.end();
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
