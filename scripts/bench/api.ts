// `npm run bench:api`: what the request-id, rate-limit and validation layers cost on the hot reads
// (GET /api/v1/balance, GET /api/v1/products with filters, GET /api/v1/orders/{id}). Aim: under
// 10 % of throughput lost.
//
// One process, one PostgreSQL database (a temporary one, dropped at the end), two servers on it:
// the real app (buildApp, every layer) and a bare twin of each route on a plain Fastify with the
// same logger and security plugin, calling the same authentication and the same service, with no
// request-id hook, no rate limiter, no zod validation of the query or serialisation of the answer.
// Rounds are interleaved (the order flips each round) so that the machine's noise lands on both;
// each figure is the median of the rounds, printed with the load average. Autocannon runs in a
// child process, so two figures come from each run: requests per second, and the server's own CPU
// time per request (this process's CPU over the run, divided by the requests it answered). The
// second is what the layers add, and moves far less with what else the shared machine is doing;
// the aim is judged on it, the throughput is printed beside it.
//
// BENCH_ROUNDS (5), BENCH_SECONDS (5 per run), BENCH_CONNECTIONS (10).

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { listPage } from '@giftrelay/contracts';
import type autocannon from 'autocannon';
import Fastify, { type FastifyRequest } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openPostgres } from '../../apps/server/src/db/database';
import { loggerOptions } from '../../apps/server/src/lib/log';
import { CatalogCache } from '../../apps/server/src/modules/catalog/cache';
import { listProducts, searchable } from '../../apps/server/src/modules/catalog/service';
import { readBalance } from '../../apps/server/src/modules/ledger/service';
import { getOrderDetail } from '../../apps/server/src/modules/orders/read-orders';
import { securityPlugin } from '../../apps/server/src/plugins/security';
import { providePostgres } from '../lib/postgres.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PRODUCTS_QUERY = 'country=US&currency=USD&minValue=10&maxValue=500&limit=20';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const AUTOCANNON = path.resolve(import.meta.dirname, '../../node_modules/.bin/autocannon');

/** Autocannon in a child process, answering its JSON report. */
function loadFrom(url: string, token: string, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      AUTOCANNON,
      ['-c', String(CONNECTIONS), '-d', String(seconds), '-j', '-H', `authorization=Bearer ${token}`, url],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      try {
        resolve(JSON.parse(out) as autocannon.Result);
      } catch (err) {
        reject(err);
      }
    });
  });
}

