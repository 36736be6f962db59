// Security check for issue 29, item 5 (decision 062): a sender must not be able to redirect a
// delivered, opened reward to their own address with a resend.
//
//   npx tsx scripts/security/05-resend-redirect.ts [baseUrl]     (default http://localhost:3000)
//
// Against a running server with the built-in mailbox (no SMTP_URL), read from this machine at
// GET /api/mailbox. An owner signs up, invites a sender who joins, sends a reward; the recipient
// opens it; the sender asks for it to be resent to the sender's own address. PASS when that is
// refused (and the order keeps its recipient); FAIL (exit 1) when it is accepted. Every run uses
// new random addresses, so it can run again and again. Dependency-free: Node's fetch only.
import { randomBytes, randomUUID } from 'node:crypto';

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/+$/, '');
const PASSWORD = 'violet-Harbour-42';
const tag = randomBytes(4).toString('hex');
const address = (who: string) => `sec05-${who}-${tag}@example.com`;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (method === 'POST' && path.startsWith('/api/v1/orders')) headers['idempotency-key'] = randomUUID();
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { text };
  }
  return { status: res.status, body: parsed };
}

async function expectOk(
  what: string,
  answer: Promise<Answer>,
  statuses = [200, 201],
): Promise<Record<string, unknown>> {
  const a = await answer;
  if (!statuses.includes(a.status)) throw new Error(`${what}: HTTP ${a.status} ${JSON.stringify(a.body)}`);
  return a.body;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the newest email to `to` whose subject matches, and answers the token after `path`. */
async function linkFromMailbox(to: string, subject: RegExp, path: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const box = await call('GET', `/api/mailbox?to=${encodeURIComponent(to)}`);
    if (box.status !== 200)
      throw new Error(`mailbox: HTTP ${box.status} (run this on the server's machine, without SMTP_URL)`);
    const messages = (box.body.messages ?? box.body.data ?? []) as { subject: string; text: string }[];
    const message = messages.find((m) => subject.test(m.subject));
    const token = message?.text.match(new RegExp(`${path}([A-Za-z0-9_-]+)`))?.[1];
    if (token) return token;
    await sleep(500);
  }
  throw new Error(`no email to ${to} matching ${subject} with a ${path} link within 60 s`);
}

async function signIn(email: string): Promise<string> {
  const session = await expectOk(
    `sign-in of ${email}`,
    call('POST', '/api/v1/auth/token?grant_type=password', { email, password: PASSWORD }),
  );
  return String(session.access_token);
}

async function main() {
  console.log(`05 resend redirect: against ${base}`);
  const ownerEmail = address('owner');
  await expectOk('owner sign-up', call('POST', '/api/v1/auth/signup', { email: ownerEmail, password: PASSWORD }));
  const verify = await linkFromMailbox(ownerEmail, /verify/i, '/verify/');
  await expectOk('owner verification', call('POST', '/api/v1/auth/verify', { token: verify, password: PASSWORD }));
  const owner = await signIn(ownerEmail);
  console.log(`  owner ${ownerEmail} signed up`);

  const senderEmail = address('sender');
  await expectOk('invitation', call('POST', '/api/v1/invitations', { email: senderEmail, role: 'sender' }, owner));
  const invitation = await linkFromMailbox(senderEmail, /invited/i, '/invitations/');
  await expectOk(
    'accepting the invitation',
    call('POST', '/api/v1/invitations/accept-new', { token: invitation, password: PASSWORD }),
  );
  const sender = await signIn(senderEmail);
  console.log(`  sender ${senderEmail} joined`);

  const products = await expectOk('products', call('GET', '/api/v1/products?country=US&currency=USD&limit=100'));
  const list = (products.data ?? products.products) as {
    code: string;
    minValue: number;
    denominations: number[] | null;
  }[];
  const product = list.find((p) => !p.denominations?.length) ?? list[0];
  if (!product) throw new Error('no product in the catalogue');
  const amount = product.denominations?.length ? product.denominations[0] : Math.max(product.minValue, 5);

  const recipientEmail = address('recipient');
  const placed = await expectOk(
    'the owner’s order',
    call('POST', '/api/v1/orders', { product_code: product.code, amount, email: recipientEmail, quantity: 1 }, owner),
  );
  const orderId = String(placed.order_id);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const order = await expectOk('the order', call('GET', `/api/v1/orders/${orderId}`, undefined, owner));
    if (order.status === 'completed') break;
    if (order.status !== 'pending' || Date.now() > deadline) throw new Error(`the order ended ${String(order.status)}`);
    await sleep(500);
  }
  console.log(`  order ${orderId} delivered to ${recipientEmail}`);

  const claimToken = await linkFromMailbox(recipientEmail, /./, '/claim/');
  await expectOk('opening the claim link', call('GET', `/api/v1/claims/${claimToken}`));
  console.log('  the recipient opened the reward');

  const attempt = await call('POST', `/api/v1/orders/${orderId}/resend`, { email: senderEmail }, sender);
  const after = await expectOk(
    'the order after the attempt',
    call('GET', `/api/v1/orders/${orderId}`, undefined, owner),
  );
  console.log(`  the sender's resend to ${senderEmail}: HTTP ${attempt.status} ${String(attempt.body.code ?? '')}`);
  if (attempt.status >= 400 && attempt.status < 500 && after.recipient_email === recipientEmail) {
    console.log(
      `PASS: refused (${String(attempt.body.code)}: ${String(attempt.body.error)}); the order still goes to ${recipientEmail}`,
    );
    return;
  }
  console.log(`FAIL: the resend answered ${attempt.status} and the order now goes to ${String(after.recipient_email)}`);
  process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.log(`FAIL: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
