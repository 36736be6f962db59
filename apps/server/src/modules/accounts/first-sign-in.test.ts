import { SESSION_COOKIE_HEADER } from '@giftrelay/contracts/session-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, linkToken, randomIp, signIn, signUpCookie, uniqueEmail, waitForEmail } from '../../../test/factories';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'violet-Harbour-42';
const signUp = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: payload as object, remoteAddress: randomIp() });
// Each link is opened in the browser that signed up, with its sign-up cookie (decision 054).
const signUpBrowser = new Map<string, Record<string, string>>();
const verify = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify',
    payload: { token },
    headers,
    cookies: signUpBrowser.get(token) ?? {},
    remoteAddress: randomIp(),
  });

async function signedUp(plan?: unknown) {
  const email = uniqueEmail('plan');
  const res = await signUp(plan === undefined ? { email, password: PASSWORD } : { email, password: PASSWORD, plan });
  expect(res.statusCode).toBe(200);
  const token = linkToken(await waitForEmail(t, email, /verify/i), '/verify/');
  signUpBrowser.set(token, signUpCookie(res));
  return { email, token };
}

describe(`the plan chosen on /pricing is kept on the organisation (${TEST_DB})`, () => {
  it('sign-up with plan=growth stores Growth; /auth/user and every session show it', async () => {
    const { email, token } = await signedUp('growth');
    const verified = (await verify(token)).json();
    expect(verified.session.user.organisation.plan).toBe('growth');
    const session = await signIn(t, email, PASSWORD);
    expect(session.user.organisation.plan).toBe('growth');
    const me = await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(session.access_token) });
    expect(me.json().user.organisation.plan).toBe('growth');
    const row = await t.database.db
      .selectFrom('organisations')
      .select('plan')
      .where('id', '=', session.user.organisation.id)
      .executeTakeFirstOrThrow();
    expect(row.plan).toBe('growth');
  });

  it('a sign-up without a plan is on Starter', async () => {
    const { token } = await signedUp();
    expect((await verify(token)).json().session.user.organisation.plan).toBe('starter');
  });

  it.each([
    ['an unknown plan', 'platinum'],
    ['a number', 2],
    ['a NUL inside', 'growth\u0000'],
    ['a lone surrogate', 'gro\ud800wth'],
    ['a huge value', 'g'.repeat(100_000)],
  ])('%s is a 400 VALIDATION_ERROR and no account is created', async (_name, plan) => {
    const email = uniqueEmail('badplan');
    const res = await signUp({ email, password: PASSWORD, plan });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const users = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toEqual([]);
  });
});

describe(`verifying an email signs the person in (${TEST_DB})`, () => {
  it('answers a working session, its refresh token in the cookie when the browser asks; that is the first sign-in', async () => {
    const { email, token } = await signedUp();
    const res = await verify(token, { [SESSION_COOKIE_HEADER]: '1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      email,
      session: { token_type: 'bearer', refresh_token: '', first_sign_in: true, user: { email } },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = res.cookies.find((c) => c.name === 'gr_refresh');
    expect(cookie?.httpOnly).toBe(true);

    // The access token works, and the cookie refreshes the session like a sign-in's does.
    const me = await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(body.session.access_token) });
    expect(me.statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=refresh_token',
      headers: { [SESSION_COOKIE_HEADER]: '1' },
      cookies: { [cookie?.name ?? '']: cookie?.value ?? '' },
      payload: {},
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().first_sign_in).toBe(false);

    // Signing in with the password later is a return, not a first visit.
    expect((await signIn(t, email, PASSWORD)).first_sign_in).toBe(false);
  });

  it('without the cookie header the refresh token is in the body (API clients)', async () => {
    const { token } = await signedUp();
    const body = (await verify(token)).json();
    expect(body.session.refresh_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('a used link signs no one in', async () => {
    const { token } = await signedUp();
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_LINK' });
    expect(again.json().session).toBeUndefined();
  });

  it('a password sign-in is the first when the person never signed in (verified before this release)', async () => {
    const { email, token } = await signedUp();
    await verify(token);
    // As migration 0053 leaves an account verified but never signed in.
    await t.database.db.updateTable('users').set({ signed_in_at: null }).where('email', '=', email).execute();
    expect((await signIn(t, email, PASSWORD)).first_sign_in).toBe(true);
    expect((await signIn(t, email, PASSWORD)).first_sign_in).toBe(false);
  });
});
