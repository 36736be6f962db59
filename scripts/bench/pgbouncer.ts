// `npx tsx scripts/bench/pgbouncer.ts` (issue 34, decision 073): does GiftRelay, pg-boss included,
// work through PgBouncer in transaction mode? Debian's pgbouncer (installed when missing) in front
// of a throwaway PostgreSQL cluster; migrations on a direct connection (they hold a session-level
// advisory lock, which transaction pooling cannot keep), then one app process with its workers,
// its pool and pg-boss's through PgBouncer: does it start, do orders go through and get fulfilled,
// how long from the 201 to the email, and what the app logged. The same orders on a direct
// connection are the comparison. It reports; it does not decide (the README says what to do).
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, type ServerProcess, startServerProcess } from '../../apps/server/test/servers';
import { providePostgres } from '../lib/postgres.mjs';
import { aptInstall } from '../lib/system.mjs';
import { createAccounts, percentile, runMigrate, spawnKept } from './measure';
import { smtpRecorder } from './smtp-recorder';

const ORDERS = 40;
const _root = path.resolve(import.meta.dirname, '../..');
const { server: smtp, received, verifyLinks } = smtpRecorder();
const children: ServerProcess[] = [];

function startPgbouncer(dir: string, port: number, target: URL, dbName: string, mode: string): ServerProcess {
  writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(
    path.join(dir, `pgbouncer-${port}.ini`),
    [
      '[databases]',
      `giftrelay = host=${target.hostname} port=${target.port} dbname=${dbName} user=postgres`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      `pool_mode = ${mode}`,
      'max_client_conn = 500',
      'default_pool_size = 20',
      // node-postgres sends these at connect; PgBouncer refuses unknown startup parameters.
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  );
  chmodSync(dir, 0o777);
  // PgBouncer will not run as root: as the postgres user Debian's package made, when we are root.
  const asRoot = process.getuid?.() === 0;
  const [cmd, args] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', 'pgbouncer', path.join(dir, `pgbouncer-${port}.ini`)]]
    : ['pgbouncer', [path.join(dir, `pgbouncer-${port}.ini`)]];
  const server = spawnKept(cmd, args);
  children.push(server);
  return server;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** One app process on `databaseUrl`: starts? orders accepted, fulfilled, emailed; latencies. */
async function trial(label: string, databaseUrl: string, smtpPort: number, tokens: string[] | undefined) {
  const port = await freePort();
  const app = startServerProcess({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    PUBLIC_URL: 'http://localhost:3999',
    MIGRATE: 'off',
    CATALOG_SYNC_CRON: 'off',
    RATE_LIMIT_FACTOR: '10000',
    SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY: 'off',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOG_LEVEL: 'warn',
  });
  children.push(app);
  const ready = await waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status === 200,
    60_000,
  );
  console.log(`${label}:`);
  if (!ready) {
    console.log(`  did not become ready in 60 s. Its output:\n${indent(app.output())}`);
    app.child.kill('SIGKILL');
    return { tokens, ok: false };
  }
  const queueOk = await waitFor(async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    return ((await res.json()) as { queue: { ok: boolean } }).queue.ok;
  }, 20_000);
  console.log(`  ready; the job queue's round trip ${queueOk ? 'works' : 'did NOT complete in 20 s'}`);
  const accounts =
    tokens ??
    (await createAccounts(port, 2, verifyLinks).catch((err: Error) => {
      console.log(`  sign-up failed: ${err.message}`);
      return undefined;
    }));
  if (!accounts) return { tokens, ok: false };
  const product = await fetch(`http://127.0.0.1:${port}/api/v1/products?currency=USD&limit=50`).then(
    (r) =>
      r.json() as Promise<{ data: { code: string; denominations: unknown; minValue: number; maxValue: number }[] }>,
  );
  const code = product.data.find((p) => !p.denominations && p.minValue <= 1 && p.maxValue >= 1)?.code;
  const sent = new Map<string, number>();
  const statuses = new Map<number, number>();
  const tag = randomBytes(3).toString('hex');
  await Promise.all(
    Array.from({ length: ORDERS }, async (_, i) => {
      const email = `pgb-${tag}-${i}@example.com`;
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/orders`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accounts[i % accounts.length]}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ product_code: code, amount: 1, email, quantity: 1 }),
      });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 201) sent.set(email, performance.now());
    }),
  );
  await waitFor(async () => [...sent.keys()].every((e) => received.has(e)), 60_000);
  const latencies = [...sent]
    .filter(([e]) => received.has(e))
    .map(([e, t]) => (received.get(e) as number) - t)
    .sort((a, b) => a - b);
  console.log(
    `  ${ORDERS} orders at once: ${[...statuses].map(([s, n]) => `${n} answered ${s}`).join(', ')}; ${latencies.length} emailed within 60 s, 201 → email p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
  );
  app.child.kill('SIGTERM');
  const exit = await app.exit;
  const logged = app
    .output()
    .split('\n')
    .filter((l) => /"level":(40|50|60)/.test(l))
    .map((l) => {
      try {
        const j = JSON.parse(l) as { msg?: string; err?: { message?: string } };
        return `${j.msg}${j.err?.message ? `: ${j.err.message}` : ''}`;
      } catch {
        return l;
      }
    });
  const distinct = [...new Map(logged.map((l) => [l, 0])).keys()];
  console.log(`  exit ${exit}; ${logged.length} warnings or errors logged${distinct.length ? ', distinct:' : ''}`);
  for (const l of distinct.slice(0, 8)) console.log(`    ${l.slice(0, 200)}`);
  return { tokens: accounts, ok: latencies.length === sent.size && sent.size === ORDERS };
}

const indent = (s: string) =>
  s
    .split('\n')
    .slice(-15)
    .map((l) => `    ${l.slice(0, 200)}`)
    .join('\n');

async function main() {
  if (spawnSync('sh', ['-c', 'command -v pgbouncer'], { stdio: 'ignore' }).status !== 0) {
    console.log('PgBouncer is missing: installing Debian’s pgbouncer package…');
    aptInstall(['pgbouncer']);
  }
  const version = spawnSync('pgbouncer', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];
  process.env.TEST_PG = 'throwaway';
  const postgres = await providePostgres();
  const dbName = `gr_pgbouncer_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const direct = new URL(postgres.url);
  direct.pathname = `/${dbName}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'gr-pgbouncer-'));
  const smtpPort = await freePort();
  await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', r));
  try {
    console.log(`${version}, in front of ${postgres.source}.`);
    console.log(`npm run migrate (direct connection): ${await runMigrate(direct.toString())}\n`);
    const first = await trial('Direct connection (the comparison)', direct.toString(), smtpPort, undefined);
    for (const mode of ['transaction', 'session']) {
      const port = await freePort();
      const bouncer = startPgbouncer(dir, port, new URL(postgres.url), dbName, mode);
      await new Promise((r) => setTimeout(r, 1000));
      if (bouncer.child.exitCode !== null) {
        console.log(`PgBouncer (${mode}) did not start:\n${indent(bouncer.output())}`);
        continue;
      }
      await trial(
        `Through PgBouncer, pool_mode=${mode}`,
        `postgres://postgres@127.0.0.1:${port}/giftrelay`,
        smtpPort,
        first.tokens,
      );
      bouncer.child.kill('SIGTERM');
      await bouncer.exit;
    }
  } finally {
    for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
    smtp.close();
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
