import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  linkToken,
  randomIp,
  type SignedUpUser,
  signIn,
  signUpVerifiedUser,
  uniqueEmail,
  waitForEmail,
} from '../../../test/factories';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { SECURITY_RATE_LIMITS } from './security-service';

/**
 * Two-factor sign-in (issue 15, decision 037) through HTTP: set-up with a QR code, the first code
 * turning it on, ten recovery codes shown once, the second step of a sign-in, and every way a
 * code can be wrong: not the code, an old one, one used already, a recovery code used twice.
 * Codes are made as an authenticator app makes them (otplib, from the secret the set-up answers).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STEP = 30;
/** The code an app shows `steps` steps from now (0: now, 1: the next step, -3: a minute and a half ago). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * STEP });
/** A 6-digit code that is none of the codes around now. */
async function wrongCodeFor(secret: string): Promise<string> {
  const near = new Set(await Promise.all([-1, 0, 1].map((s) => codeAt(secret, s))));
  let n = Number(await codeAt(secret));
  let code: string;
  do {
    n = (n + 1) % 1_000_000;
    code = String(n).padStart(6, '0');
  } while (near.has(code));
  return code;
}

const post = (url: string, token: string | null, payload: object, remoteAddress = randomIp()) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers: token ? bearer(token) : {} });

async function setUp(user: SignedUpUser): Promise<string> {
  const res = await post('/api/v1/auth/two-factor/setup', user.accessToken, { current_password: user.password });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.otpauth_uri).toBe(
    `otpauth://totp/GiftRelay:${encodeURIComponent(user.email)}?secret=${body.secret}&issuer=GiftRelay`,
  );
  expect(body.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(res.headers['cache-control']).toBe('no-store');
  return body.secret as string;
}

/** Two-factor sign-in turned on; answers the secret and the recovery codes. */
async function turnOn(user: SignedUpUser) {
  const secret = await setUp(user);
  const res = await post('/api/v1/auth/two-factor/enable', user.accessToken, { code: await codeAt(secret) });
  expect(res.statusCode, res.body).toBe(200);
  return { secret, recoveryCodes: res.json().recovery_codes as string[] };
}

const passwordStep = (user: SignedUpUser, remoteAddress = randomIp()) =>
  post('/api/v1/auth/token?grant_type=password', null, { email: user.email, password: user.password }, remoteAddress);

async function challenge(user: SignedUpUser): Promise<string> {
  const res = await passwordStep(user);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body).toEqual({
    success: true,
    two_factor_required: true,
    two_factor_token: expect.any(String),
    expires_in: 300,
  });
  expect(body.access_token).toBeUndefined();
  return body.two_factor_token;
}

const codeStep = (token: string, code: string, remoteAddress = randomIp()) =>
  post('/api/v1/auth/token?grant_type=two_factor', null, { two_factor_token: token, code }, remoteAddress);

