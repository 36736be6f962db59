import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../test/factories';
import { createTestApp, createTestDatabase, TEST_DB, type TestApp, testConfig } from '../../test/helpers';
import { buildApp } from '../app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe(`X-Request-Id (${TEST_DB})`, () => {
  let t: TestApp;
  let user: SignedUpUser;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'request-id-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>GiftRelay</title><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ webDistDir: webDist });
    user = await signUpVerifiedUser(t);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('a well-formed id from the caller is answered back, on success and in an error body', async () => {
    const ok = await t.app.inject({
      url: '/api/v1/balance',
      headers: { ...bearer(user.accessToken), 'x-request-id': 'client-42.retry:1_a' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-request-id']).toBe('client-42.retry:1_a');

    const refused = await t.app.inject({ url: '/api/v1/balance', headers: { 'x-request-id': 'trace-7' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('trace-7');
    expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED', request_id: 'trace-7' });
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['spaces', 'two words'],
    ['a control character', 'abc\u0001def'],
    ['a slash', 'a/b'],
  ])('an id with %s is replaced by a new UUID, never echoed', async (_what, given) => {
    const res = await t.app.inject({ url: '/api/v1/nothing-here', headers: { 'x-request-id': given } });
    expect(res.statusCode).toBe(404);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(res.json()).toEqual({
      success: false,
      error: 'No route for GET /api/v1/nothing-here',
      code: 'NOT_FOUND',
      request_id: id,
    });
  });

  it('without one, every answer gets its own UUID: API routes, validation errors, pages and static files', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/api/health' }),
      t.app.inject({ url: '/api/v1/products?currency=EURO' }),
      t.app.inject({ url: '/api/v1/orders/00000000-0000-4000-8000-000000000000', headers: bearer(user.accessToken) }),
      t.app.inject({ url: '/dashboard' }),
      t.app.inject({ url: '/assets/app-abc123.js' }),
      t.app.inject({ url: '/no/such/page' }),
    ]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(answers.length);
    expect(answers[1]?.json()).toMatchObject({ code: 'VALIDATION_ERROR', request_id: ids[1] });
    expect(answers[2]?.statusCode).toBe(404);
    expect(answers[2]?.json()).toMatchObject({ code: 'NOT_FOUND', request_id: ids[2] });
    expect(answers[4]?.statusCode).toBe(200);
  });

  it('a replayed idempotent refusal names the replaying request', async () => {
    const send = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...bearer(user.accessToken), 'idempotency-key': 'refused-once', 'x-request-id': id },
        payload: { product_code: 'NO-SUCH-CARD', amount: 25, email: 'sam@example.com', quantity: 1 },
      });
    const first = await send('first-try');
    const again = await send('second-try');
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: 'INVALID_PRODUCT', request_id: 'first-try' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_PRODUCT', request_id: 'second-try' });
  });
});

describe(`request ids in the logs (${TEST_DB})`, () => {
  it('every line a request logs carries its id as reqId', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const database = await createTestDatabase();
    const app = await buildApp({
      config: testConfig(),
      database,
      logger: { level: 'info', stream },
      webDistDir: '/nonexistent-web-dist',
    });
    try {
      await app.ready();
      await app.inject({ url: '/api/v1/balance', headers: { 'x-request-id': 'log-me-1' } });
      const mine = lines.filter((l) => l.reqId === 'log-me-1');
      // The incoming request, the refusal and the completed request.
      expect(mine.length).toBeGreaterThanOrEqual(3);
      expect(mine.map((l) => l.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'Missing bearer token', 'request completed']),
      );
    } finally {
      await app.close();
      await database.close();
    }
  }, 180_000);
});
