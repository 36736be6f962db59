// `npm run bench:risk` (issue 37, decisions 083 and 090): what risk-rule evaluation costs an order.
// One server on PostgreSQL; two organisations, one without rules and one with five order-side
// rules that all pass (so every order is placed and fulfilled as usual: the cost measured is the
// rules' evaluation in the order statement, and since decision 090 the advisory lock the velocity
// and daily total rules take). Orders go through POST /api/v1/orders with CONCURRENCY in flight.
// A warm-up phase per organisation comes first, untimed (the first orders of a fresh server pay
// for its caches, prepared statements and JIT, which made round 1's "no rules" far below the
// rest); then many short rounds, each measuring both, in alternating order (ABBA), so drift on a
// shared machine hits both alike. The ratio is taken per round and its median reported with the
// spread. Aim: with rules, throughput at least 90 % of without. Load average printed beside.
// Rounds of 200 orders (decision 092): at 80 a round lasted a few seconds on the shared machine
// and one neighbour's burst decided it. The orders accumulate over the rounds (~1,700 per
// organisation, all on one day), so a rule whose cost grows with the day's orders shows as later
// rounds doing worse: the medians of the first and second half of the rounds are printed too.
// BENCH_KEEP_DATABASE=1 keeps the database (its name is printed) to look at afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort, type ServerProcess, startServerProcess } from '../../apps/server/test/servers';
import { providePostgres } from '../lib/postgres.mjs';
import { createAccounts, FIVE_RULES, json, load, stop, untilHealthy } from './measure';
import { smtpRecorder } from './smtp-recorder';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 80);
const { server: smtp, verifyLinks } = smtpRecorder();

async function main() {
  const postgres = await providePostgres();
  const dbName = `gr_bench_risk_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(postgres.url);
  dbUrl.pathname = `/${dbName}`;
  const smtpPort = await freePort();
  await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', r));
  const port = await freePort();
  let server: ServerProcess | undefined;
  try {
    server = startServerProcess({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: dbUrl.toString(),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      RATE_LIMIT_FACTOR: '10000',
      CATALOG_SYNC_CRON: 'off',
      SANDBOX_OUTSIDE_RECIPIENTS_PER_DAY: 'off',
    });
    await untilHealthy(port, server);
    const base = `http://127.0.0.1:${port}/api/v1`;
    const [plain, ruled] = await createAccounts(port, 2, verifyLinks);
    const headersOf = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    for (const token of [plain, ruled] as string[]) {
      // A new sandbox organisation starts with play money; this takes it near the sandbox's cap.
      await json(
        await fetch(`${base}/balance/sandbox-topup`, {
          method: 'POST',
          headers: headersOf(token),
          body: JSON.stringify({ amount: 40000 }),
        }),
      );
    }
    for (const rule of FIVE_RULES) {
      const res = await fetch(`${base}/risk/rules`, {
        method: 'POST',
        headers: headersOf(ruled as string),
        body: JSON.stringify(rule),
      });
      if (res.status !== 201) throw new Error(`rule: ${res.status} ${await res.text()}`);
    }
    const products = (await json(await fetch(`${base}/products?currency=USD&country=US&limit=100`))).products as {
      code: string;
      minValue: number;
      maxValue: number;
      denominations: number[] | null;
    }[];
    const product = products.find((p) => !p.denominations && p.minValue <= 5 && p.maxValue >= 5);
    if (!product) throw new Error('no 5 USD range product');
    console.log(
      `PostgreSQL: ${postgres.source}. ${WARMUP} warm-up orders each, then ${ROUNDS} rounds of ${ORDERS} orders per phase, ${CONCURRENCY} in flight.`,
    );
    console.log(`Before: ${load()}`);

    const phase = async (token: string, orders = ORDERS): Promise<number> => {
      let next = 0;
      let refused = 0;
      const started = performance.now();
      const worker = async () => {
        while (next < orders) {
          next++;
          const res = await fetch(`${base}/orders`, {
            method: 'POST',
            headers: headersOf(token),
            body: JSON.stringify({
              product_code: product.code,
              amount: 5,
              email: `r-${randomBytes(4).toString('hex')}@example.com`,
            }),
          });
          const body = (await res.json()) as { status?: string };
          if (res.status !== 201 || body.status !== 'pending') refused++;
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const seconds = (performance.now() - started) / 1000;
      if (refused) throw new Error(`${refused} orders were not placed as pending`);
      return orders / seconds;
    };
    // Untimed: both organisations' first orders, with the server's caches cold.
    await phase(plain as string, WARMUP);
    await phase(ruled as string, WARMUP);
    console.log(`After the warm-up: ${load()}`);
    const without: number[] = [];
    const withRules: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // ABBA: odd rounds measure the rules first, so a trend within a round cancels out.
      if (round % 2 === 0) {
        without.push(await phase(plain as string));
        withRules.push(await phase(ruled as string));
      } else {
        withRules.push(await phase(ruled as string));
        without.push(await phase(plain as string));
      }
      ratios.push((withRules.at(-1) as number) / (without.at(-1) as number));
      console.log(
        `Round ${round + 1}: no rules ${without.at(-1)?.toFixed(1)} orders/s, five rules ${withRules.at(-1)?.toFixed(1)} orders/s (${((ratios.at(-1) as number) * 100).toFixed(1)} %). ${load()}`,
      );
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const sorted = [...ratios].sort((a, b) => a - b);
    const median = medianOf(ratios);
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    const half = Math.ceil(ratios.length / 2);
    console.log(
      `No rules: ${mean(without).toFixed(1)} orders/s. Five rules: ${mean(withRules).toFixed(1)} orders/s. Ratio per round: median ${pct(median)} (from ${pct(sorted[0] as number)} to ${pct(sorted.at(-1) as number)}), of the means ${pct(mean(withRules) / mean(without))}; aim at least 90 %. Median of the first ${half} rounds ${pct(medianOf(ratios.slice(0, half)))}, of the rest ${pct(medianOf(ratios.slice(half)))}. After: ${load()}`,
    );
  } finally {
    if (server) await stop(server);
    smtp.close();
    if (process.env.BENCH_KEEP_DATABASE) console.log(`Kept the database ${dbName}.`);
    else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await postgres.stop();
  }
}

function medianOf(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length % 2
    ? (sorted[(sorted.length - 1) / 2] as number)
    : ((sorted[sorted.length / 2 - 1] as number) + (sorted[sorted.length / 2] as number)) / 2;
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