describe(`two-factor sign-in (${TEST_DB})`, () => {
  it('is set up with a code from the app, then asked for after the password at every sign-in', async () => {
    const user = await signUpVerifiedUser(t);
    const before = await t.app.inject({ url: '/api/v1/auth/two-factor', headers: bearer(user.accessToken) });
    expect(before.json()).toEqual({
      success: true,
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required_by: [],
    });
    const secret = await setUp(user);
    // A set-up not finished changes nothing: the password alone still signs in.
    expect((await passwordStep(user)).json().access_token).toEqual(expect.any(String));

    const wrong = await post('/api/v1/auth/two-factor/enable', user.accessToken, { code: await wrongCodeFor(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_CODE');

    const on = await post('/api/v1/auth/two-factor/enable', user.accessToken, { code: await codeAt(secret) });
    expect(on.statusCode, on.body).toBe(200);
    const codes = on.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // Only hashes are kept: neither the codes nor the secret are in the database as written.
    const { rows } = await sql<{ secret: string; hashes: string }>`
      SELECT t.secret, (SELECT string_agg(encode(code_hash, 'hex'), ',') FROM user_recovery_codes WHERE user_id = t.user_id) AS hashes
      FROM user_two_factor t WHERE t.user_id = ${user.user.id}`.execute(t.app.db);
    expect(rows[0]?.secret).toMatch(/^v[12]\./);
    expect(rows[0]?.secret).not.toContain(secret);
    for (const c of codes) expect(rows[0]?.hashes).not.toContain(Buffer.from(c).toString('hex'));

    const status = await t.app.inject({ url: '/api/v1/auth/two-factor', headers: bearer(user.accessToken) });
    expect(status.json()).toMatchObject({ enabled: true, enabled_at: expect.any(String), recovery_codes_left: 10 });
    const email = await waitForEmail(t, user.email, /Two-factor sign-in is on/);
    expect(email.text).toContain('recovery codes');

    // Signing in: the password answers a challenge, the next code a session.
    const token = await challenge(user);
    const signedIn = await codeStep(token, await codeAt(secret, 1));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ access_token: expect.any(String), user: { email: user.email } });
    // The token is used up.
    const again = await codeStep(token, await codeAt(secret, 1));
    expect(again.statusCode).toBe(401);

    const audit = await t.app.inject({
      url: '/api/v1/audit-events?area=auth',
      headers: bearer(signedIn.json().access_token),
    });
    const actions = (audit.json().data as { action: string; detail: { method?: string } }[]).map((e) =>
      e.action === 'auth.signed_in' ? `${e.action}:${e.detail.method}` : e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['auth.two_factor_enabled', 'auth.signed_in:password+totp']));
  });

  it('turning it on ends every other session of the person, as a password change does', async () => {
    const user = await signUpVerifiedUser(t);
    const elsewhere = await signIn(t, user.email, user.password);
    const me = (token: string) => t.app.inject({ url: '/api/v1/auth/user', headers: bearer(token) });
    expect((await me(elsewhere.access_token)).statusCode).toBe(200);
    await turnOn(user);
    expect((await me(elsewhere.access_token)).statusCode).toBe(401);
    expect(
      (await post('/api/v1/auth/token?grant_type=refresh_token', null, { refresh_token: elsewhere.refresh_token }))
        .statusCode,
    ).toBe(401);
    // The session that turned it on goes on.
    expect((await me(user.accessToken)).statusCode).toBe(200);
  });

  it('refuses a wrong code, an expired one and one used already', async () => {
    const user = await signUpVerifiedUser(t);
    const { secret } = await turnOn(user);
    const token = await challenge(user);

    const wrong = await codeStep(token, await wrongCodeFor(secret));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE', details: [{ path: 'body.code' }] });
    // Two minutes old: past the one step either side that a clock may be off by.
    const expired = await codeStep(token, await codeAt(secret, -4));
    expect(expired.json().code).toBe('INVALID_CODE');
    // The code that turned it on was used: it cannot sign in, though it may still be "now".
    const used = await codeStep(token, await codeAt(secret, 0));
    expect(used.json().code).toBe('INVALID_CODE');
    // A code from the future beyond one step is not accepted either.
    expect((await codeStep(token, await codeAt(secret, 3))).json().code).toBe('INVALID_CODE');

    const next = await codeAt(secret, 1);
    expect((await codeStep(token, next)).statusCode).toBe(200);
    // The same code on a new challenge: replayed, refused.
    const token2 = await challenge(user);
    const replay = await codeStep(token2, next);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('INVALID_CODE');
  });

  it('takes each recovery code once, with or without its dash and in any case', async () => {
    const user = await signUpVerifiedUser(t);
    const { recoveryCodes } = await turnOn(user);
    const [first, second] = recoveryCodes as [string, string];
    const signedIn = await codeStep(await challenge(user), ` ${first.toUpperCase()} `);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const reused = await codeStep(await challenge(user), first);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_CODE');
    expect((await codeStep(await challenge(user), second.replace('-', ''))).statusCode).toBe(200);

    const status = await t.app.inject({ url: '/api/v1/auth/two-factor', headers: bearer(user.accessToken) });
    expect(status.json().recovery_codes_left).toBe(8);
    // Another person's recovery code is nobody's here.
    const other = await signUpVerifiedUser(t);
    const theirs = await turnOn(other);
    expect((await codeStep(await challenge(user), theirs.recoveryCodes[0] as string)).json().code).toBe('INVALID_CODE');
  });

  it('uses a sign-in token up after five wrong codes, and limits codes per account across tokens', async () => {
    const user = await signUpVerifiedUser(t);
    const { secret } = await turnOn(user);
    const token = await challenge(user);
    const wrong = await wrongCodeFor(secret);
    for (let i = 0; i < 5; i++) expect((await codeStep(token, wrong)).json().code).toBe('INVALID_CODE');
    // Even the right code is refused now: the password must be entered again.
    const ended = await codeStep(token, await codeAt(secret, 1));
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error).toMatch(/enter your password again/);

    // Across fresh tokens and addresses, the account's limit holds (6 codes tried so far, with enable's).
    const { limit } = SECURITY_RATE_LIMITS.codesPerAccount;
    let limited = false;
    for (let i = 0; i < limit && !limited; i++) {
      const res = await codeStep(await challenge(user), wrong);
      limited = res.statusCode === 429;
      if (!limited) expect(res.json().code).toBe('INVALID_CODE');
    }
    expect(limited).toBe(true);
    const right = await codeStep(await challenge(user), await codeAt(secret, 1));
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('RATE_LIMITED');
  });

  it('accepts one of two sign-ins racing with the same code', async () => {
    const user = await signUpVerifiedUser(t);
    const { secret } = await turnOn(user);
    const [a, b] = [await challenge(user), await challenge(user)];
    const code = await codeAt(secret, 1);
    const results = await Promise.all([codeStep(a, code), codeStep(b, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('new recovery codes replace the old; turning it off needs the password and a code', async () => {
    const user = await signUpVerifiedUser(t);
    const { secret, recoveryCodes } = await turnOn(user);
    const fresh = await post('/api/v1/auth/two-factor/recovery-codes', user.accessToken, {
      code: await codeAt(secret, 1),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const newCodes = fresh.json().recovery_codes as string[];
    expect(newCodes).toHaveLength(10);
    expect(newCodes).not.toContain(recoveryCodes[0]);
    expect((await codeStep(await challenge(user), recoveryCodes[0] as string)).json().code).toBe('INVALID_CODE');

    const wrongPassword = await post('/api/v1/auth/two-factor/disable', user.accessToken, {
      current_password: 'not-the-Password-1',
      code: newCodes[0],
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().code).toBe('INVALID_CREDENTIALS');
    const wrongCode = await post('/api/v1/auth/two-factor/disable', user.accessToken, {
      current_password: user.password,
      code: await wrongCodeFor(secret),
    });
    expect(wrongCode.json().code).toBe('INVALID_CODE');

    const off = await post('/api/v1/auth/two-factor/disable', user.accessToken, {
      current_password: user.password,
      code: newCodes[1],
    });
    expect(off.statusCode, off.body).toBe(200);
    await waitForEmail(t, user.email, /Two-factor sign-in was turned off/);
    // The password alone signs in again, and nothing of the old factor is left.
    expect((await passwordStep(user)).json().access_token).toEqual(expect.any(String));
    const { rows } = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM user_two_factor WHERE user_id = ${user.user.id})::int
           + (SELECT count(*) FROM user_recovery_codes WHERE user_id = ${user.user.id})::int AS n`.execute(t.app.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('an old verification link does not sign in past the second factor', async () => {
    const email = uniqueEmail('old-link');
    const ip = randomIp();
    await post('/api/v1/auth/signup', null, { email, password: 'violet-Harbour-42' }, ip);
    const verifyToken = linkToken(await waitForEmail(t, email, /verify/i), '/verify/');
    // The address is verified by a reset link instead, leaving the first link unused.
    await post('/api/v1/auth/recover', null, { email }, ip);
    const resetToken = linkToken(await waitForEmail(t, email, /reset/i), '/reset-password/');
    expect(
      (await post('/api/v1/auth/reset-password', null, { token: resetToken, password: 'new-Lighthouse-9' }, ip))
        .statusCode,
    ).toBe(200);
    const session = await signIn(t, email, 'new-Lighthouse-9');
    const user = { accessToken: session.access_token, email, password: 'new-Lighthouse-9' } as SignedUpUser;
    await turnOn(user);
    const res = await post('/api/v1/auth/verify', null, { token: verifyToken }, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_LINK');
    expect(res.body).not.toContain('access_token');
  });

  it('refuses bad input with clear codes, and a second set-up while it is on', async () => {
    const user = await signUpVerifiedUser(t);
    const badPassword = await post('/api/v1/auth/two-factor/setup', user.accessToken, {
      current_password: 'nope-Nope-1',
    });
    expect(badPassword.json().code).toBe('INVALID_CREDENTIALS');
    const nothingPending = await post('/api/v1/auth/two-factor/enable', user.accessToken, { code: '123456' });
    expect(nothingPending.statusCode).toBe(409);
    for (const code of ['12345', '1234567', 'abcdef', '12 34 5x', '\u0000123456', 42, null, 'x'.repeat(100)]) {
      const res = await post('/api/v1/auth/two-factor/enable', user.accessToken, { code });
      expect(res.statusCode, JSON.stringify(code)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    for (const body of [
      {},
      { two_factor_token: 'x' },
      { two_factor_token: 'not a token!', code: '123456' },
      { two_factor_token: 'a'.repeat(43), code: 'no' },
    ]) {
      const res = await post('/api/v1/auth/token?grant_type=two_factor', null, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const forged = await codeStep('a'.repeat(43), '123456');
    expect(forged.statusCode).toBe(401);

    const { secret } = await turnOn(user);
    const twice = await post('/api/v1/auth/two-factor/setup', user.accessToken, { current_password: user.password });
    expect(twice.statusCode).toBe(409);
    // The secret in use did not change.
    expect((await codeStep(await challenge(user), await codeAt(secret, 1))).statusCode).toBe(200);
  });
});

describe(`organisations requiring two-factor sign-in of owners (${TEST_DB})`, () => {
  const patch = (token: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/organisation', payload, headers: bearer(token) });

  it('can be required only once every owner has it; then it cannot be turned off, nor an owner made without it', async () => {
    const owner = await signUpVerifiedUser(t);
    const refused = await patch(owner.accessToken, { owners_need_two_factor: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain(owner.email);

    const { secret } = await turnOn(owner);
    const on = await patch(owner.accessToken, { owners_need_two_factor: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().owners_need_two_factor).toBe(true);

    const status = await t.app.inject({ url: '/api/v1/auth/two-factor', headers: bearer(owner.accessToken) });
    expect(status.json().required_by).toEqual([{ id: owner.organisationId, name: expect.any(String) }]);
    const off = await post('/api/v1/auth/two-factor/disable', owner.accessToken, {
      current_password: owner.password,
      code: await codeAt(secret, 1),
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toMatch(/requires two-factor sign-in of its owners/);

    // A member without it cannot be made owner here.
    const colleague = await signUpVerifiedUser(t);
    await sql`INSERT INTO memberships (user_id, organisation_id, role) VALUES (${colleague.user.id}, ${owner.organisationId}, 'admin')`.execute(
      t.app.db,
    );
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/members/${colleague.user.id}`,
      payload: { role: 'owner' },
      headers: bearer(owner.accessToken),
    });
    expect(promote.statusCode).toBe(409);
    expect(promote.json().error).toContain(colleague.email);
    const transfer = await post('/api/v1/members/transfer-ownership', owner.accessToken, {
      user_id: colleague.user.id,
    });
    expect(transfer.statusCode).toBe(409);
  });

  it('is changed by owners alone', async () => {
    const owner = await signUpVerifiedUser(t);
    const admin = await signUpVerifiedUser(t);
    await sql`INSERT INTO memberships (user_id, organisation_id, role) VALUES (${admin.user.id}, ${owner.organisationId}, 'admin')`.execute(
      t.app.db,
    );
    const switched = await post('/api/v1/auth/switch', admin.accessToken, { organisation_id: owner.organisationId });
    const res = await patch(switched.json().access_token, { owners_need_two_factor: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/Only an owner/);
    for (const value of ['yes', 1, null]) {
      expect((await patch(owner.accessToken, { owners_need_two_factor: value })).statusCode).toBe(400);
    }
  });
});
