// `npm run bench:risk` (issue 37, decision 083): what risk-rule evaluation costs an order. One
// server on PostgreSQL; two organisations, one without rules and one with five order-side rules
// that all pass (so every order is placed and fulfilled as usual: the cost measured is the rules'
// evaluation in the order statement). Orders go through POST /api/v1/orders with CONCURRENCY in
// flight; the phases alternate (no rules, rules, no rules, rules) so drift on a shared machine hits
// both alike. Aim: with rules, throughput at least 90 % of without. Load average printed beside.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort, type ServerProcess, startServerProcess } from '../../apps/server/test/servers';
import { providePostgres } from '../lib/postgres.mjs';
import { createAccounts, json, load, stop, untilHealthy } from './measure';
import { smtpRecorder } from './smtp-recorder';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const { server: smtp, verifyLinks } = smtpRecorder();

const FIVE_RULES = [
  { kind: 'recipient_domain', action: 'hold', domains: ['other.test', 'spam.test'] },
  { kind: 'disposable_email', action: 'hold' },
  { kind: 'recipient_velocity', action: 'hold', max_rewards: 1000, period_days: 30 },
  { kind: 'amount_above', action: 'hold', amount: 1000, currency: 'USD' },
  { kind: 'daily_total_above', action: 'hold', amount: 10000000, currency: 'USD' },
];

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
      `PostgreSQL: ${postgres.source}. ${ORDERS} orders per phase, ${CONCURRENCY} in flight, ${ROUNDS} rounds.`,
    );
    console.log(`Before: ${load()}`);

    const phase = async (token: string): Promise<number> => {
      let next = 0;
      let refused = 0;
      const started = performance.now();
      const worker = async () => {
        while (next < ORDERS) {
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
      return ORDERS / seconds;
    };
    const without: number[] = [];
    const withRules: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      without.push(await phase(plain as string));
      withRules.push(await phase(ruled as string));
      console.log(
        `Round ${round + 1}: no rules ${without.at(-1)?.toFixed(1)} orders/s, five rules ${withRules.at(-1)?.toFixed(1)} orders/s. ${load()}`,
      );
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = mean(withRules) / mean(without);
    console.log(
      `No rules: ${mean(without).toFixed(1)} orders/s. Five rules: ${mean(withRules).toFixed(1)} orders/s (${(ratio * 100).toFixed(1)} %, aim at least 90 %). After: ${load()}`,
    );
  } finally {
    if (server) await stop(server);
    smtp.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await postgres.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
