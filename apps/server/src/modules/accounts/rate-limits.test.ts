import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp, signUpVerifiedUser, uniqueEmail } from '../../../test/factories';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers';
import { RATE_LIMITS } from './service';

describe(`rate limits on the auth endpoints (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress, headers });

  const expectLimited = (res: Awaited<ReturnType<typeof post>>, maxWaitSeconds: number) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Too many/),
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxWaitSeconds);
  };

  it('sign-in: failures per account from one address; an attacker elsewhere cannot lock the owner out', async () => {
    const u = await signUpVerifiedUser(t);
    const { limit, windowSeconds } = RATE_LIMITS.signInPerAccount;
    const attempt = (password: string, ip: string) =>
      post('/api/v1/auth/token?grant_type=password', { email: u.email, password }, ip);
    const attacker = randomIp();
    for (let i = 0; i < limit; i++) expect((await attempt('wrong-Pass-1', attacker)).statusCode).toBe(400);
    // From the attacker's address, even the right password is refused until the window passes.
    expectLimited(await attempt(u.password, attacker), windowSeconds);

    // The owner, from their own address, is not locked out; their successful sign-ins do not
    // count, so more of them than the limit leave every failure still to spend.
    const owner = randomIp();
    for (let i = 0; i <= limit; i++) expect((await attempt(u.password, owner)).statusCode).toBe(200);
    for (let i = 0; i < limit; i++) expect((await attempt('wrong-Pass-1', owner)).statusCode).toBe(400);
    expectLimited(await attempt('wrong-Pass-1', owner), windowSeconds);
    // Other accounts are unaffected.
    const other = await signUpVerifiedUser(t);
    expect(other.accessToken).toBeTruthy();
  });

  it('sign-in: failures from many addresses reach a ceiling per account, which never shuts out an address the owner used', async () => {
    const u = await signUpVerifiedUser(t);
    const attempt = (password: string, ip: string) =>
      post('/api/v1/auth/token?grant_type=password', { email: u.email, password }, ip);
    const home = randomIp();
    expect((await attempt(u.password, home)).statusCode).toBe(200);
    const { limit, windowSeconds } = RATE_LIMITS.signInFailuresPerAccount;
    const perAddress = RATE_LIMITS.signInPerAccount.limit;
    for (let done = 0; done < limit; ) {
      const ip = randomIp();
      for (let i = 0; i < perAddress && done < limit; i++, done++) {
        expect((await attempt('wrong-Pass-1', ip)).statusCode).toBe(400);
      }
    }
    // A new address is refused, even with the right password; the owner's usual one is not.
    expectLimited(await attempt(u.password, randomIp()), windowSeconds);
    expect((await attempt(u.password, home)).statusCode).toBe(200);
  });

  it('sign-in: a success does not take back a failure counted against the address', async () => {
    const ip = randomIp();
    const own = await signUpVerifiedUser(t);
    const { limit, windowSeconds } = RATE_LIMITS.signInPerIp;
    // Alternating a right password for one's own account with guesses at others' still reaches the limit.
    for (let i = 0; i < limit; i++) {
      const res =
        i % 2 === 0
          ? await post('/api/v1/auth/token?grant_type=password', { email: own.email, password: own.password }, ip)
          : await post(
              '/api/v1/auth/token?grant_type=password',
              { email: uniqueEmail('spray'), password: 'wrong-Pass-1' },
              ip,
            );
      expect(res.statusCode).toBe(i % 2 === 0 ? 200 : 400);
    }
    expectLimited(
      await post('/api/v1/auth/token?grant_type=password', { email: uniqueEmail('spray'), password: 'x-Pass-1' }, ip),
      windowSeconds,
    );
  });

  it('sign-in: per address, across accounts', async () => {
    const ip = randomIp();
    const { limit, windowSeconds } = RATE_LIMITS.signInPerIp;
    for (let i = 0; i < limit; i++) {
      const res = await post(
        '/api/v1/auth/token?grant_type=password',
        { email: uniqueEmail('spray'), password: 'wrong-Pass-1' },
        ip,
      );
      expect(res.statusCode).toBe(400);
    }
    expectLimited(
      await post('/api/v1/auth/token?grant_type=password', { email: uniqueEmail('spray'), password: 'x-Pass-1' }, ip),
      windowSeconds,
    );
    expect(
      (
        await post(
          '/api/v1/auth/token?grant_type=password',
          { email: uniqueEmail('spray'), password: 'x-Pass-1' },
          randomIp(),
        )
      ).statusCode,
    ).toBe(400);
  });

  it('sign-up: per address and per account, creating nothing when limited', async () => {
    const ip = randomIp();
    const perIp = RATE_LIMITS.signUpPerIp;
    for (let i = 0; i < perIp.limit; i++) {
      // Common passwords are refused after the limit is counted: cheap to send, still counted.
      expect(
        (await post('/api/v1/auth/signup', { email: uniqueEmail('bulk'), password: 'password' }, ip)).statusCode,
      ).toBe(400);
    }
    const email = uniqueEmail('limited');
    expectLimited(await post('/api/v1/auth/signup', { email, password: 'violet-Harbour-42' }, ip), perIp.windowSeconds);
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);

    const target = uniqueEmail('target');
    const perAccount = RATE_LIMITS.signUpPerAccount;
    for (let i = 0; i < perAccount.limit; i++) {
      expect(
        (await post('/api/v1/auth/signup', { email: target, password: 'violet-Harbour-42' }, randomIp())).statusCode,
      ).toBe(200);
    }
    expectLimited(
      await post('/api/v1/auth/signup', { email: target, password: 'violet-Harbour-42' }, randomIp()),
      perAccount.windowSeconds,
    );
  });

  it('resend and password reset: per account and per address', async () => {
    const email = uniqueEmail('resend');
    const resend = RATE_LIMITS.resendPerAccount;
    for (let i = 0; i < resend.limit; i++) {
      expect((await post('/api/v1/auth/resend', { email }, randomIp())).statusCode).toBe(200);
    }
    expectLimited(await post('/api/v1/auth/resend', { email }, randomIp()), resend.windowSeconds);

    const recover = RATE_LIMITS.recoverPerAccount;
    for (let i = 0; i < recover.limit; i++) {
      expect((await post('/api/v1/auth/recover', { email }, randomIp())).statusCode).toBe(200);
    }
    expectLimited(await post('/api/v1/auth/recover', { email }, randomIp()), recover.windowSeconds);

    const ip = randomIp();
    const recoverIp = RATE_LIMITS.recoverPerIp;
    for (let i = 0; i < recoverIp.limit; i++) {
      expect((await post('/api/v1/auth/recover', { email: uniqueEmail('r') }, ip)).statusCode).toBe(200);
    }
    expectLimited(await post('/api/v1/auth/recover', { email: uniqueEmail('r') }, ip), recoverIp.windowSeconds);
  });

  it('a new window starts once the old one has passed', async () => {
    const email = uniqueEmail('window');
    const { limit } = RATE_LIMITS.resendPerAccount;
    for (let i = 0; i <= limit; i++) await post('/api/v1/auth/resend', { email }, randomIp());
    expect((await post('/api/v1/auth/resend', { email }, randomIp())).statusCode).toBe(429);
    await t.database.db
      .updateTable('rate_limit_counters')
      .set({ window_ends_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await post('/api/v1/auth/resend', { email }, randomIp())).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says the proxy is trusted', async () => {
    const ip = randomIp();
    const { limit } = RATE_LIMITS.recoverPerIp;
    for (let i = 0; i < limit; i++) {
      await post('/api/v1/auth/recover', { email: uniqueEmail('f') }, ip, { 'x-forwarded-for': randomIp() });
    }
    // Spoofed forwarding headers did not spread the count over many addresses.
    expect((await post('/api/v1/auth/recover', { email: uniqueEmail('f') }, ip)).statusCode).toBe(429);

    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      for (let i = 0; i < limit; i++) {
        await proxied.app.inject({
          method: 'POST',
          url: '/api/v1/auth/recover',
          payload: { email: uniqueEmail('p') },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '203.0.113.7' },
        });
      }
      const send = (client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/v1/auth/recover',
          payload: { email: uniqueEmail('p') },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      expect((await send('203.0.113.7')).statusCode).toBe(429);
      expect((await send('203.0.113.8')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
