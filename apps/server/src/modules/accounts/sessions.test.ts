import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, type SignedUpUser, signUpVerifiedUser, uniqueEmail } from '../../../test/factories';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

const ISSUER = 'http://localhost:3000';

describe(`sessions: /api/v1/auth/token, /user, /logout (${TEST_DB})`, () => {
  let t: TestApp;
  let key: Uint8Array;
  beforeAll(async () => {
    t = await createTestApp();
    const row = await t.database.db.selectFrom('auth_signing_keys').select('secret').executeTakeFirstOrThrow();
    key = new Uint8Array(row.secret);
  });
  afterAll(() => t.close());

  const token = (grant: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/token?grant_type=${grant}`,
      payload,
      headers,
      remoteAddress: randomIp(),
    });
  const getUser = (accessToken: string) => t.app.inject({ url: '/api/v1/auth/user', headers: bearer(accessToken) });

  it('signs in with a password and answers the session shape', async () => {
    const u = await signUpVerifiedUser(t);
    const res = await token('password', { email: u.email.toUpperCase(), password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const s = res.json();
    expect(s).toMatchObject({
      success: true,
      token_type: 'bearer',
      expires_in: 900,
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refresh_token: expect.stringMatching(/^[\w-]{43}$/),
      user: {
        id: u.user.id,
        email: u.email,
        role: 'owner',
        email_confirmed_at: expect.any(String),
        organisation: { id: u.organisationId, name: 'Example', sandbox: true, billing_currency: 'USD' },
      },
    });
    const now = Math.floor(Date.now() / 1000);
    expect(s.expires_at).toBeGreaterThanOrEqual(now + 890);
    expect(s.expires_at).toBeLessThanOrEqual(now + 901);
    const header = JSON.parse(Buffer.from(s.access_token.split('.')[0], 'base64url').toString());
    expect(header).toMatchObject({ alg: 'HS256', typ: 'JWT' });

    const me = await getUser(s.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ success: true, user: s.user });
  });

  it('gives the same answer for an unknown address and a wrong password', async () => {
    const u = await signUpVerifiedUser(t);
    const wrong = await token('password', { email: u.email, password: 'not-the-Password-1' });
    const unknown = await token('password', { email: uniqueEmail('nobody'), password: 'not-the-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    // Each answer carries its own request_id; apart from that the two are byte for byte the same.
    const withoutRequestId = (body: string) => body.replace(/,"request_id":"[^"]*"/, '');
    expect(wrong.json().request_id).toEqual(expect.any(String));
    expect(unknown.json().request_id).toEqual(expect.any(String));
    expect(withoutRequestId(wrong.body)).toBe(withoutRequestId(unknown.body));
    expect(wrong.json()).toEqual({
      success: false,
      request_id: expect.any(String),
      error: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it.each([
    ['password', {}, 'body.email'],
    ['password', { email: 'nope', password: 'whatever1' }, 'body.email'],
    ['password', { email: 'a@example.com' }, 'body.password'],
    ['password', { email: 'a@example.com', password: '' }, 'body.password'],
    ['refresh_token', {}, 'body.refresh_token'],
  ])('grant %s with %o is a VALIDATION_ERROR on %s', async (grant, payload, path) => {
    const res = await token(grant, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('rejects an unknown or missing grant_type', async () => {
    for (const url of ['/api/v1/auth/token?grant_type=client_credentials', '/api/v1/auth/token']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringContaining('grant_type') });
    }
  });

  it('rotates the refresh token; the new pair works', async () => {
    const u = await signUpVerifiedUser(t);
    const res = await token('refresh_token', { refresh_token: u.refreshToken });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.refresh_token).not.toBe(u.refreshToken);
    expect((await getUser(s.access_token)).statusCode).toBe(200);
    const again = await token('refresh_token', { refresh_token: s.refresh_token });
    expect(again.statusCode).toBe(200);
  });

  it('lets two tabs refresh with the same token within the grace period', async () => {
    const u = await signUpVerifiedUser(t);
    const [a, b] = await Promise.all([
      token('refresh_token', { refresh_token: u.refreshToken }),
      token('refresh_token', { refresh_token: u.refreshToken }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await getUser(a.json().access_token)).statusCode).toBe(200);
    expect((await getUser(b.json().access_token)).statusCode).toBe(200);
  });

  /** Backdates every use of this user's refresh tokens, as if they happened `interval` ago. */
  const ageUses = (u: SignedUpUser, interval: string) =>
    sql`UPDATE auth_refresh_tokens SET used_at = used_at - ${interval}::interval
        WHERE used_at IS NOT NULL AND session_id IN (SELECT id FROM auth_sessions WHERE user_id = ${u.user.id})`.execute(
      t.database.db,
    );
  /**
   * Why the session this user signed in with ended (null while it runs). Verifying the address
   * signs the person in too, so a verified user has two sessions: pick the sign-in's by its `sid`.
   */
  const revokedReason = async (u: SignedUpUser) => {
    const { sid } = JSON.parse(Buffer.from(u.accessToken.split('.')[1] ?? '', 'base64url').toString());
    return (
      await t.database.db
        .selectFrom('auth_sessions')
        .select('revoked_reason')
        .where('user_id', '=', u.user.id)
        .where('id', '=', sid)
        .executeTakeFirstOrThrow()
    ).revoked_reason;
  };

  it('ends the whole session when a used refresh token comes back after the session moved on', async () => {
    const u = await signUpVerifiedUser(t);
    const second = (await token('refresh_token', { refresh_token: u.refreshToken })).json();
    const third = (await token('refresh_token', { refresh_token: second.refresh_token })).json();
    // The owner's refreshes happened a minute ago: past the grace period.
    await ageUses(u, '1 minute');

    const reuse = await token('refresh_token', { refresh_token: u.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    // The thief's copy and the owner's current tokens are all dead now.
    expect((await token('refresh_token', { refresh_token: third.refresh_token })).statusCode).toBe(401);
    expect((await getUser(third.access_token)).statusCode).toBe(401);
    expect((await getUser(u.accessToken)).statusCode).toBe(401);
    expect(await revokedReason(u)).toBe('refresh_token_reuse');
  });

  it('answers a refresh again when its answer was lost (reloads cut it off), for two minutes', async () => {
    const u = await signUpVerifiedUser(t);
    // Three reloads in a row, each cutting the answer off before the browser kept the new
    // cookie: the same token arrives three times, the last well past the 10-second grace.
    expect((await token('refresh_token', { refresh_token: u.refreshToken })).statusCode).toBe(200);
    await ageUses(u, '20 seconds');
    expect((await token('refresh_token', { refresh_token: u.refreshToken })).statusCode).toBe(200);
    await ageUses(u, '40 seconds');
    const kept = await token('refresh_token', { refresh_token: u.refreshToken });
    expect(kept.statusCode).toBe(200);
    expect((await getUser(kept.json().access_token)).statusCode).toBe(200);
    // The browser keeps this one; the session carries on from it.
    expect((await token('refresh_token', { refresh_token: kept.json().refresh_token })).statusCode).toBe(200);
    expect(await revokedReason(u)).toBeNull();
  });

  it('ends the session when a used token comes back long after, even if nothing later was used', async () => {
    const u = await signUpVerifiedUser(t);
    expect((await token('refresh_token', { refresh_token: u.refreshToken })).statusCode).toBe(200);
    await ageUses(u, '10 minutes');
    expect((await token('refresh_token', { refresh_token: u.refreshToken })).statusCode).toBe(401);
    expect(await revokedReason(u)).toBe('refresh_token_reuse');
  });

  it('ends the session when a copy and the owner take turns refreshing', async () => {
    const u = await signUpVerifiedUser(t);
    const owners = (await token('refresh_token', { refresh_token: u.refreshToken })).json();
    // A copy of the first token, used within the lost-answer window: a sibling of the owner's.
    const thiefs = (await token('refresh_token', { refresh_token: u.refreshToken })).json();
    expect((await token('refresh_token', { refresh_token: owners.refresh_token })).statusCode).toBe(200);
    await ageUses(u, '1 minute');
    // The owner's sibling was used a minute ago: the copy's turn ends the session.
    expect((await token('refresh_token', { refresh_token: thiefs.refresh_token })).statusCode).toBe(401);
    expect(await revokedReason(u)).toBe('refresh_token_reuse');
  });

  it('ends the session when a copied token forks it and the owner comes back', async () => {
    const u = await signUpVerifiedUser(t);
    const owners = (await token('refresh_token', { refresh_token: u.refreshToken })).json();
    // A copy of the first token, used within the lost-answer window, gets a token of its own…
    const thiefs = (await token('refresh_token', { refresh_token: u.refreshToken })).json();
    expect((await token('refresh_token', { refresh_token: thiefs.refresh_token })).statusCode).toBe(200);
    await ageUses(u, '1 minute');
    // …and when the owner refreshes, the session has moved on past the owner's token: it ends.
    expect((await token('refresh_token', { refresh_token: owners.refresh_token })).statusCode).toBe(401);
    expect(await revokedReason(u)).toBe('refresh_token_reuse');
  });

  it('rejects a refresh token that was never issued', async () => {
    const res = await token('refresh_token', { refresh_token: 'made-up-token' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      request_id: expect.any(String),
      error: 'Invalid refresh token',
      code: 'UNAUTHORIZED',
    });
  });

  it('logout ends the session: neither the access nor the refresh token works afterwards', async () => {
    const u = await signUpVerifiedUser(t);
    const other = await signUpVerifiedUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(u.accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Signed out' });
    expect((await getUser(u.accessToken)).json()).toEqual({
      success: false,
      request_id: expect.any(String),
      error: 'Session has ended',
      code: 'UNAUTHORIZED',
    });
    expect((await token('refresh_token', { refresh_token: u.refreshToken })).statusCode).toBe(401);
    // Someone else's session is untouched.
    expect((await getUser(other.accessToken)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(u.accessToken) });
    expect(again.statusCode).toBe(401);
  });

  describe('access tokens are checked strictly', () => {
    const sign = (
      claims: Record<string, unknown>,
      opts: { key?: Uint8Array; exp?: number; aud?: string; iss?: string },
    ) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(opts.iss ?? ISSUER)
        .setAudience(opts.aud ?? 'giftrelay-api')
        .setIssuedAt()
        .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
        .sign(opts.key ?? key);

    let u: Awaited<ReturnType<typeof signUpVerifiedUser>>;
    let claims: Record<string, unknown>;
    beforeAll(async () => {
      u = await signUpVerifiedUser(t);
      const payload = JSON.parse(Buffer.from(u.accessToken.split('.')[1] ?? '', 'base64url').toString());
      claims = { sub: payload.sub, sid: payload.sid, org: payload.org };
    });

    it('accepts a token signed like ours (the control for the cases below)', async () => {
      expect((await getUser(await sign(claims, {}))).statusCode).toBe(200);
    });

    const expect401 = async (accessToken: string, error: string) => {
      const res = await getUser(accessToken);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.json()).toEqual({ success: false, request_id: expect.any(String), error, code: 'UNAUTHORIZED' });
    };

    it('rejects an expired token', async () => {
      await expect401(await sign(claims, { exp: Math.floor(Date.now() / 1000) - 5 }), 'Access token expired');
    });

    it('rejects a token for another audience or issuer', async () => {
      await expect401(await sign(claims, { aud: 'someone-else' }), 'Invalid access token');
      await expect401(await sign(claims, { iss: 'https://evil.example' }), 'Invalid access token');
    });

    it('rejects a token signed with another key', async () => {
      await expect401(await sign(claims, { key: new Uint8Array(64).fill(7) }), 'Invalid access token');
    });

    it('rejects alg: none', async () => {
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ ...claims, iss: ISSUER, aud: 'giftrelay-api', iat: now, exp: now + 600 })}.`;
      await expect401(unsigned, 'Invalid access token');
    });

    it('rejects a tampered token', async () => {
      const [h, p, s] = u.accessToken.split('.');
      const payload = JSON.parse(Buffer.from(p ?? '', 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...payload, org: '00000000-0000-0000-0000-000000000000' })).toString(
        'base64url',
      );
      await expect401(`${h}.${forged}.${s}`, 'Invalid access token');
    });

    it('rejects a missing or malformed Authorization header', async () => {
      for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer' }]) {
        const res = await t.app.inject({ url: '/api/v1/auth/user', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          success: false,
          request_id: expect.any(String),
          error: 'Missing bearer token',
          code: 'UNAUTHORIZED',
        });
      }
    });
  });

  describe('browser sessions keep the refresh token in an httpOnly cookie', () => {
    it('sets the cookie instead of returning the token, and refreshes with it', async () => {
      const u = await signUpVerifiedUser(t);
      const res = await token('password', { email: u.email, password: u.password }, { 'x-session-cookie': '1' });
      expect(res.statusCode).toBe(200);
      expect(res.json().refresh_token).toBe('');
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^gr_refresh=[\w-]{43};/);
      expect(setCookie).toContain('Path=/api/v1/auth');
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Strict');
      expect(setCookie).toContain('Max-Age=2592000');
      const cookie = setCookie.split(';')[0] ?? '';

      const refreshed = await token('refresh_token', {}, { 'x-session-cookie': '1', cookie });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().refresh_token).toBe('');
      expect(String(refreshed.headers['set-cookie'])).not.toContain(cookie);

      // Without the header the cookie is ignored: a cross-site form cannot use it.
      const noHeader = await token('refresh_token', {}, { cookie });
      expect(noHeader.statusCode).toBe(400);
    });

    it('clears the cookie when its refresh fails', async () => {
      const res = await token('refresh_token', {}, { 'x-session-cookie': '1', cookie: 'gr_refresh=stale' });
      expect(res.statusCode).toBe(401);
      expect(String(res.headers['set-cookie'])).toMatch(/^gr_refresh=;.*Expires=Thu, 01 Jan 1970/);
    });
  });
});