async function run(port: number, path: string, token: string, seconds: number) {
  const cpuBefore = process.cpuUsage();
  const result = await loadFrom(`http://127.0.0.1:${port}${path}`, token, seconds);
  const cpu = process.cpuUsage(cpuBefore);
  if (result.errors || result.non2xx) {
    throw new Error(`${path} on port ${port}: ${result.errors} errors and ${result.non2xx} non-2xx answers`);
  }
  // Total over the run's length: the per-second average is 0 on a run shorter than its samples.
  if (result.requests.total === 0 && seconds > 1) throw new Error(`${path} on port ${port}: no answer in ${seconds} s`);
  return {
    rps: result.requests.total / result.duration,
    // Microseconds of this process's CPU (user + system) per answered request.
    cpuPerRequest: result.requests.total ? (cpu.user + cpu.system) / result.requests.total : Number.NaN,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** The bare twins: same authentication, same services, nothing else on the way. */
async function bareTwin(app: Awaited<ReturnType<typeof buildApp>>) {
  const bare = Fastify({ logger: loggerOptions('warn') });
  await bare.register(securityPlugin, { config: app.config });
  const auth = async (request: FastifyRequest) => {
    await app.authenticate(request);
    return request.auth.organisationId;
  };
  // The operationId is the only part of a schema the twins carry: authentication looks the route's
  // role rule up by it (a route without one is refused to everyone). Nothing is compiled from it.
  const rule = (operationId: string) => ({ schema: { operationId } });
  bare.get('/api/v1/balance', rule('getBalance'), async (request) => readBalance(app.db, await auth(request)));
  bare.get('/api/v1/orders/:id', rule('getOrder'), async (request) => ({
    success: true,
    ...(await getOrderDetail(app, await auth(request), (request.params as { id: string }).id)),
  }));
  const cache = new CatalogCache({ ttlSeconds: app.config.catalogCacheSeconds });
  bare.get('/api/v1/products', rule('listProducts'), async (request, reply) => {
    // The same exact-URL shortcut as the real route's (before its query is read), minus the hook.
    const known = cache.peek(`url:${request.url}`);
    if (known !== undefined) {
      return reply.header('cache-control', 'public, max-age=60').type('application/json; charset=utf-8').send(known);
    }
    const raw = request.query as Record<string, string | undefined>;
    const q: Record<string, string | number | undefined> = {
      ...raw,
      limit: raw.limit === undefined ? undefined : Number(raw.limit),
    };
    const key = JSON.stringify([
      'products',
      q.country,
      q.currency,
      q.category,
      q.minValue,
      q.maxValue,
      typeof q.q === 'string' && searchable(q.q),
      q.cursor,
      q.limit,
    ]);
    const body = await cache.get(key, async () => {
      const { products, nextCursor } = await listProducts(app.db, q as never, app.cursors);
      return JSON.stringify({ success: true, ...listPage(products, nextCursor), products });
    });
    cache.remember(`url:${request.url}`, body);
    return reply.header('cache-control', 'public, max-age=60').type('application/json; charset=utf-8').send(body);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return bare;
}

async function main() {
  const postgres = await providePostgres();
  const dbName = `gr_bench_api_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(postgres.url);
  dbUrl.pathname = `/${dbName}`;
  const database = await openPostgres(dbUrl.toString(), 20);
  const config = loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl.toString(),
    WORKERS: 'off',
    CATALOG_SYNC_CRON: 'off',
    // The limiter runs on every request; the budget is set high enough that it never refuses.
    RATE_LIMIT_FACTOR: '10000',
  });
  const app = await buildApp({ config, database, logger: loggerOptions('warn'), webDistDir: '/nonexistent' });
  let bare: Awaited<ReturnType<typeof bareTwin>> | undefined;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    bare = await bareTwin(app);
    const port = (server: { addresses(): (string | { port: number })[] }) => {
      const address = server.addresses()[0];
      if (!address || typeof address === 'string') throw new Error('not listening on a TCP port');
      return address.port;
    };
    const ports = { layered: port(app), bare: port(bare) };

    // An account (verified in SQL), its session, and one order to read back.
    const email = `api-bench-${randomBytes(4).toString('hex')}@example.com`;
    const password = `bench-${randomBytes(6).toString('hex')}`;
    const signUp = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email, password } });
    if (signUp.statusCode !== 200) throw new Error(`sign-up: ${signUp.body}`);
    await database.db.updateTable('users').set({ email_verified_at: new Date() }).where('email', '=', email).execute();
    const session = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=password',
      payload: { email, password },
    });
    if (session.statusCode !== 200) throw new Error(`sign-in: ${session.body}`);
    const token = session.json().access_token as string;
    const products = await app.inject({ url: `/api/v1/products?${PRODUCTS_QUERY}` });
    const product = products.json().data.find((p: { denominations: number[] | null }) => !p.denominations?.length);
    if (!product) throw new Error('no range product in the sandbox catalogue');
    const order = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { authorization: `Bearer ${token}` },
      payload: { product_code: product.code, amount: 25, email: 'bench@example.com', quantity: 1 },
    });
    if (order.statusCode !== 201) throw new Error(`order: ${order.body}`);
    const orderId = order.json().order_id as string;

    const endpoints = [
      { name: 'GET /api/v1/balance', path: '/api/v1/balance' },
      { name: `GET /api/v1/products?${PRODUCTS_QUERY}`, path: `/api/v1/products?${PRODUCTS_QUERY}` },
      { name: 'GET /api/v1/orders/{id}', path: `/api/v1/orders/${orderId}` },
    ];
    console.log(
      `PostgreSQL: ${postgres.source}. ${ROUNDS} interleaved rounds of ${SECONDS} s per variant, ${CONNECTIONS} connections. ${os.cpus().length} CPUs.`,
    );
    console.log(`load average at start: ${load()}`);
    for (const e of endpoints) {
      // Warm-up (JIT, connections, caches); a 1-second run may see no answer on a busy machine.
      for (const variant of ['layered', 'bare'] as const) await run(ports[variant], e.path, token, 1);
    }
    const results = endpoints.map(() => ({
      layered: [] as number[],
      bare: [] as number[],
      layeredCpu: [] as number[],
      bareCpu: [] as number[],
      p99: [] as number[],
    }));
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['layered', 'bare'] as const) : (['bare', 'layered'] as const);
      for (const [i, e] of endpoints.entries()) {
        for (const variant of order) {
          const r = await run(ports[variant], e.path, token, SECONDS);
          results[i]?.[variant].push(r.rps);
          results[i]?.[variant === 'layered' ? 'layeredCpu' : 'bareCpu'].push(r.cpuPerRequest);
          if (variant === 'layered') results[i]?.p99.push(r.p99);
        }
      }
      console.log(`round ${round + 1}/${ROUNDS} done; load average ${load()}`);
    }
    console.log(
      '\nendpoint                                   layered req/s  bare req/s  lost   |  layered µs  bare µs  CPU added',
    );
    for (const [i, e] of endpoints.entries()) {
      const r = results[i];
      if (!r) continue;
      const layered = median(r.layered);
      const bareRps = median(r.bare);
      const layeredCpu = median(r.layeredCpu);
      const bareCpu = median(r.bareCpu);
      const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
      console.log(
        `${e.name.slice(0, 42).padEnd(42)} ${layered.toFixed(0).padStart(13)} ${bareRps.toFixed(0).padStart(11)} ${pct(1 - layered / bareRps).padStart(7)}  | ${layeredCpu.toFixed(0).padStart(10)} ${bareCpu.toFixed(0).padStart(8)} ${pct(layeredCpu / bareCpu - 1).padStart(10)}`,
      );
    }
    console.log(
      '\nThroughput lost by the layers ≈ 1 − bare µs / layered µs when the server is the bottleneck: the aim (under 10 %) is read on the CPU columns.',
    );
    console.log(`\nload average at the end: ${load()} (aim: under 10 % lost; on a busy machine, provisional)`);
  } finally {
    await bare?.close();
    await app.close();
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await postgres.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
