// `npm run bench:mcp`, on PostgreSQL, both figures in the same run (decision 074): an AI agent's
// preview + send over the MCP server (two tool calls through the SDK's own client over Streamable
// HTTP: preview_reward, then send_reward with its preview_id) against the plain REST API doing the
// same work (POST /api/v1/fx/quotes, then POST /api/v1/orders with the quote and an
// Idempotency-Key), round trips per second at the same concurrency, interleaved so the machine's
// load touches both alike. Aim: MCP within 30 % of REST. Workers are off in the measured process
// (fulfilment would compete for the same two cores); the load average is printed beside each figure.
// To see where the time goes: BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the
// measured server; BENCH_LOG_STATEMENTS=1 has PostgreSQL log its statements (count them per round trip).
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import pg from 'pg';
import { freePort, type ServerProcess, startServerProcess } from '../../apps/server/test/servers';
import { providePostgres } from '../lib/postgres.mjs';
import { createAccounts as createAccountsWith, json, load, percentile, stop, untilHealthy } from './measure';
import { smtpRecorder } from './smtp-recorder';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ORGS = 10;
const children: ServerProcess[] = [];
const { server: smtp, verifyLinks } = smtpRecorder();

async function startApp(env: Record<string, string>): Promise<{ port: number; server: ServerProcess }> {
  const port = await freePort();
  const server = startServerProcess(
    {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_FACTOR: '10000',
      CATALOG_SYNC_CRON: 'off',
      ...env,
    },
    { nodeArgs: env.WORKERS === 'off' ? process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) : undefined },
  );
  children.push(server);
  await untilHealthy(port, server);
  return { port, server };
}

type Run = { rps: number; p50: number; p99: number; done: number };

/** `CONCURRENCY` callers each repeating `one` until the time is up; round trips per second. */
async function drive(seconds: number, callers: ((i: number) => Promise<void>)[]): Promise<Run> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    callers.map(async (one) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await one(n++);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    done: latencies.length,
  };
}

function restCaller(port: number, key: string, productCode: string) {
  const base = `http://127.0.0.1:${port}/api/v1`;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  return async (i: number) => {
    const quote = await json(
      await fetch(`${base}/fx/quotes`, { method: 'POST', headers, body: JSON.stringify({ from: 'USD' }) }),
    );
    const res = await fetch(`${base}/orders`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        product_code: productCode,
        amount: 1,
        email: `rest-${i}@example.com`,
        quantity: 1,
        quote_id: quote.quote_id,
      }),
    });
    if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
  };
}

