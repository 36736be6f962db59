// `npm run bench:scale` (issue 34, decision 073): the multi-process deployment the README describes,
// measured on PostgreSQL (a throwaway cluster of Debian's binaries unless BENCH_PG=shared, so the
// bench's connections never crowd anyone else's server):
//   `npm run migrate` as its own step, then every process with MIGRATE=off;
//   A. one API process (WORKERS=off) and one worker process, behind HAProxy;
//   B. two API processes and the same worker process, behind HAProxy (docs/deploy/haproxy.cfg,
//      the README's config, with this bench's addresses swapped in);
// each driven with orders over HTTP (autocannon, 50 connections, BENCH_SECONDS, default 10, each
// order with its own Idempotency-Key and recipient): orders/s, p50 and p99, CPU per order of every
// node process, HAProxy and PostgreSQL's backends, and a check that every order accepted was
// fulfilled once and its email accepted once by a real SMTP server; then
//   C. limits held across both: the two API processes with RATE_LIMIT_ORDERS_PER_MINUTE=60 and one
//      organisation sending 150 orders through HAProxy: how many were accepted (one limit: 60).
// On two cores the ratio B/A is bounded by the cores (every process and PostgreSQL share them):
// CPU per order is the figure to carry to a bigger machine.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, type ServerProcess, startServerProcess } from '../../apps/server/test/servers';
import { providePostgres } from '../lib/postgres.mjs';
import { aptInstall } from '../lib/system.mjs';
import { createAccounts, load, runMigrate, spawnKept, withCpu } from './measure';
import { smtpRecorder } from './smtp-recorder';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ORGS = 20;
const POOL = Number(process.env.DATABASE_POOL_MAX ?? 10);
const LIMIT_PER_MINUTE = 60;
const LIMIT_ORDERS = 150;
const PUBLIC_URL = 'http://localhost:3999';
const root = path.resolve(import.meta.dirname, '../..');
const children: ServerProcess[] = [];
const { server: smtp, verifyLinks, counts } = smtpRecorder();

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, process?: ServerProcess) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline || (process && process.child.exitCode !== null))
      throw new Error(`${what} in ${timeoutMs / 1000} s${process ? `:\n${process.output()}` : ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const ready = async (port: number) =>
  (await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => undefined))?.status === 200;

async function startApp(env: Record<string, string>): Promise<{ port: number; server: ServerProcess }> {
  const port = await freePort();
  const server = startServerProcess({
    PORT: String(port),
    PUBLIC_URL,
    CATALOG_SYNC_CRON: 'off',
    MIGRATE: 'off',
    DATABASE_POOL_MAX: String(POOL),
    SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY: 'off',
    RATE_LIMIT_FACTOR: '10000',
    ...env,
  });
  children.push(server);
  await waitFor(`the app on ${port} was not ready`, () => ready(port), 120_000, server);
  return { port, server };
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  await server.exit;
}

/** HAProxy from Debian's package, running the README's config with these servers. */
async function startHaproxy(dir: string, servers: number[]) {
  if (!(await hasCommand('haproxy'))) {
    console.log('HAProxy is missing: installing Debian’s haproxy package…');
    aptInstall(['haproxy']);
  }
  const port = await freePort();
  const documented = readFileSync(path.join(root, 'docs/deploy/haproxy.cfg'), 'utf8');
  let serverLinesDone = false;
  const config = documented
    .split('\n')
    .flatMap((line) => {
      if (/^\s*bind /.test(line)) return [`    bind 127.0.0.1:${port}`];
      if (/^\s*server /.test(line)) {
        if (serverLinesDone) return [];
        serverLinesDone = true;
        return servers.map((p, i) => `    server api${i + 1} 127.0.0.1:${p} check`);
      }
      return [line];
    })
    .join('\n');
  const file = path.join(dir, `haproxy-${port}.cfg`);
  writeFileSync(file, config);
  const proxy = spawnKept('haproxy', ['-db', '-f', file]);
  children.push(proxy);
  // Ready once HAProxy's own checks have let a server in.
  await waitFor('HAProxy did not pass a request', () => ready(port), 30_000, proxy);
  return { port, proxy };
}

function hasCommand(cmd: string): Promise<boolean> {
  return new Promise((resolve) => {
    const c = spawn('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    c.on('exit', (code) => resolve(code === 0));
  });
}

/** Orders through the proxy at CONNECTIONS connections for `seconds`; recipients `${tag}-N@…`. */
async function drive(port: number, tokens: string[], productCode: string, seconds: number, tag: string) {
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/orders',
        setupRequest: (req: autocannon.Request) => {
          const i = n++;
          return {
            ...req,
            headers: {
              authorization: `Bearer ${tokens[i % tokens.length]}`,
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({
              product_code: productCode,
              amount: 1,
              email: `${tag}-${i}@example.com`,
              quantity: 1,
            }),
          };
        },
      },
    ],
  });
  if (result.errors || result.non2xx)
    throw new Error(
      `${result.errors} errors and ${result.non2xx} non-2xx answers: ${JSON.stringify((result as { statusCodeStats?: unknown }).statusCodeStats)}`,
    );
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, orders: result['2xx'] };
}

/**
 * Every order of the phase fulfilled once: completed, one provider code per reward, one
 * order.completed event, one email accepted per recipient. Waits for the worker to catch up.
 */
async function deliveredOnce(db: pg.Client, tag: string, answered: number) {
  const started = performance.now();
  const like = `${tag}-%@example.com`;
  // Requests still in flight when autocannon's time is up are placed but not counted by it: the
  // database's count of the phase's orders is the one to deliver.
  let orders = answered;
  await waitFor(
    `the orders of ${tag} were not all completed`,
    async () => {
      const { rows } = await db.query(
        `SELECT count(*) FILTER (WHERE status = 'completed')::int AS done, count(*)::int AS total FROM orders WHERE recipient_email LIKE $1`,
        [like],
      );
      orders = rows[0].total;
      return rows[0].done === rows[0].total && rows[0].total >= answered;
    },
    300_000,
  );
  await waitFor(
    `the emails of ${tag} were not all accepted`,
    async () => [...counts.keys()].filter((e) => e.startsWith(`${tag}-`)).length >= orders,
    120_000,
  );
  const drainS = (performance.now() - started) / 1000;
  const { rows } = await db.query(
    `SELECT
       (SELECT count(*)::int FROM rewards r JOIN orders o ON o.id = r.order_id
         WHERE o.recipient_email LIKE $1 AND r.status = 'issued') AS rewards,
       (SELECT count(*)::int FROM sandbox_provider_orders s JOIN rewards r ON r.id::text = s.reference
         JOIN orders o ON o.id = r.order_id WHERE o.recipient_email LIKE $1) AS codes,
       (SELECT count(*)::int FROM order_events e JOIN orders o ON o.id = e.order_id
         WHERE o.recipient_email LIKE $1 AND e.type = 'order.completed') AS completed_events`,
    [like],
  );
  const emails = [...counts.entries()].filter(([e]) => e.startsWith(`${tag}-`));
  const once =
    rows[0].rewards === orders &&
    rows[0].codes === orders &&
    rows[0].completed_events === orders &&
    emails.length === orders &&
    emails.every(([, c]) => c === 1);
  return {
    once,
    drainS,
    created: orders,
    ...rows[0],
    emails: emails.length,
    twice: emails.filter(([, c]) => c > 1).length,
  };
}

type Phase = Awaited<ReturnType<typeof runPhase>>;

async function runPhase(
  name: string,
  tag: string,
  proxyPort: number,
  pids: { api: number[]; worker: number; haproxy: number },
  db: pg.Client,
  dbName: string,
  tokens: string[],
  productCode: string,
) {
  await drive(proxyPort, tokens, productCode, 3, `warm-${tag}`);
  const all = [...pids.api, pids.worker, pids.haproxy];
  // Measured until every order of the run is fulfilled and emailed: the worker catches up after
  // the load, and its CPU and PostgreSQL's for that belong to the same orders.
  const { result, cpu } = await withCpu(db, dbName, all, async () => {
    const run = await drive(proxyPort, tokens, productCode, SECONDS, tag);
    return { run, check: await deliveredOnce(db, tag, run.orders) };
  });
  return { name, ...result.run, check: result.check, cpu, workerMs: cpu.perPid[pids.api.length] as number };
}

function report(p: Phase, apiCount: number) {
  const per = (ms: number) => (ms / p.check.created).toFixed(2);
  const apiMs = p.cpu.perPid.slice(0, apiCount).reduce((a, b) => a + b, 0);
  const haproxyMs = p.cpu.perPid[apiCount + 1] as number;
  console.log(
    `${p.name.padEnd(44)} ${p.rps.toFixed(0).padStart(5)} orders/s   p50 ${p.p50.toFixed(1).padStart(6)} ms   p99 ${p.p99.toFixed(1).padStart(6)} ms   (${p.orders} answered in the run)`,
  );
  console.log(
    `  CPU per order (created, fulfilled, emailed): API ${per(apiMs)} ms (${p.cpu.perPid
      .slice(0, apiCount)
      .map((ms) => per(ms))
      .join(
        ' + ',
      )}), worker ${per(p.workerMs)} ms, HAProxy ${per(haproxyMs)} ms, PostgreSQL ${per(p.cpu.pgMs)} ms, bench ${per(p.cpu.benchMs)} ms`,
  );
  console.log(
    `  delivered: ${p.check.rewards} of ${p.check.created} placed fulfilled, ${p.check.codes} provider codes, ${p.check.completed_events} order.completed events, ${p.check.emails} emails (${p.check.twice} twice) → ${p.check.once ? 'every order exactly once' : 'NOT EXACTLY ONCE'}; the worker caught up ${p.check.drainS.toFixed(1)} s after the load`,
  );
  console.log(`  ${load()}`);
}

/** Phase C: one organisation, its orders spread over both API processes by HAProxy. */
async function limitsPhase(env: Record<string, string>, dir: string, token: string, productCode: string) {
  const limited = {
    ...env,
    WORKERS: 'off',
    RATE_LIMIT_FACTOR: '1',
    RATE_LIMIT_ORDERS_PER_MINUTE: String(LIMIT_PER_MINUTE),
  };
  const apis = await Promise.all([startApp(limited), startApp(limited)]);
  const { port, proxy } = await startHaproxy(
    dir,
    apis.map((a) => a.port),
  );
  const statuses = new Map<number, number>();
  let i = 0;
  // Ten at a time, so both processes see the organisation's orders interleaved.
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (i < LIMIT_ORDERS) {
        const n = i++;
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/orders`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({ product_code: productCode, amount: 1, email: `limits-${n}@example.com`, quantity: 1 }),
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  const accepted = statuses.get(201) ?? 0;
  console.log(
    `C. limits held across both: RATE_LIMIT_ORDERS_PER_MINUTE=${LIMIT_PER_MINUTE}, one organisation, ${LIMIT_ORDERS} orders through HAProxy to two API processes`,
  );
  console.log(
    `  ${accepted} accepted (201), ${statuses.get(429) ?? 0} refused (429)${[...statuses.keys()]
      .filter((s) => s !== 201 && s !== 429)
      .map((s) => `, ${statuses.get(s)} answered ${s}`)
      .join('')} → ${
      accepted <= LIMIT_PER_MINUTE
        ? 'one limit for the organisation across both processes'
        : `${accepted} > ${LIMIT_PER_MINUTE}: each process counted its own (the limit is per process)`
    }`,
  );
  proxy.child.kill('SIGTERM');
  await proxy.exit;
  for (const a of apis) await stop(a.server);
}

