import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, TEST_DB, type TestApp } from '../../test/helpers';
import { AppError } from '../lib/errors';

describe(`error answers (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app) {
        app.get('/api/test/boom', async () => {
          throw new Error('connection string postgres://admin:hunter2@db leaked');
        });
        app.get('/api/test/app-error', async () => {
          throw new AppError('INSUFFICIENT_FUNDS', 'Insufficient balance');
        });
        app.post(
          '/api/test/echo',
          { schema: { body: z.object({ email: z.email(), quantity: z.number().int().min(1) }) } },
          async (req) => ({ success: true, ...req.body }),
        );
      },
    });
  });
  afterAll(() => t.close());

  it('unknown /api paths answer 404 JSON with a stable code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      success: false,
      request_id: expect.any(String),
      error: 'No route for GET /api/v1/nothing-here',
      code: 'NOT_FOUND',
    });
  });

  it('malformed JSON answers 400 VALIDATION_ERROR', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('a body that breaks the route schema names the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'nope', quantity: 0 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.error).toMatch(/^body\.email: /);
    expect(body.details.map((d: { path: string }) => d.path)).toEqual(['body.email', 'body.quantity']);
  });

  it('a valid body passes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'a@b.co', quantity: 2 },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a typed application error keeps its status and code', async () => {
    const res = await t.app.inject({ url: '/api/test/app-error' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      success: false,
      request_id: expect.any(String),
      error: 'Insufficient balance',
      code: 'INSUFFICIENT_FUNDS',
    });
  });

  it('an unexpected error answers 500 without internals, and is logged', async () => {
    const res = await t.app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      request_id: expect.any(String),
      error: 'Internal server error',
      code: 'INTERNAL_ERROR',
    });
    expect(res.body).not.toContain('hunter2');
    expect(t.loggedErrors.join('')).toContain('request failed');
    t.loggedErrors.length = 0;
  });

  it('a body that is too large answers 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sends security headers on API answers', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe(`what the HTTP parser refuses answers the error body too (${TEST_DB})`, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Writes `raw` on a new connection and reads the answer until the server closes it. */
  async function rawRequest(raw: string): Promise<{ status: number; headers: string; body: string }> {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.write(raw);
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const [head = '', body = ''] = text.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body };
  }

  it('headers over the limit: 431 HEADERS_TOO_LARGE', async () => {
    const res = await rawRequest(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toContain('content-type: application/json');
    expect(JSON.parse(res.body)).toEqual({
      success: false,
      error: 'The request headers are too large',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('a request that is not HTTP: 400 VALIDATION_ERROR', async () => {
    const res = await rawRequest('NOT HTTP AT ALL\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      success: false,
      error: 'The request is not valid HTTP',
      code: 'VALIDATION_ERROR',
    });
  });
});
