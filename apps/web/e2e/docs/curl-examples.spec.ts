import { execFileSync } from 'node:child_process';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { API_EXAMPLES, type ApiExample, toCurl } from '../../src/features/docs/api-examples';
import { decodeHtml } from '../site/helpers';
import { createVerifiedAccount, newEmail, waitForEmail } from '../support/accounts';

/**
 * Endpoints the documentation describes that later work adds (orders and the balance). Until they
 * exist, the server must answer them as unknown API paths; when one lands, take it off this list
 * and the test runs it against its documented answer.
 */
const NOT_YET_AVAILABLE = ['create-order', 'get-order', 'list-orders', 'balance', 'error-unauthorized'];

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
 * API and the built-in mailbox, or deliberately not), a real token, a real product code.
 */
interface FillIn {
  /** Replaces the documented address in the command. */
  email?: string;
  token?: string;
  /** The account the token belongs to. */
  signedInAs?: string;
  placeholders: Record<string, string>;
}

async function fillIn(example: ApiExample, request: APIRequestContext): Promise<FillIn> {
  const products = await (await request.get('/api/v1/products?limit=1')).json();
  const placeholders: Record<string, string> = { PRODUCT_CODE: products.products[0].code };
  switch (example.id) {
    case 'signup':
      return { email: newEmail('docs-signup'), placeholders };
    case 'error-email-not-confirmed': {
      const email = newEmail('docs-unverified');
      const res = await request.post('/api/v1/auth/signup', { data: { email, password: DOCUMENTED_PASSWORD } });
      expect(res.status(), await res.text()).toBe(200);
      return { email, placeholders };
    }
    case 'token':
    case 'error-invalid-credentials':
      return { email: (await createVerifiedAccount(request, { password: DOCUMENTED_PASSWORD })).email, placeholders };
    default: {
      if (!example.auth && !JSON.stringify(example.body ?? '').includes('YOUR_REFRESH_TOKEN')) return { placeholders };
      const account = await createVerifiedAccount(request, { password: DOCUMENTED_PASSWORD });
      const session = await signIn(request, account.email);
      return {
        token: session.access_token,
        signedInAs: account.email,
        placeholders: { ...placeholders, YOUR_REFRESH_TOKEN: session.refresh_token },
      };
    }
  }
}

function commandFor(example: ApiExample, origin: string, values: FillIn): string {
  let command = toCurl(example, origin);
  if (values.email) command = command.replaceAll(DOCUMENTED_EMAIL, values.email);
  for (const [name, value] of Object.entries(values.placeholders)) command = command.replaceAll(name, value);
  return command;
}

/** Runs a shell command as a reader would paste it, and splits curl's output into status and body. */
function run(command: string, token = 'not-a-real-token'): { status: number; body: unknown } {
  const out = execFileSync('sh', ['-c', `${command} -w '\\n%{http_code}'`], {
    env: { ...process.env, GIFTRELAY_TOKEN: token },
    encoding: 'utf8',
    timeout: 15_000,
  });
  const cut = out.lastIndexOf('\n');
  return { status: Number(out.slice(cut + 1)), body: JSON.parse(out.slice(0, cut)) };
}

/**
 * The documented answer against the real one: the same fields (all of them, unless the example is
 * abridged), values of the same kind, and the same value where it is the same for everyone.
 */
function expectSameFields(actual: unknown, documented: unknown, isAbridged: boolean, at = 'body') {
  if (Array.isArray(documented)) {
    expect(Array.isArray(actual), `${at} is a list`).toBe(true);
    const [shape] = documented;
    if (shape !== undefined) {
      for (const [i, item] of (actual as unknown[]).entries()) expectSameFields(item, shape, isAbridged, `${at}[${i}]`);
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
  // Everything not yet available is a real example, so the list cannot hide a typo.
  for (const id of NOT_YET_AVAILABLE) expect(API_EXAMPLES.map((e) => e.id)).toContain(id);
});

for (const example of API_EXAMPLES) {
  const isAvailable = !NOT_YET_AVAILABLE.includes(example.id);
  test(`docs example ${example.id}: ${isAvailable ? 'answers as documented' : 'not yet available, answers 404 NOT_FOUND'}`, async ({
    request,
    baseURL,
  }) => {
    const values = await fillIn(example, request);
    const { status, body } = run(commandFor(example, baseURL ?? '', values), values.token);
    if (!isAvailable) {
      expect(status).toBe(404);
      expect(body).toMatchObject({ success: false, code: 'NOT_FOUND' });
      return;
    }
    expect(status, JSON.stringify(body)).toBe(example.response.status);
    expectSameFields(body, example.response.body, example.response.abridged === true);
    // What the answer says happened did happen.
    if (example.id === 'signup' && values.email) await waitForEmail(request, values.email, /verify/i);
    if (example.id === 'token' || example.id === 'user' || example.id === 'refresh') {
      expect((body as { user: { email: string } }).user.email).toBe(values.email ?? values.signedInAs);
    }
    if (example.id === 'logout') {
      const after = await request.get('/api/v1/auth/user', { headers: { authorization: `Bearer ${values.token}` } });
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
  });
}
