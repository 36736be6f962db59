import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, randomIp, signUpCookie, uniqueEmail, waitForEmail } from '../../../test/factories';
import { createTestApp, eventually, TEST_DB, type TestApp } from '../../../test/helpers';

const signUp = (t: TestApp, payload: unknown, remoteAddress = randomIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: payload as object, remoteAddress });

describe(`POST /api/v1/auth/signup (${TEST_DB})`, () => {
  let t: TestApp;
  const hooked: { name: string; ownerCount: number }[] = [];
  beforeAll(async () => {
    // The production cost, which every other test file lowers (test/helpers.ts testConfig).
    t = await createTestApp({
      env: { PASSWORD_HASHING: 'standard' },
      beforeReady: (app) =>
        app.accounts.onOrganisationCreated(async (trx, organisation) => {
          if (organisation.name === 'Hook Fails') throw new Error('hook refused');
          // Runs inside the sign-up transaction: the owner's membership is visible to it.
          const owners = await trx
            .selectFrom('memberships')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('organisation_id', '=', organisation.id)
            .where('role', '=', 'owner')
            .executeTakeFirstOrThrow();
          hooked.push({ name: organisation.name, ownerCount: owners.n });
        }),
    });
  });
  afterAll(() => t.close());

  it('creates the user, an organisation named from the domain with the user as owner, and emails a verification link', async () => {
    const email = `Jane.${Date.now()}@Acme-Corp.example.COM`;
    const res = await signUp(t, { email, password: 'violet-Harbour-42' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Check your email to verify.' });

    const stored = email.toLowerCase();
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', stored)
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeNull();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.password_hash).not.toContain('violet');
    const membership = await t.database.db
      .selectFrom('memberships')
      .innerJoin('organisations', 'organisations.id', 'memberships.organisation_id')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(membership).toMatchObject({ role: 'owner', name: 'Example', sandbox: true, billing_currency: 'USD' });
    expect(hooked).toContainEqual({ name: 'Example', ownerCount: 1 });

    const mail = await waitForEmail(t, stored, /verify/i);
    expect(mail.subject).toBe('Verify your email for GiftRelay');
    expect(mail.from).toMatch(/^GiftRelay </);
    const token = linkToken(mail, '/verify/');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="http://localhost:3000/verify/${token}"`);
    expect(mail.text).toContain('expires in 24 hours');
    // Only the token's hash is stored.
    const tokens = await t.database.db.selectFrom('auth_email_tokens').select('token_hash').execute();
    expect(tokens.some((row) => Buffer.from(row.token_hash).toString('utf8').includes(token))).toBe(false);
  });

  it('answers a second sign-up with the same address exactly like a new one, and tells the owner by email', async () => {
    const email = uniqueEmail('twice');
    const first = await signUp(t, { email, password: 'violet-Harbour-42' });
    const verifyToken = linkToken(await waitForEmail(t, email, /verify/i), '/verify/');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify',
      payload: { token: verifyToken },
      cookies: signUpCookie(first),
    });

    const second = await signUp(t, { email: email.toUpperCase(), password: 'another-Secret-77' });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    // Its sign-up cookie looks like a new account's, and proves nothing (decision 054).
    const cookieShape = (res: typeof first) =>
      String(res.headers['set-cookie']).replace(/^gr_signup=[A-Za-z0-9_-]{43};/, 'gr_signup=…;');
    expect(cookieShape(second)).toBe(cookieShape(first));
    expect(cookieShape(first)).toMatch(/^gr_signup=…;/);
    const notice = await waitForEmail(t, email, /already have/i);
    expect(notice.subject).toBe('You already have a GiftRelay account');
    expect(notice.text).toContain('/forgot-password');
    const users = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    // The first password still works; the second changed nothing.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token?grant_type=password',
      payload: { email, password: 'violet-Harbour-42' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('sends a fresh verification link when the existing account is not verified yet', async () => {
    const email = uniqueEmail('unverified');
    await signUp(t, { email, password: 'violet-Harbour-42' });
    await waitForEmail(t, email, /verify/i);
    await signUp(t, { email, password: 'violet-Harbour-42' });
    const messages = await eventually(async () => {
      const res = await t.app.inject({ url: `/api/mailbox?to=${encodeURIComponent(email)}` });
      const list = res.json().messages as { subject: string }[];
      return list.length === 2 ? list : undefined;
    });
    expect(messages.every((m) => m.subject === 'Verify your email for GiftRelay')).toBe(true);
  });

  it('leaves nothing behind when an organisation-created hook fails', async () => {
    const email = uniqueEmail('rollback').replace('@example.com', '@hook-fails.test');
    const res = await signUp(t, { email, password: 'violet-Harbour-42' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      request_id: expect.any(String),
      error: 'Internal server error',
      code: 'INTERNAL_ERROR',
    });
    t.loggedErrors.length = 0;
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    expect(
      await t.database.db.selectFrom('organisations').select('id').where('name', '=', 'Hook Fails').execute(),
    ).toEqual([]);
    // No verification email was queued by the rolled-back transaction.
    const jobs = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = ${email}`.execute(
      t.database.db,
    );
    expect(jobs.rows[0]?.n).toBe(0);
  });

  it.each([
    [{ email: 'not-an-email', password: 'violet-Harbour-42' }, 'body.email', 'Invalid email address'],
    [{ email: '', password: 'violet-Harbour-42' }, 'body.email', 'Email is required'],
    [
      { email: `${'a'.repeat(250)}@example.com`, password: 'violet-Harbour-42' },
      'body.email',
      'Email must be at most 255 characters',
    ],
    [{ email: 'ok@example.com', password: 'short' }, 'body.password', 'Password must be at least 6 characters'],
    [{ email: 'ok@example.com', password: 'x'.repeat(1025) }, 'body.password', 'Password must be at most 1024'],
    [{ email: 'ok@example.com' }, 'body.password', 'Password is required'],
    [{ password: 'violet-Harbour-42' }, 'body.email', 'Email is required'],
    [{ email: 42, password: 'violet-Harbour-42' }, 'body.email', 'Email is required'],
  ])('rejects %o with VALIDATION_ERROR on %s', async (payload, path, message) => {
    const res = await signUp(t, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.details).toContainEqual({ path, message: expect.stringContaining(message) });
  });

  it.each(['password', 'qwerty123', 'Football', 'iloveyou'])('rejects the common password %s', async (password) => {
    const email = uniqueEmail('weak');
    const res = await signUp(t, { email, password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'WEAK_PASSWORD',
      error: 'This password is too common. Choose one that is harder to guess.',
    });
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  // Not on the common list, but guessed at once (zxcvbn-ts score 0): refused with the reason why.
  it.each([
    ['aaaaaaaa', /Repeated characters/],
    ['abcdefgh', /Common character sequences/],
    ['poiuytrewq', /similar to a commonly used password/],
  ])('rejects the very weak password %s, saying why', async (password, reason) => {
    const email = uniqueEmail('weak');
    const res = await signUp(t, { email, password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD', details: [{ path: 'body.password' }] });
    expect(res.json().error).toMatch(/^This password is too easy to guess\. /);
    expect(res.json().error).toMatch(reason);
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('rejects a password made of the address itself', async () => {
    const email = uniqueEmail('marguerite');
    const res = await signUp(t, { email, password: `${email.split('@')[0]}` });
    expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
    // A weak but not very weak password is the person's choice: the meter says so, the server takes it.
    expect((await signUp(t, { email, password: 'Password123_' })).statusCode).toBe(200);
  });

  it('rejects a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});
