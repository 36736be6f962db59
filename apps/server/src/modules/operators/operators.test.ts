import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { prepareOperatorBootstrap } from './bootstrap';

/**
 * Platform operators (issue 14, decisions 041 and 056): those OPERATOR_EMAILS names, those an
 * operator grants it to, and the instance's first: the first verified account only without
 * OPERATOR_EMAILS outside production, else the redeemer of the token printed at start. To anyone
 * else the routes do not exist.
 */
let t: TestApp;
// The instance's first verified account, not named by OPERATOR_EMAILS: no operator (issue 29).
let stranger: SignedUpUser;
let first: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_EMAILS: 'Named-Ops@Example.com' } });
  stranger = await signUpVerifiedUser(t);
  first = await signUpVerifiedUser(t, { email: 'named-ops@example.com' });
});
afterAll(() => t.close());

const inject = (app: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  app.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload: payload as object } : {}),
  });
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  inject(t, method, url, token, payload);

describe(`platform operators (${TEST_DB})`, () => {
  it('with OPERATOR_EMAILS, the first verified account is no operator: it cannot mint a live balance', async () => {
    for (const url of ['/api/v1/operator', '/api/v1/operators']) {
      expect((await call('GET', url, stranger.accessToken)).statusCode).toBe(404);
    }
    expect(await t.database.db.selectFrom('platform_operators').select('user_id').execute()).toEqual([]);
  });

  it('makes the named account an operator, and answers everyone else as if nothing were there', async () => {
    expect((await call('GET', '/api/v1/operator', first.accessToken)).json()).toEqual({
      success: true,
      operator: true,
    });
    const customer = await signUpVerifiedUser(t);
    const unknownRoute = await call('GET', '/api/v1/no-such-thing', customer.accessToken);
    for (const [token, url] of [
      [customer.accessToken, '/api/v1/operator'],
      [undefined, '/api/v1/operator'],
      ['not-a-token', '/api/v1/operators'],
    ] as const) {
      const res = await call('GET', url, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        ...unknownRoute.json(),
        error: `No route for GET ${url}`,
        request_id: expect.any(String),
      });
    }
    // Not even a bad body tells a customer the route exists: the check runs before it is read.
    for (const payload of [{ email: 'not an email' }, 'not json at all']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/operators',
        headers: { ...bearer(customer.accessToken), 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(404);
    }
    // An operator's API key is not the operator.
    const key = await call('POST', '/api/v1/api-keys', first.accessToken, { name: 'Ops', scopes: 'full' });
    expect((await call('GET', '/api/v1/operator', key.json().key)).statusCode).toBe(404);
  });

  it('lets an operator grant it to a verified account and take it back: a named operator remains', async () => {
    const colleague = await signUpVerifiedUser(t);
    const granted = await call('POST', '/api/v1/operators', first.accessToken, {
      email: colleague.email.toUpperCase(),
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().operators).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: first.user.id, source: 'config', granted_by_email: null }),
        expect.objectContaining({ user_id: colleague.user.id, source: 'granted', granted_by_email: first.email }),
      ]),
    );
    expect((await call('GET', '/api/v1/operator', colleague.accessToken)).statusCode).toBe(200);

    // The only granted operator, but OPERATOR_EMAILS names another: the instance keeps one.
    const revoked = await call('DELETE', `/api/v1/operators/${colleague.user.id}`, first.accessToken);
    expect(revoked.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/operator', colleague.accessToken)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/operators/${colleague.user.id}`, first.accessToken)).statusCode).toBe(404);
  });

  it("lists the operators' operations in the OpenAPI document for operators only", async () => {
    const pathsFor = async (token?: string) => {
      const res = await call('GET', '/api/openapi.json', token);
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toContain('authorization');
      const doc = res.json() as { paths: Record<string, Record<string, { operationId: string }>> };
      return { doc, ids: Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId)) };
    };
    const hidden = ['listOperators', 'grantOperator', 'recordBankTransfer', 'approveLiveRequest', 'listLandingPages'];
    for (const token of [undefined, stranger.accessToken, 'not-a-token']) {
      const { doc, ids } = await pathsFor(token);
      expect(ids).toContain('createOrder');
      // Anyone signed in may redeem the start's token: that one is public.
      expect(ids).toContain('redeemOperatorBootstrap');
      for (const id of hidden) expect(ids).not.toContain(id);
      expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1/operators'))).toEqual([]);
    }
    const operator = await pathsFor(first.accessToken);
    for (const id of hidden) expect(operator.ids).toContain(id);
  });

  it('refuses to grant an address with no verified account, and bad input', async () => {
    const unknown = await call('POST', '/api/v1/operators', first.accessToken, { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'body.email' }] });
    for (const payload of [
      { email: 'not an email' },
      { email: 'a@example.com', role: 'admin' },
      {},
      { email: 42 },
      { email: 'ops\u0000@example.com' },
    ]) {
      expect((await call('POST', '/api/v1/operators', first.accessToken, payload)).statusCode).toBe(400);
    }
    expect((await call('DELETE', '/api/v1/operators/not-a-uuid', first.accessToken)).statusCode).toBe(400);
  });

  it('takes OPERATOR_EMAILS as operators once verified, listed as configured and not revocable here', async () => {
    const named = first;
    expect((await call('GET', '/api/v1/operator', named.accessToken)).statusCode).toBe(200);
    const list = (await call('GET', '/api/v1/operators', named.accessToken)).json().operators;
    expect(list).toContainEqual(expect.objectContaining({ email: 'named-ops@example.com', source: 'config' }));
    const refused = await call('DELETE', `/api/v1/operators/${named.user.id}`, first.accessToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('OPERATOR_EMAILS');
  });
});

describe(`the first verified account, without OPERATOR_EMAILS outside production (${TEST_DB})`, () => {
  it('makes the first verified account the operator, and never takes the last one back', async () => {
    const dev = await createTestApp();
    try {
      const op = await signUpVerifiedUser(dev);
      const colleague = await signUpVerifiedUser(dev);
      expect((await inject(dev, 'GET', '/api/v1/operator', op.accessToken)).statusCode).toBe(200);
      expect((await inject(dev, 'GET', '/api/v1/operator', colleague.accessToken)).statusCode).toBe(404);
      const listed = await inject(dev, 'GET', '/api/v1/operators', op.accessToken);
      expect(listed.json().operators).toEqual([
        expect.objectContaining({ user_id: op.user.id, source: 'granted', granted_by_email: null }),
      ]);
      const last = await inject(dev, 'DELETE', `/api/v1/operators/${op.user.id}`, op.accessToken);
      expect(last.statusCode).toBe(409);
      expect(last.json().error).toContain('last operator');
      // Nothing to redeem here: the token is production's way.
      expect(await prepareOperatorBootstrap(dev.database.db, dev.app.config)).toBeNull();
    } finally {
      await dev.close();
    }
  });
});

describe.runIf(TEST_DB === 'postgres')('the first operator (PostgreSQL)', () => {
  it('two accounts verifying at once on a fresh instance make one operator', async () => {
    const fresh = await createTestApp();
    try {
      const [a, b] = await Promise.all([signUpVerifiedUser(fresh), signUpVerifiedUser(fresh)]);
      const operators = await fresh.database.db.selectFrom('platform_operators').select('user_id').execute();
      expect(operators).toHaveLength(1);
      expect([a?.user.id, b?.user.id]).toContain(operators[0]?.user_id);
    } finally {
      await fresh.close();
    }
  });
});
