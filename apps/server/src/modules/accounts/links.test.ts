import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  linkToken,
  randomIp,
  signIn,
  signUpCookie,
  signUpVerifiedUser,
  uniqueEmail,
  waitForEmail,
} from '../../../test/factories';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';

const PASSWORD = 'violet-Harbour-42';

describe(`emailed links: verification and password reset (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (
    url: string,
    payload: object,
    headers: Record<string, string> = {},
    cookies: Record<string, string> = {},
  ) => t.app.inject({ method: 'POST', url, payload, headers, cookies, remoteAddress: randomIp() });
  const passwordGrant = (email: string, password: string) =>
    post('/api/v1/auth/token?grant_type=password', { email, password });

  async function signUpUnverified() {
    const email = uniqueEmail('link');
    const res = await post('/api/v1/auth/signup', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    // The browser that signed up: its cookie lets its link verify with one click (decision 054).
    return { email, token: linkToken(await waitForEmail(t, email, /verify/i), '/verify/'), cookies: signUpCookie(res) };
  }

  const mailCount = async (to: string) =>
    ((await t.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(to)}` })).json().messages as unknown[]).length;

  describe('verification', () => {
    it('an unverified account cannot sign in until the link is used, and is told how to get a new one', async () => {
      const { email, token, cookies } = await signUpUnverified();
      const before = await passwordGrant(email, PASSWORD);
      expect(before.statusCode).toBe(403);
      expect(before.json()).toEqual({
        success: false,
        request_id: expect.any(String),
        code: 'EMAIL_NOT_CONFIRMED',
        error: 'Email not confirmed. Check your inbox for the verification link, or send a new one.',
      });

      const verify = await post('/api/v1/auth/verify', { token }, {}, cookies);
      expect(verify.statusCode).toBe(200);
      // Using the link signs the person in: the answer carries a session like a sign-in's.
      const verified = verify.json();
      expect(verified).toEqual({
        success: true,
        message: 'Your email is verified. You can sign in now.',
        email,
        session: {
          token_type: 'bearer',
          expires_in: 900,
          expires_at: expect.any(Number),
          access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
          refresh_token: expect.stringMatching(/^[\w-]{43}$/),
          first_sign_in: true,
          user: expect.objectContaining({ email, role: 'owner', email_confirmed_at: expect.any(String) }),
        },
      });
      const me = await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(verified.session.access_token) });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({ success: true, user: verified.session.user });
      expect((await passwordGrant(email, PASSWORD)).statusCode).toBe(200);
    });

    it('a wrong password on an unverified account reveals nothing', async () => {
      const { email } = await signUpUnverified();
      const res = await passwordGrant(email, 'not-the-Password-1');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
    });

    it('a link works once', async () => {
      const { token, cookies } = await signUpUnverified();
      expect((await post('/api/v1/auth/verify', { token }, {}, cookies)).statusCode).toBe(200);
      const again = await post('/api/v1/auth/verify', { token }, {}, cookies);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        success: false,
        request_id: expect.any(String),
        code: 'INVALID_LINK',
        error: 'This link has already been used.',
      });
    });

    it('an expired link is refused and leaves the account unverified', async () => {
      const { email, token, cookies } = await signUpUnverified();
      await t.database.db
        .updateTable('auth_email_tokens')
        .set({ expires_at: sql`now() - interval '1 second'` })
        .where('user_id', '=', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
        .execute();
      const res = await post('/api/v1/auth/verify', { token }, {}, cookies);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        request_id: expect.any(String),
        code: 'LINK_EXPIRED',
        error: 'This link has expired. Ask for a new one.',
      });
      expect((await passwordGrant(email, PASSWORD)).statusCode).toBe(403);
    });

    it('a link expires 24 hours after it was sent', async () => {
      const { email } = await signUpUnverified();
      const row = await t.database.db
        .selectFrom('auth_email_tokens')
        .innerJoin('users', 'users.id', 'auth_email_tokens.user_id')
        .select(
          sql<number>`extract(epoch FROM auth_email_tokens.expires_at - auth_email_tokens.created_at)::int`.as('s'),
        )
        .where('users.email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.s).toBe(24 * 3600);
    });

    it.each([
      ['a tampered token', { token: 'x'.repeat(43) }, 400, 'INVALID_LINK'],
      ['an empty token', { token: '' }, 400, 'VALIDATION_ERROR'],
      ['no token', {}, 400, 'VALIDATION_ERROR'],
      ['an over-long token', { token: 'x'.repeat(201) }, 400, 'VALIDATION_ERROR'],
    ])('refuses %s', async (_, payload, status, code) => {
      const res = await post('/api/v1/auth/verify', payload);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ success: false, code });
    });

    it('resend emails a new working link to an unverified account, and answers the same for any address', async () => {
      const { email, token: first, cookies } = await signUpUnverified();
      const res = await post('/api/v1/auth/resend', { email });
      expect(res.statusCode).toBe(200);
      const unknown = await post('/api/v1/auth/resend', { email: uniqueEmail('nobody') });
      expect(unknown.body).toBe(res.body);
      expect(res.json().message).toBe(
        'If that address has an account waiting for verification, a new link is on its way.',
      );
      await eventually(async () => (await mailCount(email)) === 2);
      const messages = (await t.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(email)}` })).json().messages;
      const second = linkToken(messages[0], '/verify/');
      expect(second).not.toBe(first);
      expect((await post('/api/v1/auth/verify', { token: second }, {}, cookies)).statusCode).toBe(200);
      // Verifying used up the older link too.
      expect((await post('/api/v1/auth/verify', { token: first }, {}, cookies)).json().code).toBe('INVALID_LINK');
    });

    it('resend sends nothing to an account that is already verified', async () => {
      const u = await signUpVerifiedUser(t);
      const before = await mailCount(u.email);
      expect((await post('/api/v1/auth/resend', { email: u.email })).statusCode).toBe(200);
      // An email queued after the resend has arrived, so the resend would have too (one worker, in order).
      await signUpUnverified();
      expect(await mailCount(u.email)).toBe(before);
    });

    it('resend validates the address', async () => {
      const res = await post('/api/v1/auth/resend', { email: 'nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    });
  });

  describe('password reset', () => {
    it('emails a single-use link that sets a new password and ends every session', async () => {
      const u = await signUpVerifiedUser(t);
      const second = await signIn(t, u.email, u.password);
      const res = await post('/api/v1/auth/recover', { email: u.email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'If that address has an account, a link to reset the password is on its way.',
      });
      const unknown = await post('/api/v1/auth/recover', { email: uniqueEmail('nobody') });
      expect(unknown.body).toBe(res.body);

      const mail = await waitForEmail(t, u.email, /reset/i);
      expect(mail.subject).toBe('Reset your GiftRelay password');
      const token = linkToken(mail, '/reset-password/');
      const reset = await post('/api/v1/auth/reset-password', { token, password: 'new-Lighthouse-9' });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().message).toBe('Your password has been changed. Sign in with the new one.');

      expect((await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(u.accessToken) })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(second.access_token) })).statusCode).toBe(
        401,
      );
      expect((await passwordGrant(u.email, u.password)).statusCode).toBe(400);
      expect((await passwordGrant(u.email, 'new-Lighthouse-9')).statusCode).toBe(200);
      await waitForEmail(t, u.email, /was changed/);

      const reuse = await post('/api/v1/auth/reset-password', { token, password: 'third-Lighthouse-9' });
      expect(reuse.json()).toMatchObject({ code: 'INVALID_LINK', error: 'This link has already been used.' });
    });

    it('refuses an expired link, a tampered one, a common password and a short one, changing nothing', async () => {
      const u = await signUpVerifiedUser(t);
      await post('/api/v1/auth/recover', { email: u.email });
      const token = linkToken(await waitForEmail(t, u.email, /reset/i), '/reset-password/');

      const weak = await post('/api/v1/auth/reset-password', { token, password: 'password1' });
      expect(weak.json().code).toBe('WEAK_PASSWORD');
      const short = await post('/api/v1/auth/reset-password', { token, password: 'abc' });
      expect(short.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringContaining('at least 6') });
      const tampered = await post('/api/v1/auth/reset-password', { token: `${token}x`, password: 'new-Lighthouse-9' });
      expect(tampered.json().code).toBe('INVALID_LINK');

      await t.database.db
        .updateTable('auth_email_tokens')
        .set({ expires_at: sql`now() - interval '1 second'` })
        .where('purpose', '=', 'reset_password')
        .execute();
      const expired = await post('/api/v1/auth/reset-password', { token, password: 'new-Lighthouse-9' });
      expect(expired.json().code).toBe('LINK_EXPIRED');
      expect((await passwordGrant(u.email, u.password)).statusCode).toBe(200);
    });

    it('a verification link cannot reset a password', async () => {
      const { token } = await signUpUnverified();
      const res = await post('/api/v1/auth/reset-password', { token, password: 'new-Lighthouse-9' });
      expect(res.json().code).toBe('INVALID_LINK');
    });
  });

  describe('changing the password while signed in', () => {
    it('needs the current password, and ends the other sessions but not this one', async () => {
      const u = await signUpVerifiedUser(t);
      const other = await signIn(t, u.email, u.password);
      const change = (payload: object) =>
        t.app.inject({ method: 'POST', url: '/api/v1/auth/password', headers: bearer(u.accessToken), payload });

      const wrong = await change({ current_password: 'nope-Nope-1', password: 'new-Lighthouse-9' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', error: 'The current password is not correct' });
      expect((await change({ current_password: u.password, password: 'letmein1' })).json().code).toBe('WEAK_PASSWORD');
      expect((await change({ current_password: u.password })).json().code).toBe('VALIDATION_ERROR');

      const ok = await change({ current_password: u.password, password: 'new-Lighthouse-9' });
      expect(ok.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(u.accessToken) })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/v1/auth/user', headers: bearer(other.access_token) })).statusCode).toBe(
        401,
      );
      expect((await passwordGrant(u.email, 'new-Lighthouse-9')).statusCode).toBe(200);
    });

    it('requires a session', async () => {
      const res = await post('/api/v1/auth/password', { current_password: 'a', password: 'new-Lighthouse-9' });
      expect(res.statusCode).toBe(401);
    });
  });
});
