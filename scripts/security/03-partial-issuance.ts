// Issue 29, item 3 (decision 058): an order of N rewards whose provider issues k and then refuses
// is charged for exactly the k; the N−k are refunded their share of subtotal and fee.
//
//   npx tsx scripts/security/03-partial-issuance.ts [baseUrl]     (default http://localhost:3000)
//
// Against a fresh `npm start` with the sandbox provider. Dependency-free: signs up through HTTP
// (the verification link from the built-in mailbox, GET /api/mailbox, answered to loopback),
// places an order of 3 rewards to `…+issue-1@example.com` (the sandbox's knob: it issues the
// first reward and declines the rest), waits for it to settle, and checks the order and the
// balance. Prints PASS or FAIL; exits 1 on FAIL.
const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const N = 3;
const K = 1;
const AMOUNT = 10;

function fail(message: string): never {
  console.log(`FAIL: ${message}`);
  process.exit(1);
}

async function call(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const tag = Math.random().toString(36).slice(2, 10);
const email = `partial-${tag}@example.com`;
const password = `violet-Harbour-${tag}-42`;

const signUp = await call('POST', '/api/v1/auth/signup', { email, password });
if (signUp.status !== 200) fail(`sign-up answered ${signUp.status}: ${JSON.stringify(signUp.json)}`);
const verifyToken = await until('the verification email', async () => {
  const box = await call('GET', `/api/mailbox?to=${encodeURIComponent(email)}`);
  if (box.status !== 200)
    fail(`GET /api/mailbox answered ${box.status}: run against a server with its built-in mailbox`);
  const text: string | undefined = box.json.messages?.find((m: any) => /verify/i.test(m.subject))?.text;
  return text?.match(/\/verify\/([A-Za-z0-9_-]+)/)?.[1];
});
const verified = await call('POST', '/api/v1/auth/verify', { token: verifyToken, password });
if (verified.status !== 200) fail(`verification answered ${verified.status}`);
const session = await call('POST', '/api/v1/auth/token?grant_type=password', { email, password });
if (session.status !== 200) fail(`sign-in answered ${session.status}`);
const token: string = session.json.access_token;

const products = await call('GET', '/api/v1/products?country=US&currency=USD&limit=100');
const product = products.json?.products?.find(
  (p: any) => !p.denominations?.length && p.minValue <= AMOUNT && p.maxValue >= AMOUNT,
);
if (!product) fail('no US range product that takes 10.00');
const before = await call('GET', '/api/v1/balance', undefined, token);

const placed = await call(
  'POST',
  '/api/v1/orders',
  { product_code: product.code, amount: AMOUNT, email: `recipient-${tag}+issue-${K}@example.com`, quantity: N },
  token,
);
if (placed.status !== 201) fail(`the order answered ${placed.status}: ${JSON.stringify(placed.json)}`);
const charged = placed.json.charged;
const order = await until('the order to settle', async () => {
  const got = await call('GET', `/api/v1/orders/${placed.json.order_id}`, undefined, token);
  return got.json?.status && got.json.status !== 'pending' ? got.json : undefined;
});
const after = await call('GET', '/api/v1/balance', undefined, token);

// The issued rewards' share, position by position, as shareOf splits it (the remainder to the first).
const share = (total: number, i: number) => Math.floor(total / N) + (i < total % N ? 1 : 0);
let expectedCharge = 0;
for (let i = 0; i < K; i++) expectedCharge += share(charged.subtotal_minor, i) + share(charged.fee_minor, i);
const spent = before.json.available_minor - after.json.available_minor;

const problems: string[] = [];
if (order.status !== 'completed') problems.push(`status ${order.status}, expected completed`);
if (order.issued_count !== K || order.failed_count !== N - K)
  problems.push(`issued ${order.issued_count} / failed ${order.failed_count}, expected ${K} / ${N - K}`);
if (order.charged.released_minor !== charged.total_minor - expectedCharge)
  problems.push(`released ${order.charged.released_minor}, expected ${charged.total_minor - expectedCharge}`);
if (spent !== expectedCharge)
  problems.push(`balance went down by ${spent}, expected ${expectedCharge} (k rewards' share)`);
if (after.json.held_minor !== before.json.held_minor) problems.push(`held ${after.json.held_minor} left over`);
if (problems.length) fail(problems.join('; '));
console.log(
  `PASS: ${K} of ${N} rewards issued; charged ${expectedCharge} of ${charged.total_minor} ${charged.currency} minor units, the rest refunded`,
);

// A module of its own, so its names do not meet the other scripts' in the type check.
export {};
