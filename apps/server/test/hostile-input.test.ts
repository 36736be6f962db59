import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, type SignedUpUser, signUpVerifiedUser } from './factories';
import { pickProduct } from './factories/orders';
import { createTestApp, TEST_DB, type TestApp } from './helpers';
import { rowCounts, settledRowCounts } from './row-counts';

/**
 * Hostile input, kind by kind and route family by route family: each is a 4xx with the standard
 * body and a stable code, names the field, and writes nothing (docs/decisions/015-edge-validation.md).
 */
describe(`hostile input (${TEST_DB})`, () => {
  let t: TestApp;
  let owner: SignedUpUser;
  let productCode: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_SECRET: 'a-test-secret-that-is-long-enough-for-hs256-0123456789' } });
    owner = await signUpVerifiedUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/balance/sandbox-topup',
      headers: bearer(owner.accessToken),
      payload: { amount: 1000 },
    });
    productCode = (await pickProduct(t)).code;
    // Start-up and sign-up take a while on a busy machine.
  }, 180_000);
  afterAll(() => t.close());

  type Request = {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    payload?: unknown;
    headers?: object;
    /** The socket's address; a random public one unless given. */
    remoteAddress?: string;
  };
  /** Sends `req` and checks it is refused with `status`/`code`, naming `field`, with no row written. */
  async function refused(req: Request, status: number, code: string, field?: string) {
    const before = await settledRowCounts(t);
    const res = await t.app.inject({
      method: req.method ?? 'GET',
      url: req.url,
      payload: req.payload as string,
      headers: { ...bearer(owner.accessToken), ...(req.headers ?? {}) },
      remoteAddress: req.remoteAddress ?? randomIp(),
    });
    const label = `${req.method ?? 'GET'} ${req.url} → ${res.statusCode} ${res.body}`;
    expect(res.statusCode, label).toBe(status);
    expect(res.headers['content-type'], label).toContain('application/json');
    const body = res.json();
    expect(body, label).toMatchObject({ success: false, code, error: expect.any(String) });
    if (field) {
      expect(body.error, label).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}: `));
      expect(
        body.details.map((d: { path: string }) => d.path),
        label,
      ).toContain(field);
    }
    expect(await rowCounts(t), `wrote rows: ${label}`).toEqual(before);
    return res;
  }
  const json = (value: unknown) => ({
    payload: JSON.stringify(value),
    headers: { 'content-type': 'application/json' },
  });
  const order = (overrides: Record<string, unknown>) => ({
    product_code: productCode,
    amount: 25,
    email: 'someone@example.com',
    quantity: 1,
    ...overrides,
  });

  describe('NUL, control characters and lone surrogates are refused, naming the field', () => {
    it.each([
      ['recipient_name', 'Ada\u0000'],
      ['recipient_name', 'Ada\u001b[2J'],
      ['recipient_name', 'Ada\u0085'],
      ['message', 'Happy\u0000birthday'],
      ['product_code', `${'AMAZON-US'}\u0000`],
    ])('orders: body.%s = %j', async (field, value) => {
      await refused(
        { method: 'POST', url: '/api/v1/orders', ...json(order({ [field]: value })) },
        400,
        'VALIDATION_ERROR',
        `body.${field}`,
      );
    });

    it.each([
      ['/api/v1/api-keys', { name: 'CRM\u0000', scopes: 'full' }, 'body.name'],
      ['/api/v1/api-keys', { name: 'CRM\u001b[2J', scopes: 'full' }, 'body.name'],
      [
        '/api/v1/webhook-endpoints',
        { url: 'https://hooks.example.com/a', description: 'a\u0000b' },
        'body.description',
      ],
    ])('developer settings: POST %s %j', async (url, body, field) => {
      await refused({ method: 'POST', url, ...json(body) }, 400, 'VALIDATION_ERROR', field);
    });

    it.each([
      ['POST', '/api/v1/invitations', { email: 'ada\u0000@example.com', role: 'viewer' }, 'body.email'],
      ['POST', '/api/v1/invitations', { email: 'ada@example.com', role: 'viewer\u0000' }, 'body.role'],
      ['POST', '/api/v1/invitations/inspect', { token: 'abc\u0000' }, 'body.token'],
      ['POST', '/api/v1/invitations/accept', { token: 'abc\ud800' }, 'body.token'],
      ['POST', '/api/v1/invitations/accept-new', { token: 'abc', password: 'x'.repeat(5000) }, 'body.password'],
      ['POST', '/api/v1/members/transfer-ownership', { user_id: 'nope\u001b' }, 'body.user_id'],
      ['POST', '/api/v1/auth/switch', { organisation_id: 'x'.repeat(100_000) }, 'body.organisation_id'],
      ['PATCH', '/api/v1/members/00000000-0000-4000-8000-000000000000', { role: 'owner\u0000' }, 'body.role'],
      ['PATCH', '/api/v1/members/%00', { role: 'viewer' }, 'params.user_id'],
      ['DELETE', '/api/v1/invitations/%E2%80%AE', undefined, 'params.id'],
    ] as const)('members: %s %s %j', async (method, url, body, field) => {
      await refused({ method, url, ...(body ? json(body) : {}) }, 400, 'VALIDATION_ERROR', field);
    });

    it.each([
      [{ name: 'Acme\u0000' }, 'body.name'],
      [{ sender_name: 'Acme\u001b[2J' }, 'body.sender_name'],
      [{ default_message: 'Thanks\u0000' }, 'body.default_message'],
      [{ reply_to: 'a@example.com\u0000' }, 'body.reply_to'],
      [{ sender_name: 'Acme \ud800' }, 'body.sender_name'],
    ])('organisation settings: PATCH %j', async (body, field) => {
      await refused({ method: 'PATCH', url: '/api/v1/organisation', ...json(body) }, 400, 'VALIDATION_ERROR', field);
    });

    it('orders: a lone surrogate sent as raw JSON text ("\\ud800")', async () => {
      const text = JSON.stringify(order({})).replace('"someone@example.com"', '"someone@example.com"').slice(0, -1);
      await refused(
        {
          method: 'POST',
          url: '/api/v1/orders',
          payload: `${text},"recipient_name":"Ada \\ud800"}`,
          headers: { 'content-type': 'application/json' },
        },
        400,
        'VALIDATION_ERROR',
        'body.recipient_name',
      );
    });

    it('a multi-line gift message keeps its line breaks', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: bearer(owner.accessToken),
        payload: order({ message: 'Happy birthday!\nFrom all of us\tat GiftRelay' }),
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it.each([
      ['name', 'Ada\u0000'],
      ['company', 'Acme\ud800'],
      ['message', 'Please call me back \u0000 soon'],
    ])('leads: body.%s = %j', async (field, value) => {
      const lead = {
        name: 'Ada',
        email: 'ada@example.com',
        topic: 'sales',
        message: 'We would like to talk about rewards.',
        [field]: value,
      };
      await refused(
        { method: 'POST', url: '/api/v1/leads', ...json(lead), headers: { 'content-type': 'application/json' } },
        400,
        'VALIDATION_ERROR',
        `body.${field}`,
      );
    });

    it.each([
      ['/api/v1/orders?q=%00', 'query.q'],
      ['/api/v1/orders/stats?q=a%00b', 'query.q'],
      ['/api/v1/orders/export?q=%00', 'query.q'],
      ['/api/v1/products?q=%00', 'query.q'],
      ['/api/v1/products?category=%07', 'query.category'],
      ['/api/v1/catalog/facets?q=a%00b', 'query.q'],
      ['/api/v1/catalog/facets?q=%1b[2J', 'query.q'],
      ['/api/v1/events?type=order.created%00', 'query.type'],
      ['/api/v1/events?created_after=%00', 'query.created_after'],
      ['/api/v1/audit-events?actor_email=a%00@example.com', 'query.actor_email'],
      ['/api/v1/audit-events/export?action=auth.signed_in%00', 'query.action'],
    ])('search terms: %s', async (url, field) => {
      await refused({ url }, 400, 'VALIDATION_ERROR', field);
    });

    it('search terms: /api/mailbox?to=%00 (the mailbox answers only callers on this machine)', async () => {
      await refused({ url: '/api/mailbox?to=%00', remoteAddress: '127.0.0.1' }, 400, 'VALIDATION_ERROR', 'query.to');
      // Anyone else is told the path does not exist, whatever the query holds.
      await refused({ url: '/api/mailbox?to=%00' }, 404, 'NOT_FOUND');
    });

    it.each([
      ['/api/v1/products/AMAZON%00', 'params.code'],
      ['/api/v1/products/%01/logo.svg', 'params.code'],
      ['/api/v1/orders/abc%00', 'params.id'],
      ['/api/v1/events/abc%00', 'params.id'],
      ['/api/v1/webhook-endpoints/abc%00', 'params.id'],
      ['/api/v1/webhook-endpoints/%01/deliveries', 'params.id'],
      ['/api/v1/organisation-logos/abc%00', 'params.id'],
    ])('path parameters: %s', async (url, field) => {
      await refused({ url }, 400, 'VALIDATION_ERROR', field);
    });

    it('sign-up: an email with NUL', async () => {
      await refused(
        {
          method: 'POST',
          url: '/api/v1/auth/signup',
          ...json({ email: 'a\u0000@example.com', password: 'long-enough' }),
        },
        400,
        'VALIDATION_ERROR',
        'body.email',
      );
    });

    it('headers: an Idempotency-Key with control characters', async () => {
      await refused(
        {
          method: 'POST',
          url: '/api/v1/orders',
          payload: JSON.stringify(order({})),
          headers: { 'content-type': 'application/json', 'idempotency-key': 'key\x7f' },
        },
        400,
        'VALIDATION_ERROR',
        'headers.idempotency-key',
      );
    });
  });

  describe('cursors are signed: forged, truncated or corrupted ones are 400 naming query.cursor', () => {
    async function realCursor(url: string): Promise<string> {
      const res = await t.app.inject({ url, headers: bearer(owner.accessToken) });
      const cursor = res.json().next_cursor;
      expect(cursor, res.body).toEqual(expect.any(String));
      return cursor;
    }

    it('products', async () => {
      const cursor = await realCursor('/api/v1/products?limit=1');
      const [payload, mac] = cursor.split('.');
      const forged = Buffer.from(JSON.stringify(["'; select pg_sleep(1); --", 'ZZZ'])).toString('base64url');
      for (const bad of [
        `${forged}.${mac}`,
        cursor.slice(0, -3),
        `${payload}.`,
        payload,
        `${cursor}.x`,
        Buffer.from('{"a":1}').toString('base64url'),
        '%00',
      ]) {
        await refused({ url: `/api/v1/products?limit=1&cursor=${bad}` }, 400, 'VALIDATION_ERROR', 'query.cursor');
      }
      // The real one still works.
      const ok = await t.app.inject({ url: `/api/v1/products?limit=1&cursor=${cursor}` });
      expect(ok.statusCode).toBe(200);
    });

    it('orders, and a products cursor is not an orders cursor', async () => {
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/orders',
          headers: bearer(owner.accessToken),
          payload: order({}),
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const cursor = await realCursor('/api/v1/orders?limit=1');
      const productsCursor = await realCursor('/api/v1/products?limit=1');
      const [, mac] = cursor.split('.');
      const forged = Buffer.from(JSON.stringify(['not-a-date', 'not-a-uuid'])).toString('base64url');
      for (const bad of [`${forged}.${mac}`, productsCursor, cursor.slice(1), 'garbage']) {
        await refused({ url: `/api/v1/orders?limit=1&cursor=${bad}` }, 400, 'VALIDATION_ERROR', 'query.cursor');
      }
      const next = await t.app.inject({
        url: `/api/v1/orders?limit=1&cursor=${cursor}`,
        headers: bearer(owner.accessToken),
      });
      expect(next.statusCode).toBe(200);
      expect(next.json().orders).toHaveLength(1);
    });
  });

  describe('huge values, huge numbers and wrong types', () => {
    it.each([
      ['recipient_name', 'x'.repeat(201)],
      ['message', 'x'.repeat(501)],
      ['product_code', 'X'.repeat(101)],
      ['email', `${'a'.repeat(250)}@example.com`],
      ['quantity', 1e308],
      ['quantity', '1'],
      ['quantity', 2.5],
      ['amount', 1e21],
      ['amount', '99999999999999999999'],
      ['amount', { value: 25 }],
      ['amount', [25]],
      ['amount', null],
      ['amount', true],
      ['email', 42],
      ['recipient_name', ['Ada']],
    ])('orders: body.%s = %j', async (field, value) => {
      await refused(
        { method: 'POST', url: '/api/v1/orders', ...json(order({ [field]: value })) },
        400,
        'VALIDATION_ERROR',
        `body.${field}`,
      );
    });

    it.each([
      ['/api/v1/orders?limit=1e309', 'query.limit'],
      ['/api/v1/orders?limit=99999999999999999999', 'query.limit'],
      [`/api/v1/orders?q=${'a'.repeat(201)}`, 'query.q'],
      [`/api/v1/products?cursor=${'a'.repeat(600)}`, 'query.cursor'],
      ['/api/v1/products?limit=99999999999999999999', 'query.limit'],
      [`/api/v1/fx/rates?from=${'G'.repeat(5000)}&to=USD`, 'query.from'],
      ['/api/v1/analytics?from=2026-02-31', 'query.from'],
      ['/api/v1/analytics/export?from=9999-99-99', 'query.from'],
      [`/api/v1/products/${'X'.repeat(65)}`, 'params.code'],
      [`/api/v1/orders/${'1'.repeat(65)}`, 'params.id'],
    ])('query and path: %s', async (url, field) => {
      await refused({ url: url.slice(0, 6000) }, 400, 'VALIDATION_ERROR', field);
    });

    it('a path parameter over every route cap answers the standard 400 body', async () => {
      await refused({ url: `/api/v1/orders/${'a'.repeat(300)}` }, 400, 'VALIDATION_ERROR');
      await refused({ url: `/api/v1/claims/${'a'.repeat(300)}` }, 400, 'VALIDATION_ERROR');
    });

    it('a non-UUID order id is a 400 naming params.id, an unknown UUID a 404; a malformed URL is a 400', async () => {
      await refused({ url: '/api/v1/orders/not-a-uuid' }, 400, 'VALIDATION_ERROR', 'params.id');
      await refused(
        { method: 'POST', url: '/api/v1/orders/not-a-uuid/resend', ...json({}) },
        400,
        'VALIDATION_ERROR',
        'params.id',
      );
      const unknown = '00000000-0000-4000-8000-000000000000';
      await refused({ url: `/api/v1/orders/${unknown}` }, 404, 'NOT_FOUND');
      await refused({ method: 'POST', url: `/api/v1/orders/${unknown}/resend`, ...json({}) }, 404, 'NOT_FOUND');
      await refused({ url: '/api/v1/orders/%E0%A4%A' }, 400, 'VALIDATION_ERROR');
    });
  });

  describe('amounts accept exactly the documented formats', () => {
    it.each(['25', '25.5', '25.50', 25.5])('accepts %j', async (amount) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: bearer(owner.accessToken),
        payload: order({ amount }),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().amount).toBe(Number(amount));
    });

    it.each(['25.', ' 25 ', '25.000', '', '1e3', '0x10', '-5', -5, 'NaN', 'Infinity', '25,50'])(
      'refuses %j',
      async (amount) => {
        await refused(
          { method: 'POST', url: '/api/v1/orders', ...json(order({ amount })) },
          400,
          'VALIDATION_ERROR',
          'body.amount',
        );
      },
    );

    it.each(['25.', ' 25 ', '1e3', '-1', 0, 100_001, '100.001'])('sandbox top-up refuses %j', async (amount) => {
      await refused(
        { method: 'POST', url: '/api/v1/balance/sandbox-topup', ...json({ amount }) },
        400,
        'VALIDATION_ERROR',
        'body.amount',
      );
    });

    it('sandbox top-up accepts "25.50"', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/balance/sandbox-topup',
        headers: bearer(owner.accessToken),
        payload: { amount: '25.50' },
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    it.each(['25.', '%2025', '1e3', '-1'])('catalogue filter minValue refuses %s', async (value) => {
      await refused({ url: `/api/v1/products?minValue=${value}` }, 400, 'VALIDATION_ERROR', 'query.minValue');
    });
  });

  describe('content types, methods and sizes', () => {
    it.each([
      ['text/plain', 'hello'],
      ['text/plain', JSON.stringify({ email: 'a@example.com' })],
      ['application/x-www-form-urlencoded', 'email=a%40example.com'],
      ['application/xml', '<a/>'],
      ['multipart/form-data; boundary=x', '--x--'],
    ])('%s bodies on JSON routes answer 415', async (type, payload) => {
      for (const url of ['/api/v1/orders', '/api/v1/leads', '/api/v1/auth/signup', '/api/v1/auth/recover']) {
        await refused(
          { method: 'POST', url, payload, headers: { 'content-type': type } },
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        );
      }
    });

    it('malformed JSON answers 400', async () => {
      await refused(
        {
          method: 'POST',
          url: '/api/v1/orders',
          payload: '{"amount": ',
          headers: { 'content-type': 'application/json' },
        },
        400,
        'VALIDATION_ERROR',
      );
      await refused(
        {
          method: 'POST',
          url: '/api/v1/leads',
          payload: '{"__proto__": {"admin": true}}',
          headers: { 'content-type': 'application/json' },
        },
        400,
        'VALIDATION_ERROR',
      );
    });

    it('a body over the limit answers 413', async () => {
      await refused(
        { method: 'POST', url: '/api/v1/orders', ...json(order({ message: 'x'.repeat(1024 * 1024 + 1) })) },
        413,
        'PAYLOAD_TOO_LARGE',
      );
    });

    it.each([
      ['DELETE', '/api/v1/orders', 'GET, HEAD, POST'],
      ['PUT', '/api/v1/balance', 'GET, HEAD'],
      ['GET', '/api/v1/leads', 'POST'],
      ['DELETE', '/api/v1/products/AMAZON-US', 'GET, HEAD'],
      ['POST', '/api/v1/orders/00000000-0000-0000-0000-000000000000', 'GET, HEAD, PATCH'],
    ] as const)('%s %s answers 405 with Allow: %s', async (method, url, allow) => {
      const res = await refused({ method: method as 'GET', url }, 405, 'METHOD_NOT_ALLOWED');
      expect(res.headers.allow).toBe(allow);
    });

    it('an unknown path stays 404', async () => {
      const res = await refused({ method: 'DELETE', url: '/api/v1/nothing-here' }, 404, 'NOT_FOUND');
      expect(res.headers.allow).toBeUndefined();
    });
  });

  describe('well-signed tokens with malformed claims are 401', () => {
    const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256-0123456789');
    async function tokenWith(claims: Record<string, unknown>, subject?: string) {
      const now = Math.floor(Date.now() / 1000);
      let jwt = new SignJWT({ iat: now, exp: now + 600, ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 'access-token-v1' })
        .setIssuer(t.app.config.publicUrl)
        .setAudience('giftrelay-api');
      if (subject !== undefined) jwt = jwt.setSubject(subject);
      return jwt.sign(secret);
    }
    // Well-formed ids: each case breaks one claim only.
    const ids = () => ({ sid: 'b0f2a4e2-2222-4222-8222-222222222222', org: 'b0f2a4e2-3333-4333-8333-333333333333' });

    it.each([
      ['a non-UUID subject', { ...ids() }, 'not-a-uuid'],
      ['a missing subject', { ...ids() }, undefined],
      ['a non-UUID session', { sid: "1' OR '1'='1", org: 'x' }, 'b0f2a4e2-1111-4111-8111-111111111111'],
      ['a numeric session', { sid: 42, org: 7 }, 'b0f2a4e2-1111-4111-8111-111111111111'],
      ['a NUL in the session id', { sid: 'a\u0000b', org: 'x' }, 'b0f2a4e2-1111-4111-8111-111111111111'],
      ['a huge session id', { sid: 'a'.repeat(100_000), org: 'x' }, 'b0f2a4e2-1111-4111-8111-111111111111'],
      [
        'an object organisation',
        { sid: 'b0f2a4e2-2222-4222-8222-222222222222', org: { id: 1 } },
        'b0f2a4e2-1111-4111-8111-111111111111',
      ],
      ['a huge expiry', { ...ids(), exp: 1e300 }, 'b0f2a4e2-1111-4111-8111-111111111111'],
      ['a string expiry', { ...ids(), exp: 'tomorrow' }, 'b0f2a4e2-1111-4111-8111-111111111111'],
    ])('%s', async (_label, claims, subject) => {
      const token = await tokenWith(claims as Record<string, unknown>, subject);
      for (const req of [
        { url: '/api/v1/balance' },
        { url: '/api/v1/orders' },
        { method: 'POST' as const, url: '/api/v1/orders', payload: JSON.stringify(order({})) },
      ]) {
        await refused(
          { ...req, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
          401,
          'UNAUTHORIZED',
        );
      }
    });
  });

  describe('CSV exports check everything before the first byte', () => {
    it.each([
      '/api/v1/orders/export?status=shipped',
      '/api/v1/orders/export?q=%00',
      `/api/v1/orders/export?q=${'a'.repeat(201)}`,
      '/api/v1/analytics/export?from=2026-01-31&to=2025-01-01',
      '/api/v1/analytics/export?from=2000-01-01&to=2026-01-01',
      '/api/v1/analytics/export?interval=year',
    ])('%s is a JSON 400, not a broken 200', async (url) => {
      await refused({ url }, 400, 'VALIDATION_ERROR');
    });

    it('a good export still streams CSV', async () => {
      const res = await t.app.inject({ url: '/api/v1/orders/export', headers: bearer(owner.accessToken) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.body.split('\n').length).toBeGreaterThan(2);
    });
  });
});