async function main() {
  // A cluster of its own by default: the bench's connections stay off a shared server.
  if (process.env.BENCH_PG !== 'shared') process.env.TEST_PG = 'throwaway';
  const postgres = await providePostgres();
  const dbName = `gr_bench_scale_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(postgres.url);
  dbUrl.pathname = `/${dbName}`;
  const url = dbUrl.toString();
  const dir = mkdtempSync(path.join(tmpdir(), 'gr-bench-scale-'));
  const smtpPort = await freePort();
  await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', r));
  const env = { DATABASE_URL: url, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
  const db = new pg.Client({ connectionString: url });
  db.on('error', () => {});
  try {
    console.log(`PostgreSQL: ${postgres.source}. ${CONNECTIONS} connections, ${SECONDS} s per run, pools of ${POOL}.`);
    console.log(`Before: ${load()}`);
    console.log(`npm run migrate: ${await runMigrate(url)}`);
    await db.connect();
    const setup = await startApp({ ...env, WORKERS: 'on' });
    const tokens = await createAccounts(setup.port, ORGS, verifyLinks);
    await stop(setup.server);
    const productCode = (
      await db.query(
        `SELECT code FROM products WHERE currency = 'USD' AND denominations IS NULL AND min_value <= 100 AND max_value >= 100 ORDER BY code LIMIT 1`,
      )
    ).rows[0].code as string;
    console.log(`${ORGS} organisations; product ${productCode}; 1.00 USD orders, one recipient each.\n`);

    const worker = await startApp({ ...env, WORKERS: 'on' });
    const apiA = await startApp({ ...env, WORKERS: 'off' });
    const a = await startHaproxy(dir, [apiA.port]);
    const phaseA = await runPhase(
      'A. 1 API process + 1 worker, HAProxy',
      'scale-a',
      a.port,
      {
        api: [apiA.server.child.pid as number],
        worker: worker.server.child.pid as number,
        haproxy: a.proxy.child.pid as number,
      },
      db,
      dbName,
      tokens,
      productCode,
    );
    report(phaseA, 1);
    a.proxy.child.kill('SIGTERM');
    await a.proxy.exit;

    const apiB = await startApp({ ...env, WORKERS: 'off' });
    const b = await startHaproxy(dir, [apiA.port, apiB.port]);
    const phaseB = await runPhase(
      'B. 2 API processes + 1 worker, HAProxy',
      'scale-b',
      b.port,
      {
        api: [apiA.server.child.pid as number, apiB.server.child.pid as number],
        worker: worker.server.child.pid as number,
        haproxy: b.proxy.child.pid as number,
      },
      db,
      dbName,
      tokens,
      productCode,
    );
    report(phaseB, 2);
    console.log(
      `  → B/A: ${(phaseB.rps / phaseA.rps).toFixed(2)}× the orders/s; CPU per order (all parties) A ${((phaseA.cpu.appMs + phaseA.cpu.pgMs) / phaseA.check.created).toFixed(2)} ms, B ${((phaseB.cpu.appMs + phaseB.cpu.pgMs) / phaseB.check.created).toFixed(2)} ms on ${(
        await import('node:os')
      ).availableParallelism()} cores\n`,
    );
    b.proxy.child.kill('SIGTERM');
    await b.proxy.exit;
    for (const s of [apiA, apiB, worker]) await stop(s.server);

    await limitsPhase(env, dir, tokens[0] as string, productCode);
    console.log(`  ${load()}`);
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    for (const child of children) if (child.child.exitCode === null) child.child.kill('SIGKILL');
    smtp.close();
    await db.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