async function mcpCaller(port: number, key: string, productCode: string) {
  const client = new Client({ name: 'bench-mcp', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  const tool = async (name: string, args: Record<string, unknown>) => {
    const answer = (await client.callTool({ name, arguments: args })) as {
      isError?: boolean;
      structuredContent?: Record<string, unknown>;
    };
    if (answer.isError) throw new Error(`${name}: ${JSON.stringify(answer.structuredContent)}`);
    return answer.structuredContent ?? {};
  };
  const one = async (i: number) => {
    const preview = await tool('preview_reward', {
      recipient_email: `mcp-${i}@example.com`,
      product_code: productCode,
      value: 1,
    });
    await tool('send_reward', { preview_id: preview.preview_id });
  };
  return { one, close: () => client.close() };
}

const line = (name: string, r: Run) =>
  `  ${name.padEnd(34)} ${r.rps.toFixed(1).padStart(7)} round trips/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   (${r.done})`;

async function main() {
  const postgres = await providePostgres();
  const dbName = `gr_bench_mcp_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(postgres.url);
  dbUrl.pathname = `/${dbName}`;
  const smtpPort = await freePort();
  await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', r));
  const env = {
    DATABASE_URL: dbUrl.toString(),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY: 'off',
  };
  try {
    console.log(`PostgreSQL: ${postgres.source}. ${CONCURRENCY} callers, ${SECONDS} s per run, ${ROUNDS} rounds.`);
    console.log(`Before: ${load()}`);
    const setup = await startApp({ ...env, WORKERS: 'on' });
    const tokens = await createAccounts(setup.port, ORGS);
    const keys: string[] = [];
    for (const token of tokens) {
      const res = await fetch(`http://127.0.0.1:${setup.port}/api/v1/api-keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bench agent', scopes: 'full' }),
      });
      keys.push(String((await json(res)).key));
    }
    const db = new pg.Client({ connectionString: dbUrl.toString() });
    db.on('error', () => {});
    await db.connect();
    const productCode = (
      await db.query(
        `SELECT code FROM products WHERE currency = 'USD' AND denominations IS NULL AND min_value <= 100 AND max_value >= 100 ORDER BY code LIMIT 1`,
      )
    ).rows[0].code as string;
    if (process.env.BENCH_LOG_STATEMENTS) await db.query(`ALTER DATABASE ${dbName} SET log_statement = 'all'`);
    await db.end();
    await stop(setup.server);
    console.log(`${ORGS} sandbox organisations, a full-access key each; product ${productCode}; 1.00 USD rewards.\n`);

    const app = await startApp({ ...env, WORKERS: 'off' });
    const keyOf = (i: number) => keys[i % keys.length] as string;
    const rest = Array.from({ length: CONCURRENCY }, (_, i) => restCaller(app.port, keyOf(i), productCode));
    const mcp = await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, i) => mcpCaller(app.port, keyOf(i), productCode)),
    );
    if (process.env.BENCH_PROBE) {
      const probeRest = Array.from({ length: CONCURRENCY }, (_, i) => async () => {
        await json(
          await fetch(`http://127.0.0.1:${app.port}/api/v1/balance`, {
            headers: { authorization: `Bearer ${keyOf(i)}` },
          }),
        );
      });
      const probeMcp = await Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, i) => {
          const c = new Client({ name: 'probe', version: '1' });
          await c.connect(
            new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${app.port}/mcp`), {
              requestInit: { headers: { authorization: `Bearer ${keyOf(i)}` } },
            }),
          );
          return async () => {
            await c.callTool({ name: 'get_balance', arguments: {} });
          };
        }),
      );
      await drive(2, probeRest);
      await drive(2, probeMcp);
      console.log(line('REST balance', await drive(5, probeRest)), load());
      console.log(line('MCP get_balance', await drive(5, probeMcp)), load());
    }
    // Warm-up: prepared statements, JIT, the catalogue cache.
    await drive(2, rest);
    await drive(
      2,
      mcp.map((m) => m.one),
    );
    const restRuns: Run[] = [];
    const mcpRuns: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const r = await drive(SECONDS, rest);
      restRuns.push(r);
      console.log(line(`REST quote + order (round ${round + 1})`, r), `  ${load()}`);
      const m = await drive(
        SECONDS,
        mcp.map((c) => c.one),
      );
      mcpRuns.push(m);
      console.log(line(`MCP preview + send (round ${round + 1})`, m), `  ${load()}`);
    }
    await Promise.all(mcp.map((c) => c.close()));
    await stop(app.server);
    const avg = (runs: Run[]) => runs.reduce((s, r) => s + r.rps, 0) / runs.length;
    const ratio = avg(mcpRuns) / avg(restRuns);
    console.log(
      `\nMCP ${avg(mcpRuns).toFixed(1)} vs REST ${avg(restRuns).toFixed(1)} round trips/s: ${(ratio * 100).toFixed(0)} % (aim: at least 70 %). ${load()}`,
    );
  } finally {
    for (const child of children) if (child.child.exitCode === null) child.child.kill('SIGKILL');
    smtp.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await postgres.stop();
  }
}

const createAccounts = (port: number, n: number) => createAccountsWith(port, n, verifyLinks);

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
