import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { API_EXAMPLES, type ApiExample, EXAMPLE_ORDER, toCurl } from '../../src/features/docs/api-examples';
import { decodeHtml } from '../site/helpers';
import { createVerifiedAccount, newEmail, waitForEmail } from '../support/accounts';

/** The account the examples show; each test puts an account of its own in its place. */
const DOCUMENTED_EMAIL = 'rewards-bot@example.com';
const DOCUMENTED_PASSWORD = 'a-long-random-password';

/** Fields of an answer whose documented value is the real one for every caller, not an example of its kind. */
const EXACT_FIELDS = ['success', 'code', 'error', 'message', 'token_type', 'details'];

interface Session {
  access_token: string;
  refresh_token: string;
}

async function signIn(request: APIRequestContext, email: string): Promise<Session> {
  const res = await request.post('/api/v1/auth/token?grant_type=password', {
    data: { email, password: DOCUMENTED_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/**
 * What a reader would put in an example before running it: a real account (verified through the
 * API and the built-in mailbox, or deliberately not), a real token, a real product code, the id of
 * an order made first.
 */
interface FillIn {
  /** Replaces the documented address in the command. */
  email?: string;
  token?: string;
  /** The account the token belongs to. */
  signedInAs?: string;
  /** The order placed before the example runs, settled. */
  orderId?: string;
  placeholders: Record<string, string>;
}

const exampleById = (id: string): ApiExample => {
  const example = API_EXAMPLES.find((e) => e.id === id);
  if (!example) throw new Error(`no docs example ${id}`);
  return example;
};

/** The corrected address the resend example documents; each run puts one of its own in its place. */
const RESEND_TO = String((exampleById('resend-order').body as { email: string }).email);

/** The examples that order PRODUCT_CODE, and the amounts they ask for in its currency. */
const productAmounts = API_EXAMPLES.flatMap((e) =>
  typeof e.body === 'object' && e.body.product_code === 'PRODUCT_CODE' && e.body.amount !== undefined
    ? [Number(e.body.amount)]
    : [],
);

/** A range product every documented order fits: US dollars (the account's billing currency), any amount asked for. */
async function productCode(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/v1/products?country=US&currency=USD&limit=100');
  expect(res.status()).toBe(200);
  const products = (await res.json()).products as {
    code: string;
    minValue: number;
    maxValue: number;
    denominations: number[] | null;
    available: boolean;
  }[];
  const fits = products.find(
    (p) =>
      p.available &&
      !p.denominations?.length &&
      productAmounts.every((amount) => amount >= p.minValue && amount <= p.maxValue),
  );
  if (!fits) throw new Error(`no US range product takes ${productAmounts.join(' and ')}`);
  return fits.code;
}

/** Places the order Send a reward documents, through the API, and waits until it is delivered. */
async function placeDocumentedOrder(request: APIRequestContext, token: string, code: string): Promise<string> {
  const body = { ...(exampleById('create-order').body as Record<string, unknown>), product_code: code };
  const headers = { authorization: `Bearer ${token}` };
  const res = await request.post('/api/v1/orders', { headers, data: body });
  expect(res.status(), await res.text()).toBe(201);
  const orderId = ((await res.json()) as { order_id: string }).order_id;
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/v1/orders/${orderId}`, { headers })).json()) as { status: string }).status,
      { message: `order ${orderId} is delivered`, timeout: 15_000 },
    )
    .toBe('completed');
  return orderId;
}

/** A choice set of the one product, made through the API as Make a choice set documents: its id. */
async function makeChoiceSet(request: APIRequestContext, token: string, code: string): Promise<string> {
  const body = { ...(exampleById('create-choice-set').body as Record<string, unknown>), product_codes: [code] };
  const res = await request.post('/api/v1/choice-sets', { headers: { authorization: `Bearer ${token}` }, data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { choice_set: { id: string } }).choice_set.id;
}

/** A choice reward sent from a set, and its claim link's token from the recipient's email in the mailbox. */
async function choiceClaimToken(request: APIRequestContext, code: string): Promise<string> {
  const account = await createVerifiedAccount(request, { password: DOCUMENTED_PASSWORD });
  const { access_token: token } = await signIn(request, account.email);
  const setId = await makeChoiceSet(request, token, code);
  const to = newEmail('docs-choice');
  const res = await request.post('/api/v1/orders', {
    headers: { authorization: `Bearer ${token}` },
    data: { choice: { choice_set_id: setId }, currency: 'USD', amount: 25, email: to },
  });
  expect(res.status(), await res.text()).toBe(201);
  const email = await waitForEmail(request, to, /./);
  const link = email.text.match(/\/claim\/([A-Za-z0-9_-]{43})/);
  if (!link?.[1]) throw new Error(`no claim link in:\n${email.text}`);
  return link[1];
}

async function fillIn(example: ApiExample, request: APIRequestContext): Promise<FillIn> {
  const placeholders: Record<string, string> = {};
  if (toCurl(example, '').includes('PRODUCT_CODE')) placeholders.PRODUCT_CODE = await productCode(request);
  switch (example.id) {
    case 'signup':
      return { email: newEmail('docs-signup'), placeholders };
    case 'error-email-not-confirmed': {
      const email = newEmail('docs-unverified');
      const res = await request.post('/api/v1/auth/signup', { data: { email, password: DOCUMENTED_PASSWORD } });
      expect(res.status(), await res.text()).toBe(200);
      return { email, placeholders };
    }
    case 'claim-choice':
    case 'claim-pick':
      // The recipient's side: the link's token is the key.
      placeholders.PRODUCT_CODE ??= await productCode(request);
      placeholders.CLAIM_TOKEN = await choiceClaimToken(request, placeholders.PRODUCT_CODE);
      return { placeholders };
    case 'token':
    case 'error-invalid-credentials':
      return { email: (await createVerifiedAccount(request, { password: DOCUMENTED_PASSWORD })).email, placeholders };
    default: {
      if (!example.auth && !JSON.stringify(example.body ?? '').includes('YOUR_REFRESH_TOKEN')) return { placeholders };
      const account = await createVerifiedAccount(request, { password: DOCUMENTED_PASSWORD });
      const session = await signIn(request, account.email);
      const values: FillIn = {
        token: session.access_token,
        signedInAs: account.email,
        placeholders: { ...placeholders, YOUR_REFRESH_TOKEN: session.refresh_token },
      };
      // The order examples and the reports read the order Send a reward places (and the balance it leaves).
      if (['get-order', 'list-orders', 'balance'].includes(example.id) || example.tab === 'reports') {
        values.orderId = await placeDocumentedOrder(request, session.access_token, await productCode(request));
        values.placeholders.ORDER_ID = values.orderId;
      }
      if (example.id === 'choice-set-options' || example.id === 'create-choice-order') {
        values.placeholders.PRODUCT_CODE ??= await productCode(request);
        values.placeholders.CHOICE_SET_ID = await makeChoiceSet(
          request,
          session.access_token,
          values.placeholders.PRODUCT_CODE,
        );
      }
      if (example.id === 'resend-order') {
        // A corrected address of this run's own, so the email found there is the one this resend sent.
        values.placeholders[RESEND_TO] = newEmail('docs-resend');
      }
      if (example.id === 'analytics') {
        // The documented range is the documented order's month and the one before: here, this month and the last.
        const query = new URL(example.path, 'http://docs.invalid').searchParams;
        values.placeholders[String(query.get('from'))] = monthBounds(-1).first;
        values.placeholders[String(query.get('to'))] = monthBounds(0).last;
      }
      return values;
    }
  }
}

/** The first and last day (YYYY-MM-DD, UTC) of the month `offset` months from this one. */
function monthBounds(offset: number) {
  const now = new Date();
  const day = (month: number, date: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + month, date)).toISOString().slice(0, 10);
  return { first: day(offset, 1), last: day(offset + 1, 0) };
}

function commandFor(example: ApiExample, origin: string, values: FillIn): string {
  let command = toCurl(example, origin);
  if (values.email) command = command.replaceAll(DOCUMENTED_EMAIL, values.email);
  for (const [name, value] of Object.entries(values.placeholders)) command = command.replaceAll(name, value);
  return command;
}

interface Answer {
  status: number;
  /** Parsed when the answer is JSON; the text otherwise. */
  body: unknown;
  /** The body exactly as sent. */
  text: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

/** Runs a shell command as a reader would paste it, and splits curl's output into status, headers and body. */
function run(command: string, token = 'not-a-real-token'): Answer {
  // Headers go to a file of their own (curl crashes writing them to a piped stderr).
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-curl-'));
  const headerFile = path.join(dir, 'headers');
  try {
    const out = execFileSync('sh', ['-c', `${command} -D '${headerFile}' -w '\\n%{http_code}'`], {
      env: { ...process.env, GIFTRELAY_TOKEN: token },
      encoding: 'utf8',
      timeout: 15_000,
    });
    const cut = out.lastIndexOf('\n');
    const headers = Object.fromEntries(
      readFileSync(headerFile, 'utf8')
        .split('\r\n')
        .filter((line) => line.includes(':'))
        .map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
    );
    const text = out.slice(0, cut);
    const body = headers['content-type']?.startsWith('application/json') ? JSON.parse(text) : text;
    return { status: Number(out.slice(cut + 1)), body, text, headers };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A CSV text's columns, and its rows as objects by column (a byte-order mark first is left out). */
function csvRecords(text: string) {
  const cells = (line: string) => {
    const out: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line.charAt(i);
      if (c === '"' && quoted && line.charAt(i + 1) === '"') {
        cell += c;
        i++;
      } else if (c === '"') quoted = !quoted;
      else if (c === ',' && !quoted) {
        out.push(cell);
        cell = '';
      } else cell += c;
    }
    return [...out, cell];
  };
  const [header = '', ...lines] = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean);
  const columns = cells(header);
  const rows = lines.map((line) => Object.fromEntries(cells(line).map((cell, i) => [columns[i] ?? `#${i}`, cell])));
  return { columns, rows };
}

/**
 * The documented answer against the real one: the same fields (all of them, unless the example is
 * abridged), values of the same kind, and the same value where it is the same for everyone.
 */
function expectSameFields(actual: unknown, documented: unknown, isAbridged: boolean, at = 'body') {
  if (Array.isArray(documented)) {
    expect(Array.isArray(actual), `${at} is a list`).toBe(true);
    const items = actual as unknown[];
    if (documented.length > 1) {
      // Several items document a sequence (an order's history): the real one has the same steps.
      expect(items, `${at} has ${documented.length} items`).toHaveLength(documented.length);
      for (const [i, item] of items.entries()) expectSameFields(item, documented[i], isAbridged, `${at}[${i}]`);
    } else if (documented.length === 1) {
      // One item shows the shape of them all; an empty list would compare nothing.
      expect(items.length, `${at} is not empty`).toBeGreaterThan(0);
      for (const [i, item] of items.entries()) expectSameFields(item, documented[0], isAbridged, `${at}[${i}]`);
    }
  } else if (documented && typeof documented === 'object') {
    expect(actual && typeof actual === 'object' && !Array.isArray(actual), `${at} is an object`).toBe(true);
    const real = actual as Record<string, unknown>;
    if (!isAbridged) expect(Object.keys(real).sort(), `the fields of ${at}`).toEqual(Object.keys(documented).sort());
    for (const [key, value] of Object.entries(documented)) {
      expect(real, `${at} has ${key}`).toHaveProperty([key]);
      if (at === 'body' && EXACT_FIELDS.includes(key)) expect(real[key], `${at}.${key}`).toEqual(value);
      else expectSameFields(real[key], value, isAbridged, `${at}.${key}`);
    }
  } else if (documented !== null) {
    expect(typeof actual, `${at} is a ${typeof documented}`).toBe(typeof documented);
  }
}

test('the Docs page shows every example of the data module, as runnable curl commands for this site', async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get('/docs')).text();
  const shown = new Map(
    [...html.matchAll(/<code data-example-id="([^"]+)">([\s\S]*?)<\/code>/g)].map((m) => [
      m[1],
      decodeHtml(m[2] ?? ''),
    ]),
  );
  expect([...shown.keys()].sort()).toEqual(API_EXAMPLES.map((e) => e.id).sort());
  for (const example of API_EXAMPLES) expect(shown.get(example.id)).toBe(toCurl(example, baseURL ?? ''));
});

