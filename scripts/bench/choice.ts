// `npm run bench:choice` (issue 32, decision 080): a recipient's pick to its card, on PostgreSQL
// with the sandbox provider. Choice rewards are sent through the API; each recipient's claim link
// is read from the email (the bench's SMTP recorder); then, a few recipients at a time, each pick
// (POST /api/v1/claims/{token}/choice) is timed from the click until the claim page shows the code
// (the pick's answer, or GET /api/v1/claims/{token} after it). Aim: p99 under 1 s. The load average
// is printed beside the figures: the machine is shared.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort, type ServerProcess, startServerProcess } from '../../apps/server/test/servers';
import { providePostgres } from '../lib/postgres.mjs';
import { createAccounts, json, load, percentile, stop, untilHealthy } from './measure';
import { smtpRecorder } from './smtp-recorder';

const PICKS = Number(process.env.BENCH_PICKS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const { server: smtp, verifyLinks, claimTokens } = smtpRecorder();

async function main() {
  const postgres = await providePostgres();
  const dbName = `gr_bench_choice_${randomBytes(4).toString('hex')}`;
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
    const [token] = await createAccounts(port, 1, verifyLinks);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const products = (await json(await fetch(`${base}/products?currency=USD&country=US&limit=100`))).products as {
      code: string;
      minValue: number;
      maxValue: number;
      denominations: number[] | null;
    }[];
    const codes = products.filter((p) => !p.denominations && p.minValue <= 5 && p.maxValue >= 5).map((p) => p.code);
    const choice = { product_codes: codes.slice(0, 4) };
    console.log(
      `PostgreSQL: ${postgres.source}. ${PICKS} picks, ${CONCURRENCY} at a time, among ${choice.product_codes.join(', ')}.`,
    );
    console.log(`Before: ${load()}`);

    const recipients = Array.from(
      { length: PICKS },
      (_, i) => `choice-${i}-${randomBytes(3).toString('hex')}@example.com`,
    );
    for (const email of recipients) {
      await json(
        await fetch(`${base}/orders`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ choice, currency: 'USD', amount: 5, email }),
        }),
      );
    }
    const deadline = Date.now() + 120_000;
    while (recipients.some((r) => !claimTokens.has(r))) {
      if (Date.now() > deadline) throw new Error('not every claim link was emailed within 2 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`${PICKS} choice rewards sent and emailed. ${load()}`);

    const timings: number[] = [];
    let next = 0;
    const pickOne = async (email: string, i: number) => {
      const claim = claimTokens.get(email) as string;
      const t0 = performance.now();
      const res = await fetch(`${base}/claims/${claim}/choice`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ product_code: choice.product_codes[i % choice.product_codes.length] }),
      });
      let status = String((await json(res)).status);
      while (status !== 'issued') {
        if (performance.now() - t0 > 30_000) throw new Error(`no card for ${email} after 30 s (${status})`);
        await new Promise((r) => setTimeout(r, 20));
        status = String((await json(await fetch(`${base}/claims/${claim}`))).status);
      }
      timings.push(performance.now() - t0);
    };
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < recipients.length) {
          const i = next++;
          await pickOne(recipients[i] as string, i);
        }
      }),
    );
    timings.sort((a, b) => a - b);
    console.log(
      `\nPick to card: p50 ${percentile(timings, 50).toFixed(0)} ms, p99 ${percentile(timings, 99).toFixed(0)} ms, max ${(timings.at(-1) ?? 0).toFixed(0)} ms over ${timings.length} picks (aim: p99 under 1000 ms). ${load()}`,
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
