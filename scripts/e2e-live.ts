// The live end-to-end server (playwright.config.ts's second webServer; specs in apps/web/e2e/live/):
// a fake Stripe and a fake Tango Card at their HTTP edges on fixed ports, then the built app on
// E2E_LIVE_PORT (3198) with its own fresh data folder, pointed at both. Live organisations need
// a real provider (decision 045) and card funding needs Stripe (decision 046): here both are fakes
// in this process. Ctrl-C or Playwright's SIGTERM stops the app, then the fakes.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { FAKE_STRIPE, FakeStripe } from '../apps/server/test/fake-stripe';
import { FAKE_TANGO, FakeTango } from '../apps/server/test/fake-tango';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_LIVE_PORT ?? 3198);
const stripePort = Number(process.env.E2E_FAKE_STRIPE_PORT ?? 12111);
const tangoPort = Number(process.env.E2E_FAKE_TANGO_PORT ?? 12112);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_LIVE_DATA_DIR ?? path.join(root, '.test-output/e2e-live-data');

rmSync(dataDir, { recursive: true, force: true });

const stripe = new FakeStripe({ webhookUrl: `${baseURL}/api/v1/stripe/webhook` });
const stripeBase = await stripe.start(stripePort);
// 13.13: the amount whose cards the fake takes and never confirms (live/reward-review.spec.ts).
const tango = new FakeTango({ lostAmounts: [13.13] });
const tangoBase = await tango.start(tangoPort);

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_ENV: 'test',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: baseURL,
    RATE_LIMIT_FACTOR: '100',
    PASSWORD_HASHING: 'fast-test-only',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    // Operators who approve going live in the live specs (decision 041, 045).
    OPERATOR_EMAILS:
      'operator-e2e@example.com,operator-card-e2e@example.com,operator-live-e2e@example.com,operator-review-e2e@example.com,operator-risk-e2e@example.com',
    GIFT_CARD_PROVIDER: 'tango',
    TANGO_BASE_URL: tangoBase,
    TANGO_PLATFORM_NAME: tango.options.platformName,
    TANGO_PLATFORM_KEY: tango.options.platformKey,
    TANGO_CUSTOMER_ID: FAKE_TANGO.customerId,
    TANGO_ACCOUNT_ID: FAKE_TANGO.accountId,
    TANGO_REQUESTS_PER_SECOND: '50',
    // A lost card (above) is in front of an operator within seconds, not the default's minute:
    // the fake answers everything else at once, so neither setting touches the other specs.
    TANGO_TIMEOUT_MS: '2000',
    FULFILMENT_MAX_ATTEMPTS: '2',
    STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
    STRIPE_API_BASE: stripeBase,
    // Bank transfer instructions (decision 047), for the live specs' funding by transfer.
    BANK_TRANSFER_BENEFICIARY: 'GiftRelay Inc.',
    BANK_TRANSFER_BANK: 'First Example Bank',
    BANK_TRANSFER_ACCOUNT: '000123456789',
    BANK_TRANSFER_ROUTING: '021000021',
    BANK_TRANSFER_SWIFT: 'FEXBUS33',
    // What npm run demo:live sets on the same fakes (decision 079): the live specs see its banner.
    DEMO: 'true',
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await Promise.race([once(server, 'exit'), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  await Promise.allSettled([stripe.stop(), tango.stop()]);
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));