/** The figures of an order, which the documented order shares with the real one (a US dollar product, billed in dollars). */
const ORDER_FIGURES = [
  'delivery_method',
  'currency',
  'amount',
  'quantity',
  'subtotal',
  'fee',
  'total',
  'charged',
  'recipient_email',
] as const;
const figuresOf = (order: unknown) =>
  Object.fromEntries(ORDER_FIGURES.map((key) => [key, (order as Record<string, unknown>)[key]]));

for (const example of API_EXAMPLES) {
  test(`docs example ${example.id}: answers as documented`, async ({ request, baseURL }) => {
    const values = await fillIn(example, request);
    const command = commandFor(example, baseURL ?? '', values);
    const answer = run(command, values.token);
    const { status, body } = answer;
    expect(status, JSON.stringify(body)).toBe(example.response.status);
    const { contentType, abridged } = example.response;
    if (contentType) {
      // Text of another kind: CSV, compared as rows of named cells, its columns in order.
      expect(answer.headers['content-type']).toContain(contentType);
      const [real, documented] = [csvRecords(answer.text), csvRecords(String(example.response.body))];
      expect(real.columns, 'the columns').toEqual(documented.columns);
      expectSameFields(real.rows, documented.rows, abridged === true, 'rows');
    } else {
      expectSameFields(body, example.response.body, abridged === true);
    }
    // What the answer says happened did happen.
    const auth = { authorization: `Bearer ${values.token}` };
    if (example.id === 'signup' && values.email) await waitForEmail(request, values.email, /verify/i);
    if (example.id === 'token' || example.id === 'user' || example.id === 'refresh') {
      expect((body as { user: { email: string } }).user.email).toBe(values.email ?? values.signedInAs);
    }
    if (example.id === 'logout') {
      const after = await request.get('/api/v1/auth/user', { headers: auth });
      expect(after.status()).toBe(401);
    }
    if (example.id === 'refresh') {
      // Keep the new one: it gives the next session. A made-up one gives none.
      const next = (body as Session).refresh_token;
      const placeholders = { ...values.placeholders, YOUR_REFRESH_TOKEN: next };
      expect(run(commandFor(example, baseURL ?? '', { ...values, placeholders })).status).toBe(200);
      const madeUp = { ...values.placeholders, YOUR_REFRESH_TOKEN: 'made-up-token' };
      expect(run(commandFor(example, baseURL ?? '', { ...values, placeholders: madeUp }))).toMatchObject({
        status: 401,
        body: { code: 'UNAUTHORIZED' },
      });
    }
    if (example.id === 'create-order') {
      const order = body as { order_id: string; product_code: string };
      expect(figuresOf(order)).toEqual(figuresOf(example.response.body));
      expect(order.product_code).toBe(values.placeholders.PRODUCT_CODE);
      expect(answer.headers['idempotent-replayed']).toBeUndefined();
      // A retry with the key: the first answer byte for byte, marked as a replay, and one order only.
      const retry = run(command, values.token);
      expect(retry.status).toBe(201);
      expect(retry.text).toBe(answer.text);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      // The key with another body is refused, and sends nothing.
      const changed = run(command.replace('"amount":25', '"amount":26'), values.token);
      expect(changed).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
      const list = await (await request.get('/api/v1/orders', { headers: auth })).json();
      expect(list.orders.map((o: { order_id: string }) => o.order_id)).toEqual([order.order_id]);
      const balance = await (await request.get('/api/v1/balance', { headers: auth })).json();
      expect(balance.available).toBe(4974.37);
    }
    if (example.id === 'create-choice-order') {
      // The set's one card, the total held as for a card, nothing chosen yet.
      expect(body).toMatchObject({
        status: 'pending',
        product_code: 'RECIPIENTS-CHOICE',
        choice: { choice_set_id: values.placeholders.CHOICE_SET_ID, product_codes: [values.placeholders.PRODUCT_CODE] },
      });
      expect(figuresOf(body)).toEqual(figuresOf(example.response.body));
      const balance = await (await request.get('/api/v1/balance', { headers: auth })).json();
      expect(balance).toMatchObject({ available: 4974.37, held: 25.63 });
    }
    if (example.id === 'choice-set-options') {
      const options = (body as { options: { code: string }[] }).options;
      expect(options.map((o) => o.code)).toEqual([values.placeholders.PRODUCT_CODE]);
    }
    if (example.id === 'claim-choice') {
      expect(body).toMatchObject({ status: 'awaiting_choice', options: [{ code: values.placeholders.PRODUCT_CODE }] });
    }
    if (example.id === 'claim-pick') {
      expect(body).toMatchObject({ chosen_product_code: values.placeholders.PRODUCT_CODE });
      expect(['issued', 'pending']).toContain((body as { status: string }).status);
      // The same pick again answers the same.
      expect(run(command).body).toMatchObject({ chosen_product_code: values.placeholders.PRODUCT_CODE });
    }
    if (example.id === 'get-order') {
      expect(body).toMatchObject({ order_id: values.orderId, status: 'completed' });
      expect(figuresOf(body)).toEqual(figuresOf(example.response.body));
    }
    if (example.id === 'list-orders') {
      const orders = (body as { orders: { order_id: string }[] }).orders;
      expect(orders.map((o) => o.order_id)).toEqual([values.orderId]);
      expect(figuresOf(orders[0])).toEqual(figuresOf(EXAMPLE_ORDER));
    }
    if (example.id === 'balance') {
      // After the documented order, on a new sandbox account, the documented figures are the real ones;
      // this server multiplies rate limits by 100 (playwright.config.ts), the sandbox's daily cap with them.
      const documented = example.response.body as { sandbox_limits: { outside_recipients_per_day: number } };
      const limits = documented.sandbox_limits;
      expect(body).toEqual({
        ...documented,
        sandbox_limits: { ...limits, outside_recipients_per_day: limits.outside_recipients_per_day * 100 },
      });
    }
    if (example.id === 'sandbox-topup') {
      // A new sandbox account has 5,000.00: the top-up makes the documented balance, and it stays
      // (GET /balance adds the sandbox's limits, decision 063).
      expect(body).toEqual(example.response.body);
      const { sandbox_limits: _, ...after } = await (await request.get('/api/v1/balance', { headers: auth })).json();
      expect(after).toEqual(example.response.body);
    }
    if (example.id === 'search-orders') {
      const orders = (body as { orders: { order_id: string }[] }).orders;
      expect(orders.map((o) => o.order_id)).toEqual([values.orderId]);
      expect(figuresOf(orders[0])).toEqual(figuresOf(EXAMPLE_ORDER));
      // Text the order does not hold finds nothing.
      expect(run(command.replace('q=Sam', 'q=Nobody'), values.token).body).toMatchObject({ orders: [] });
    }
    // One delivered order on a new account: the documented figures are the real ones.
    if (example.id === 'order-stats') expect(body).toEqual(example.response.body);
    if (example.id === 'analytics') {
      type Analytics = { totals: unknown; series: { period: string; spend: number }[] };
      const [real, documented] = [body as Analytics, example.response.body as Analytics];
      expect(real.totals).toEqual(documented.totals);
      expect(real.series.map((p) => p.period)).toEqual([monthBounds(-1).first, monthBounds(0).first]);
      expect(real.series.map((p) => p.spend)).toEqual(documented.series.map((p) => p.spend));
    }
    if (example.id === 'export-orders') {
      expect(answer.text.startsWith('\uFEFF'), 'a byte-order mark first').toBe(true);
      expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="giftrelay-orders-[\d-]{10}\.csv"$/);
      const rows = csvRecords(answer.text).rows;
      const [documented] = csvRecords(String(example.response.body)).rows;
      expect(rows.map((r) => r.order_id)).toEqual([values.orderId]);
      const figures = ['status', 'recipient_email', 'currency', 'amount', 'quantity', 'fee', 'total', 'charged_total'];
      for (const column of figures) expect(rows[0]?.[column], column).toBe(documented?.[column]);
    }
    if (example.id === 'resend-order') {
      const corrected = values.placeholders[RESEND_TO];
      if (!corrected) throw new Error('the resend example ran without an address of its own');
      expect(body).toEqual({
        success: true,
        order_id: values.orderId,
        recipient_email: corrected,
        recipient_phone: null,
      });
      await waitForEmail(request, corrected, /gift card/i);
      const order = await (await request.get(`/api/v1/orders/${values.orderId}`, { headers: auth })).json();
      expect(order.recipient_email).toBe(corrected);
      expect(order.history.map((e: { type: string }) => e.type)).toEqual(
        expect.arrayContaining(['recipient.changed', 'email.resent']),
      );
    }
    if (example.id === 'dashboard') {
      const { monthly_load, gross_margin, orders, redemption_rate, has_pending } = example.response.body as Record<
        string,
        unknown
      >;
      expect(body).toMatchObject({ monthly_load, gross_margin, orders, redemption_rate, has_pending });
      expect(body).toMatchObject({ period: { from: monthBounds(0).first, to: monthBounds(1).first } });
      const recent = (body as { recent_orders: { order_id: string }[] }).recent_orders;
      expect(recent.map((o) => o.order_id)).toEqual([values.orderId]);
    }
    if (example.id === 'dashboard-charts') {
      const charts = body as { load_by_day: { value: number }[]; top_brands: { value: number }[] };
      expect(charts.load_by_day).toHaveLength(30);
      expect(charts.load_by_day.at(-1)?.value).toBe(25.63);
      expect(charts.top_brands.map((b) => b.value)).toEqual([25.63]);
      expect(body).toMatchObject({
        top_customers: (example.response.body as { top_customers: unknown }).top_customers,
      });
    }
    if (example.id === 'error-insufficient-funds') {
      const balance = await (await request.get('/api/v1/balance', { headers: auth })).json();
      expect(balance).toMatchObject({ available: 5000, held: 0 });
      const list = await (await request.get('/api/v1/orders', { headers: auth })).json();
      expect(list.orders).toEqual([]);
    }
  });
}
