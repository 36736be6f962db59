// `npm run seed:orders -- N [--email you@example.com] [--days 365] [--seed 1]`
// Fills one organisation with N realistic orders spread over the last `days` days, on the database
// the app itself uses (DATABASE_URL, else PGlite in ./data). With --email, the organisation of that
// account (created and verified if it does not exist); without, a demo account. Stop `npm start`
// first when it runs on PGlite: one process owns the data folder.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { daysBefore } from '@giftrelay/contracts/dates';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { ConfigError, loadConfig } from '../apps/server/src/config';
import { lockDataDir } from '../apps/server/src/db/data-lock';
import { markEmailVerified } from '../apps/server/src/modules/accounts/repository';
import { compactOrderStats } from '../apps/server/src/modules/order-stats';
import { seedOrders } from '../apps/server/test/factories/order-history';

const USAGE = 'usage: npm run seed:orders -- <count 1..5000000> [--email address] [--days 1..1830] [--seed n]';

function fail(message: string): never {
  process.stderr.write(`seed:orders: ${message}\n`);
  process.exit(1);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        email: { type: 'string', default: 'demo@giftrelay.test' },
        days: { type: 'string', default: '365' },
        seed: { type: 'string', default: '1' },
      },
    });
  } catch (err) {
    return fail(`${(err as Error).message}\n${USAGE}`);
  }
})();
const count = Number(positionals[0]);
const days = Number(values.days);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || count > 5_000_000)
  fail(`count must be a whole number from 1 to 5,000,000\n${USAGE}`);
if (!Number.isInteger(days) || days < 1 || days > 1830) fail(`--days must be a whole number from 1 to 1830\n${USAGE}`);
if (!Number.isInteger(seed)) fail(`--seed must be a whole number\n${USAGE}`);
const email = values.email.trim().toLowerCase();
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`--email is not an email address\n${USAGE}`);

let config: ReturnType<typeof loadConfig>;
try {
  // No workers: this process only writes history. The running app folds the figures later; this
  // script also folds them once at the end.
  config = loadConfig({ ...process.env, WORKERS: 'off', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
} catch (err) {
  fail(err instanceof ConfigError ? err.message : String(err));
}
const unlock = config.database.driver === 'pglite' ? lockDataDir(config.dataDir) : () => {};
const app = await buildApp({ config });
try {
  await app.ready();
  let user = await app.db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
  let password: string | undefined;
  if (!user) {
    password = randomBytes(9).toString('base64url');
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email, password } });
    if (res.statusCode !== 200) fail(`could not create ${email}: ${res.body}`);
    user = await app.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await markEmailVerified(app.db, user.id, { firstOperator: app.config.operatorBootstrap === 'first-verified' });
  }
  const membership = await app.db
    .selectFrom('memberships')
    .select('organisation_id')
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();

  const started = performance.now();
  const to = new Date();
  const from = daysBefore(to, days);
  process.stdout.write(`Seeding ${count.toLocaleString('en-US')} orders for ${email} over ${days} days…\n`);
  let last = 0;
  await seedOrders(app.db, {
    organisationId: membership.organisation_id,
    createdBy: user.id,
    key: app.secrets.rewardCodeKey,
    count,
    from,
    to,
    seed,
    // PGlite is one connection; PostgreSQL overlaps generating one batch with writing another.
    concurrency: config.database.driver === 'postgres' ? 3 : 1,
    onProgress(done) {
      if (done === count || performance.now() - last > 2000) {
        last = performance.now();
        const rate = Math.round(done / ((last - started) / 1000));
        process.stdout.write(`  ${done.toLocaleString('en-US')} / ${count.toLocaleString('en-US')} (${rate}/s)\n`);
      }
    },
  });
  while ((await compactOrderStats(app.db)) > 0) {}
  await sql`ANALYZE orders`.execute(app.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Done in ${seconds} s.\n`);
  if (password) process.stdout.write(`Sign in at ${config.publicUrl}/login as ${email} with password ${password}\n`);
} finally {
  await app.close();
  unlock();
}
