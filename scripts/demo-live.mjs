#!/usr/bin/env node
// `npm run demo:live` (issue 35): the product with its real-money path switched on and nothing
// configured. Live organisations need a real gift-card provider (decision 045) and card funding
// needs Stripe (decision 046): here both are the fakes the tests use (apps/server/test/fake-tango.ts,
// fake-stripe.ts), run in this process through tsx as scripts/e2e-live.ts does, at their HTTP edges
// in the shapes of Tango's and Stripe's public documentation. The server is the one `npm start`
// runs, with DEMO=true so every screen and the start banner say that no money is real, and its own
// data folder (./data-demo) so a demo never mixes with `npm start`'s data.
//
// `--no-build` runs the server from its sources (tsx) instead of building first: the test that
// starts this script (apps/server/test/demo-live.test.ts) uses it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkNodeVersion, ensureDependencies } from './lib/deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fromSources = process.argv.includes('--no-build');
const DEMO_NOTICE = 'Demo: fake Tango and fake Stripe, no real money';

checkNodeVersion();
if (!fromSources) {
  ensureDependencies(root);
  const { build } = await import('./build.mjs');
  console.log((await build()) ? 'Built.' : 'Nothing changed since the last build.');
}

const { tsImport } = await import('tsx/esm/api');
const { FAKE_STRIPE, FakeStripe } = await tsImport('../apps/server/test/fake-stripe.ts', import.meta.url);
const { FAKE_TANGO, FakeTango } = await tsImport('../apps/server/test/fake-tango.ts', import.meta.url);

const port = Number(process.env.PORT || 3000);
const baseUrl = `http://localhost:${port}`;
const dataDir = path.resolve(root, process.env.DATA_DIR || 'data-demo');

// Both fakes on free ports of the loopback interface: only this machine's server talks to them,
// and the browser only to the fake Stripe's checkout page, whose link the server hands out.
const stripe = new FakeStripe({ webhookUrl: `${baseUrl}/api/v1/stripe/webhook` });
const stripeBase = await stripe.start(0);
const tango = new FakeTango();
const tangoBase = await tango.start(0);

const entry = fromSources
  ? ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]
  : ['--max-old-space-size=512', path.join(root, 'apps/server/dist/main.mjs')];

console.log(
  [
    '',
    `  ${DEMO_NOTICE}.`,
    `  Gift cards come from a fake Tango Card RaaS v2 at ${tangoBase} (its codes are made up), card`,
    `  payments go to a fake Stripe Checkout at ${stripeBase} (its Pay button pays nothing), bank`,
    `  transfer details are an example account. Data: ${path.relative(root, dataDir)} (not npm start’s ./data).`,
    '  To walk the real-money path: sign up (the first verified account is the operator; emails are',
    `  at ${baseUrl}/mailbox), Billing → Go live, approve it in the operator area, fund by card or`,
    '  bank transfer (the operator records the transfer), send a reward, download the statement.',
    '',
  ].join('\n'),
);

// Its own process group: Ctrl-C at the terminal reaches only this script, which passes it on once
// (the server takes a second signal as "force quit").
const server = spawn(process.execPath, entry, {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
  env: {
    ...process.env,
    DEMO: 'true',
    PORT: String(port),
    PUBLIC_URL: process.env.PUBLIC_URL || baseUrl,
    DATA_DIR: dataDir,
    GIFT_CARD_PROVIDER: 'tango',
    TANGO_BASE_URL: tangoBase,
    TANGO_PLATFORM_NAME: tango.options.platformName,
    TANGO_PLATFORM_KEY: tango.options.platformKey,
    TANGO_CUSTOMER_ID: FAKE_TANGO.customerId,
    TANGO_ACCOUNT_ID: FAKE_TANGO.accountId,
    TANGO_REQUESTS_PER_SECOND: '10',
    STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
    STRIPE_API_BASE: stripeBase,
    // An example account (decision 047): the routing number is a valid ABA checksum, nothing more.
    BANK_TRANSFER_BENEFICIARY: 'GiftRelay Demo Inc.',
    BANK_TRANSFER_BANK: 'Example Demo Bank',
    BANK_TRANSFER_ACCOUNT: '000123456789',
    BANK_TRANSFER_ROUTING: '021000021',
    BANK_TRANSFER_SWIFT: 'FEXBUS33',
  },
});

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGINT');
    await Promise.race([once(server, 'exit'), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
  await Promise.allSettled([stripe.stop(), tango.stop()]);
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));
