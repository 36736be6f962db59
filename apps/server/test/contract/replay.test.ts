import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, type SignedUpUser, signUpVerifiedUser, uniqueEmail } from '../factories';
import { pickProduct, recipient } from '../factories/orders';
import { createTestApp, type TestApp } from '../helpers';
import { createResponseValidator, type OpenApiDocument } from './validate';

type Request = {
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
  /** The caller's socket address; a random private one unless given. */
  remoteAddress?: string;
  /** What this request is here to show; the replay checks the status too. */
  status: number;
};

// A representative set of requests, good and bad, through the real app; every answer must be one
// the OpenAPI document describes: its status, its media type and, for JSON, its body's schema.
describe('every answer is one the OpenAPI document describes', () => {
  let t: TestApp;
  let validate: ReturnType<typeof createResponseValidator>;
  let user: SignedUpUser;

  beforeAll(async () => {
    t = await createTestApp();
    // The instance's first verified account is an operator: its document has every operation.
    user = await signUpVerifiedUser(t);
    validate = createResponseValidator(
      (await t.app.inject({ url: '/api/openapi.json', headers: bearer(user.accessToken) })).json() as OpenApiDocument,
    );
  }, 120_000);
  afterAll(() => t?.close());

  async function replay(requests: Request[]): Promise<string[]> {
    const problems: string[] = [];
    for (const r of requests) {
      const res = await t.app.inject({
        method: r.method ?? 'GET',
        url: r.url,
        headers: r.headers,
        payload: r.payload as string,
        remoteAddress: r.remoteAddress ?? randomIp(),
      });
      if (res.statusCode !== r.status)
        problems.push(`${r.method ?? 'GET'} ${r.url}: ${res.statusCode}, not ${r.status}`);
      problems.push(
        ...validate({
          method: r.method ?? 'GET',
          url: r.url,
          status: res.statusCode,
          contentType: res.headers['content-type'] as string | undefined,
          body: res.body,
        }),
      );
    }
    return problems;
  }

  it('replays the API, good and bad requests alike', async () => {
    const auth = bearer(user.accessToken);
    const json = { ...auth, 'content-type': 'application/json' };
    const product = await pickProduct(t);
    const order = (body: object, key?: string): Request => ({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...json, ...(key ? { 'idempotency-key': key } : {}) },
      payload: JSON.stringify(body),
      status: 201,
    });
    const good = { product_code: product.code, amount: product.minValue, email: recipient(), quantity: 1 };
    const key = randomUUID();
    const created = await t.app.inject({ ...order(good, key), remoteAddress: randomIp() } as never);
    expect(created.statusCode).toBe(201);
    const orderId = created.json().order_id as string;
    const logo = await t.app.inject({ url: `/api/v1/products/${product.code}/logo.svg` });

    const problems = await replay([
      { url: '/api/health', status: 200 },
      { url: '/api/v1/products?country=US', status: 200 },
      { url: '/api/v1/products?limit=abc', status: 400 },
      { url: `/api/v1/products/${product.code}`, status: 200 },
      { url: '/api/v1/products/NO-SUCH-CARD', status: 404 },
      { url: `/api/v1/products/${product.code}/logo.svg`, status: 200 },
      {
        url: `/api/v1/products/${product.code}/logo.svg`,
        headers: { 'if-none-match': String(logo.headers.etag) },
        status: 304,
      },
      { url: '/api/v1/catalog/facets', status: 200 },
      { url: '/api/v1/fx/rates?from=USD&to=EUR', status: 200 },
      { url: '/api/v1/fx/rates?from=usd', status: 400 },
      {
        method: 'POST',
        url: '/api/v1/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: uniqueEmail(), password: 'violet-Harbour-42' }),
        status: 200,
      },
      {
        method: 'POST',
        url: '/api/v1/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'not an address' }),
        status: 400,
      },
      {
        method: 'POST',
        url: '/api/v1/auth/signup',
        headers: { 'content-type': 'application/xml' },
        payload: '<signup/>',
        status: 415,
      },
      {
        method: 'POST',
        url: '/api/v1/auth/token?grant_type=password',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: user.email, password: 'wrong-Password-99' }),
        status: 400,
      },
      {
        method: 'POST',
        url: '/api/v1/auth/token?grant_type=password',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: user.email, password: user.password }),
        status: 200,
      },
      { url: '/api/v1/auth/user', headers: auth, status: 200 },
      { url: '/api/v1/balance', status: 401 },
      { url: '/api/v1/balance', headers: auth, status: 200 },
      { url: '/api/v1/balance/transactions?kind=funding,hold&limit=5', headers: auth, status: 200 },
      { url: '/api/v1/balance/transactions?from=2026-02-30', headers: auth, status: 400 },
      { url: '/api/v1/balance/statement?from=2026-01-01&to=2026-01-31', headers: auth, status: 200 },
      { url: '/api/v1/balance/statement?from=2026-01-01&to=2026-01-31&format=pdf', headers: auth, status: 200 },
      { url: '/api/v1/balance/statement?from=2026-02-01&to=2026-01-01', headers: auth, status: 400 },
      { url: '/api/v1/balance/funding-instructions', headers: auth, status: 200 },
      order(good, key), // a replay of the order above
      { ...order({ ...good, email: recipient() }, key), status: 422 },
      { ...order({ ...good, product_code: 'NO-SUCH-CARD' }), status: 400 },
      { ...order({ ...good, amount: product.maxValue, quantity: 100 }), status: 402 },
      { ...order(good), headers: { 'content-type': 'application/json' }, status: 401 },
      {
        ...order(good),
        payload: JSON.stringify({ ...good, message: 'x'.repeat(1024 * 1024 + 1) }),
        status: 413,
      },
      { url: '/api/v1/orders', headers: auth, status: 200 },
      { url: '/api/v1/orders?limit=0', headers: auth, status: 400 },
      { url: `/api/v1/orders/${orderId}`, headers: auth, status: 200 },
      { url: `/api/v1/orders/${randomUUID()}`, headers: auth, status: 404 },
      { url: '/api/v1/orders/stats', headers: auth, status: 200 },
      { url: '/api/v1/orders/export', headers: auth, status: 200 },
      { url: '/api/v1/orders/export?status=lost', headers: auth, status: 400 },
      { url: '/api/v1/dashboard', headers: auth, status: 200 },
      { url: '/api/v1/dashboard/charts', headers: auth, status: 200 },
      { url: '/api/v1/analytics', headers: auth, status: 200 },
      { url: '/api/v1/analytics/export', headers: auth, status: 200 },
      { url: '/api/v1/analytics?interval=hour', headers: auth, status: 400 },
      { url: '/api/v1/claims/not-a-claim-token', status: 404 },
      // The mailbox answers callers on this machine; anyone else is told it does not exist.
      { url: '/api/mailbox', remoteAddress: '127.0.0.1', status: 200 },
      { url: '/api/mailbox/not-a-uuid', remoteAddress: '127.0.0.1', status: 400 },
      { url: '/api/mailbox', status: 404 },
      { url: `/api/mailbox/${randomUUID()}`, status: 404 },
      {
        method: 'POST',
        url: '/api/v1/balance/sandbox-topup',
        headers: json,
        payload: JSON.stringify({ amount: 100 }),
        status: 200,
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('reports answers the document does not describe', () => {
    expect(
      validate({ method: 'GET', url: '/api/v1/balance', status: 418, contentType: 'application/json', body: '{}' }),
    ).toEqual(['GET /api/v1/balance → 418: status not documented for /api/v1/balance']);
    expect(
      validate({ method: 'GET', url: '/api/v1/orders/export', status: 400, contentType: 'text/csv', body: 'a,b' }),
    ).toEqual(['GET /api/v1/orders/export → 400: content type text/csv not documented (application/json)']);
    expect(
      validate({
        method: 'GET',
        url: '/api/v1/balance',
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'x', code: 'NOT_A_CODE' }),
      }),
    ).toEqual([expect.stringContaining('body/code must be equal to one of the allowed values')]);
    expect(validate({ method: 'GET', url: '/api/v1/nowhere', status: 200, contentType: undefined, body: '' })).toEqual([
      'GET /api/v1/nowhere → 200: no documented operation',
    ]);
  });
});
