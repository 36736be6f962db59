import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser, signUpVerifiedUser } from '../../../test/factories';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

let t: TestApp;
let user: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  // No DNS here: these names resolve as a customer's might, one of them to a private address.
  t.app.webhooks.resolve = async (host) => {
    const records: Record<string, string> = {
      'hooks.example.com': '93.184.216.34',
      'rebind.example.com': '10.1.2.3',
      'meta.example.com': '169.254.169.254',
    };
    const address = records[host];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return [{ address, family: 4 }];
  };
  user = await signUpVerifiedUser(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/webhook-endpoints${url}`,
    headers: bearer(token),
    ...(payload !== undefined && { payload: payload as object }),
  });

describe(`webhook endpoints (${TEST_DB})`, () => {
  it('records every change in the audit log, by the person or by the key that made it, never the secret', async () => {
    const owner = await signUpVerifiedUser(t);
    const created = (
      await call('POST', '', owner.accessToken, {
        url: 'https://hooks.example.com/audit',
        event_types: ['order.failed'],
      })
    ).json();
    const id = created.endpoint.id as string;
    expect((await call('PATCH', `/${id}`, owner.accessToken, { enabled: false })).statusCode).toBe(200);
    const rotated = (await call('POST', `/${id}/rotate-secret`, owner.accessToken)).json();
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: bearer(owner.accessToken),
      payload: { name: 'Ops', scopes: 'full' },
    });
    expect((await call('DELETE', `/${id}`, key.json().key)).statusCode).toBe(200);

    const log = await t.app.inject({
      url: '/api/v1/audit-events?area=webhook_endpoint',
      headers: bearer(owner.accessToken),
    });
    const lines = log.json().data as {
      action: string;
      actor: { email: string } | null;
      api_key: { name: string } | null;
      detail: Record<string, unknown>;
    }[];
    expect(lines.map((l) => l.action)).toEqual([
      'webhook_endpoint.deleted',
      'webhook_endpoint.secret_rotated',
      'webhook_endpoint.updated',
      'webhook_endpoint.created',
    ]);
    expect(lines[0]).toMatchObject({ actor: null, api_key: { name: 'Ops' }, detail: { endpoint_id: id } });
    expect(lines[2]).toMatchObject({ actor: { email: owner.email }, detail: { changed: ['enabled'] } });
    expect(lines[3]).toMatchObject({
      detail: { url: 'https://hooks.example.com/audit', event_types: ['order.failed'] },
    });
    expect(log.body).not.toContain(created.secret.slice(6));
    expect(log.body).not.toContain(rotated.secret.slice(6));
    // A delete of what is not there writes nothing.
    expect((await call('DELETE', `/${id}`, owner.accessToken)).statusCode).toBe(404);
    const after = await t.app.inject({
      url: '/api/v1/audit-events?area=webhook_endpoint',
      headers: bearer(owner.accessToken),
    });
    expect(after.json().data).toHaveLength(4);
  });

  it('creates one with its whsec_ secret shown once, stored encrypted, and reads it back without the secret', async () => {
    const res = await call('POST', '', user.accessToken, {
      url: 'https://hooks.example.com/giftrelay',
      description: 'CRM sync',
      event_types: ['order.completed', 'order.failed', 'order.completed'],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(body.endpoint).toMatchObject({
      url: 'https://hooks.example.com/giftrelay',
      description: 'CRM sync',
      event_types: ['order.completed', 'order.failed'],
      enabled: true,
      previous_secret_expires_at: null,
    });
    const { rows } = await sql<{
      s: string;
    }>`SELECT secret_encrypted AS s FROM webhook_endpoints WHERE id = ${body.endpoint.id}`.execute(t.database.db);
    expect(rows[0]?.s).not.toContain(body.secret.slice(6));

    const one = await call('GET', `/${body.endpoint.id}`, user.accessToken);
    expect(one.json()).toEqual({ success: true, endpoint: body.endpoint });
    expect(one.body).not.toContain('whsec_');
    const list = await call('GET', '', user.accessToken);
    expect(list.json()).toMatchObject({ success: true, has_more: false, next_cursor: null });
    expect(list.json().data.map((e: { id: string }) => e.id)).toContain(body.endpoint.id);
  });

  it('updates, disables, rotates (old secret valid 24 h) and deletes', async () => {
    const created = (await call('POST', '', user.accessToken, { url: 'http://127.0.0.1:9/in' })).json();
    expect(created.endpoint.event_types).toBeNull();
    const patched = await call('PATCH', `/${created.endpoint.id}`, user.accessToken, {
      enabled: false,
      event_types: ['balance.funded'],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().endpoint).toMatchObject({
      enabled: false,
      event_types: ['balance.funded'],
      url: 'http://127.0.0.1:9/in',
    });

    const rotated = await call('POST', `/${created.endpoint.id}/rotate-secret`, user.accessToken);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(created.secret);
    const until = Date.parse(rotated.json().endpoint.previous_secret_expires_at);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    expect((await call('DELETE', `/${created.endpoint.id}`, user.accessToken)).statusCode).toBe(200);
    expect((await call('GET', `/${created.endpoint.id}`, user.accessToken)).statusCode).toBe(404);
    expect((await call('DELETE', `/${created.endpoint.id}`, user.accessToken)).statusCode).toBe(404);
  });

  it('is isolated per organisation', async () => {
    const created = (await call('POST', '', user.accessToken, { url: 'https://hooks.example.com/a' })).json();
    const stranger = await signUpVerifiedUser(t);
    const id = created.endpoint.id;
    for (const res of [
      await call('GET', `/${id}`, stranger.accessToken),
      await call('PATCH', `/${id}`, stranger.accessToken, { enabled: false }),
      await call('POST', `/${id}/rotate-secret`, stranger.accessToken),
      await call('DELETE', `/${id}`, stranger.accessToken),
    ])
      expect(res.statusCode).toBe(404);
    expect((await call('GET', '', stranger.accessToken)).json().data).toEqual([]);
    expect((await call('GET', `/${id}`, user.accessToken)).json().endpoint.enabled).toBe(true);
    expect((await t.app.inject({ url: '/api/v1/webhook-endpoints' })).statusCode).toBe(401);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', /private, loopback/],
    ['http://[::ffff:127.0.0.1]/', /private, loopback/],
    ['http://2130706433:4000/', null],
    ['http://10.0.0.1/', /private, loopback/],
    ['http://user:pw@hooks.example.com/', /user name or password/],
    ['https://rebind.example.com/hook', /resolves to 10\.1\.2\.3/],
    ['https://meta.example.com/hook', /resolves to 169\.254\.169\.254/],
    ['ftp://hooks.example.com/', /http/],
    ['http://metadata.google.internal/', /public host/],
    ['not a url', /spaces/],
    ['https://exa\u0000mple.com/', /control characters/],
    [`https://hooks.example.com/${'a'.repeat(2100)}`, /at most 2048/],
  ])('refuses the URL %s with 400 naming body.url', async (url, why) => {
    const res = await call('POST', '', user.accessToken, { url });
    if (why === null) {
      // Loopback in a sandbox with WEBHOOKS_ALLOW_PRIVATE: allowed, and stored in its plain form.
      expect(res.statusCode).toBe(201);
      expect(res.json().endpoint.url).toBe('http://127.0.0.1:4000/');
      return;
    }
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().details[0].path).toBe('body.url');
    expect(res.json().details[0].message).toMatch(why);
  });

  it('says how to test locally when a URL reaches this machine or a private network', async () => {
    const res = await call('POST', '', user.accessToken, { url: 'http://10.0.0.1/hook' });
    // These tests run with WEBHOOKS_ALLOW_PRIVATE=true (loopback allowed), so a tunnel is what is left.
    expect(res.json().details[0].message).toBe(
      'must not point at 10.0.0.1, a private, loopback, link-local or reserved address. To test with a receiver on your own machine, expose your receiver through a tunnel (such as ngrok or cloudflared) and use its https URL.',
    );
  });

  it.each([
    [{}, 'body.url'],
    [{ url: 42 }, 'body.url'],
    [{ url: 'https://hooks.example.com/', event_types: [] }, 'body.event_types'],
    [{ url: 'https://hooks.example.com/', event_types: ['order.exploded'] }, 'body.event_types.0'],
    [{ url: 'https://hooks.example.com/', event_types: 'order.created' }, 'body.event_types'],
    [{ url: 'https://hooks.example.com/', enabled: 'yes' }, 'body.enabled'],
    [{ url: 'https://hooks.example.com/', description: 'x'.repeat(501) }, 'body.description'],
    [{ url: 'https://hooks.example.com/', description: 'bad\ud800' }, 'body.description'],
  ])('refuses the body %o with 400 naming %s', async (payload, path) => {
    const res = await call('POST', '', user.accessToken, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('refuses an empty change, a bad id, and a URL change to a private address', async () => {
    const created = (await call('POST', '', user.accessToken, { url: 'https://hooks.example.com/b' })).json();
    expect((await call('PATCH', `/${created.endpoint.id}`, user.accessToken, {})).statusCode).toBe(400);
    expect((await call('GET', '/not-an-id', user.accessToken)).statusCode).toBe(400);
    const res = await call('PATCH', `/${created.endpoint.id}`, user.accessToken, { url: 'http://192.168.0.1/' });
    expect(res.statusCode).toBe(400);
    expect((await call('GET', `/${created.endpoint.id}`, user.accessToken)).json().endpoint.url).toBe(
      'https://hooks.example.com/b',
    );
  });

  it('an organisation may have at most 20', async () => {
    const busy = await signUpVerifiedUser(t);
    for (let i = 0; i < 20; i++)
      expect((await call('POST', '', busy.accessToken, { url: `https://hooks.example.com/${i}` })).statusCode).toBe(
        201,
      );
    const res = await call('POST', '', busy.accessToken, { url: 'https://hooks.example.com/21' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
  });
});

describe(`webhook endpoints without WEBHOOKS_ALLOW_PRIVATE (${TEST_DB})`, () => {
  it('refuses loopback, the default', async () => {
    const strict = await createTestApp();
    try {
      const u = await signUpVerifiedUser(strict);
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/webhook-endpoints',
        headers: bearer(u.accessToken),
        payload: { url: 'http://127.0.0.1:4000/hook' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].path).toBe('body.url');
    } finally {
      await strict.close();
    }
  });
});
