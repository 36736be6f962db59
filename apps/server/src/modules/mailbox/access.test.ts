import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/factories';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';

const TOKEN = 'mailbox-token-0123456789abcdef';

describe(`who may read the built-in mailbox (${TEST_DB})`, () => {
  let t: TestApp;
  let messageId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAILBOX_TOKEN: TOKEN } });
    const email = uniqueEmail('mailbox');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email, password: 'violet-Harbour-42' },
      remoteAddress: '10.1.2.3',
    });
    expect(signUp.statusCode).toBe(200);
    messageId = await eventually(async () => {
      const res = await t.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(email)}` });
      return res.json().data[0]?.id as string | undefined;
    });
  }, 180_000);
  afterAll(() => t.close());

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('answers a caller on the loopback interface (%s)', async (ip) => {
    const list = await t.app.inject({ url: '/api/mailbox', remoteAddress: ip });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.length).toBeGreaterThan(0);
    const one = await t.app.inject({ url: `/api/mailbox/${messageId}`, remoteAddress: ip });
    expect(one.statusCode).toBe(200);
  });

  it('anyone else gets the 404 of a path that does not exist, even claiming loopback in X-Forwarded-For', async () => {
    for (const url of ['/api/mailbox', `/api/mailbox/${messageId}`, '/api/mailbox?limit=1']) {
      const res = await t.app.inject({
        url,
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      const path = url.split('?')[0];
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        error: `No route for GET ${path}`,
        code: 'NOT_FOUND',
        request_id: res.headers['x-request-id'],
      });
      expect(res.body).not.toContain('@example.com');
    }
  });

  it.each([
    ['x-forwarded-for', '203.0.113.9'],
    ['forwarded', 'for=203.0.113.9;proto=https'],
    ['x-real-ip', '203.0.113.9'],
    ['X-Forwarded-Proto', 'https'],
    ['via', '1.1 proxy'],
  ])(
    'a loopback socket with a %s header came through a proxy: 404 without the token, 200 with it',
    async (name, value) => {
      const forwarded = await t.app.inject({
        url: '/api/mailbox',
        remoteAddress: '127.0.0.1',
        headers: { [name]: value },
      });
      expect(forwarded.statusCode).toBe(404);
      expect(forwarded.json().code).toBe('NOT_FOUND');
      expect(forwarded.body).not.toContain('@example.com');
      const withToken = await t.app.inject({
        url: `/api/mailbox/${messageId}`,
        remoteAddress: '127.0.0.1',
        headers: { [name]: value, authorization: `Bearer ${TOKEN}` },
      });
      expect(withToken.statusCode).toBe(200);
    },
  );

  it('a wrong token is refused like none', async () => {
    for (const headers of [{ authorization: 'Bearer not-the-token-at-all' }, { 'x-mailbox-token': `${TOKEN}x` }]) {
      const res = await t.app.inject({ url: '/api/mailbox', remoteAddress: '203.0.113.9', headers });
      expect(res.statusCode).toBe(404);
    }
  });

  it('MAILBOX_TOKEN opens it from elsewhere, as a bearer token or in X-Mailbox-Token', async () => {
    for (const headers of [{ authorization: `Bearer ${TOKEN}` }, { 'x-mailbox-token': TOKEN }]) {
      const res = await t.app.inject({ url: `/api/mailbox/${messageId}`, remoteAddress: '203.0.113.9', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().message.id).toBe(messageId);
    }
  });
});

describe(`the mailbox without MAILBOX_TOKEN (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAILBOX_TOKEN: '' } });
  }, 180_000);
  afterAll(() => t.close());

  it('answers loopback only; no token opens it', async () => {
    expect((await t.app.inject({ url: '/api/mailbox' })).statusCode).toBe(200);
    // nginx on the same host: the socket is loopback, the visitor is anyone.
    const proxied = await t.app.inject({
      url: '/api/mailbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '198.51.100.7' },
    });
    expect(proxied.statusCode).toBe(404);
    const outside = await t.app.inject({
      url: '/api/mailbox',
      remoteAddress: '198.51.100.7',
      headers: { authorization: 'Bearer anything-at-all-goes' },
    });
    expect(outside.statusCode).toBe(404);
  });
});

describe(`an instance served to others needs MAILBOX_TOKEN even from loopback (${TEST_DB})`, () => {
  // nginx's plain proxy_pass on the same host sends no forwarding header: every visitor's socket is
  // loopback. An instance with a public address or a trusted proxy is served to others: fail closed.
  it.each([[{ PUBLIC_URL: 'https://staging.example.com' }], [{ TRUST_PROXY: 'true' }], [{ TRUST_PROXY: '10.0.0.1' }]])(
    'with %j, loopback without the token gets 404; the token opens it',
    async (env) => {
      const t = await createTestApp({ env: { ...env, MAILBOX_TOKEN: TOKEN } });
      try {
        expect((await t.app.inject({ url: '/api/mailbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
        const withToken = await t.app.inject({
          url: '/api/mailbox',
          remoteAddress: '127.0.0.1',
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        expect(withToken.statusCode).toBe(200);
      } finally {
        await t.close();
      }
    },
  );
});
